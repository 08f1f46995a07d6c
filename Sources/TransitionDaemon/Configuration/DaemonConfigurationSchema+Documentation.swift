extension DaemonConfigurationSchema {
    /// The text of the shipped `etc/transitiond.conf`: a header, then every section with every key
    /// commented out at its default, each under its documentation.
    ///
    /// A test keeps the repository's file equal to this text, so the file always lists exactly the
    /// keys the daemon reads, with their real defaults.
    public static func documentedFile() -> String {
        var lines = header
        for section in sections {
            lines.append("")
            lines.append("[\(section)]")
            for (index, key) in keys.filter({ $0.section == section }).enumerated() {
                if index > 0 { lines.append("") }
                lines += key.documentation.map { "# \($0)" }
                lines.append("#\(key.name)=\(key.defaultText)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static let header = [
        "#  transitiond.conf: configuration of transitiond, the screen-transition daemon.",
        "#",
        "#  Every key below is commented out and shows its built-in default: the daemon needs no",
        "#  configuration file at all. To change a setting, prefer a drop-in file such as",
        "#  /etc/transitiond/transitiond.conf.d/50-local.conf holding the section header and the keys",
        "#  you change; drop-ins are read after this file, in the order of their names. A key set to",
        "#  nothing (Key=) goes back to its default. Unknown keys and bad values stop the daemon at start,",
        "#  and make a reload (SIGHUP, systemctl reload) keep the previous configuration; the error",
        "#  names the file and line.",
        "#",
        "#  See transitiond.conf(5) for details.",
    ]
}
