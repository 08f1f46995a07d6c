import Foundation
import Testing
import TransitionTestSupport

/// scripts/install into a temporary DESTDIR, with stand-in binaries (the real ones are built by the
/// script itself when no --binaries is given), then systemd's own tools on the result: sysusers,
/// the catalog compiler, `systemd-analyze verify` and `security`.
@Suite(.serialized) struct InstallScriptTests {
    private static let script = RepositoryFiles.path("scripts/install")
    private static let hasSystemdTools = FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze")

    /// Installs with `prefix` into a fresh DESTDIR and returns it, with the stand-in binaries' directory.
    private func install(prefix: String, into destination: TemporaryDirectory? = nil) throws -> TemporaryDirectory {
        let binaries = try TemporaryDirectory()
        defer { binaries.remove() }
        for program in ["transitiond", "transitionctl"] {
            let path = try binaries.write(program, "#!/bin/sh\necho \(program)\n")
            chmod(path, 0o755)
        }
        let destination = try destination ?? TemporaryDirectory()
        let result = try ChildProcess.run([
            Self.script, "--destdir", destination.path, "--prefix", prefix, "--binaries", binaries.path,
            "--no-post-install",
        ])
        #expect(result.status == 0, "\(result.errors)")
        return destination
    }

    @Test func everythingLandsInItsPlace() throws {
        let root = try install(prefix: "/usr")
        defer { root.remove() }
        let expected: [(String, mode_t)] = [
            ("usr/bin/transitiond", 0o755), ("usr/bin/transitionctl", 0o755),
            ("usr/lib/systemd/system/transitiond.service", 0o644), ("usr/lib/systemd/system/transitiond.socket", 0o644),
            ("usr/lib/systemd/system/transitiond@.service", 0o644),
            ("usr/lib/systemd/system/transitiond@.socket", 0o644), ("usr/lib/sysusers.d/transitiond.conf", 0o644),
            ("usr/lib/systemd/catalog/transitiond.catalog", 0o644), ("usr/share/man/man8/transitiond.8", 0o644),
            ("usr/share/man/man5/transitiond.conf.5", 0o644), ("usr/share/man/man1/transitionctl.1", 0o644),
            ("etc/transitiond/transitiond.conf", 0o644), ("etc/transitiond/animators/crossZoom.json", 0o644),
            ("etc/transitiond/animators/sheet.json", 0o644),
        ]
        for (path, mode) in expected {
            var status = stat()
            #expect(stat(root.file(path), &status) == 0, "\(path) missing")
            #expect(status.st_mode & 0o777 == mode, "\(path) has mode \(String(status.st_mode & 0o777, radix: 8))")
        }
        let service = try #require(TextFile.read(root.file("usr/lib/systemd/system/transitiond.service")))
        #expect(service.contains("\nExecStart=/usr/bin/transitiond\n"))
        #expect(
            TextFile.read(root.file("etc/transitiond/transitiond.conf"))
                == TextFile.read(RepositoryFiles.path("etc/transitiond.conf")))
    }

    @Test func unitsPointIntoThePrefixAndLocalConfigurationIsKept() throws {
        let root = try install(prefix: "/usr/local")
        defer { root.remove() }
        let template = try #require(TextFile.read(root.file("usr/local/lib/systemd/system/transitiond@.service")))
        #expect(template.contains("\nExecStart=/usr/local/bin/transitiond --instance=%i\n"))
        #expect(!template.contains("/usr/bin/transitiond"))
        // An administrator's change survives a reinstall; the shipped file lands beside it.
        let configuration = root.file("etc/transitiond/transitiond.conf")
        try "[Daemon]\nFrameRate=120\n".write(toFile: configuration, atomically: false, encoding: .utf8)
        _ = try install(prefix: "/usr/local", into: root)
        #expect(TextFile.read(configuration) == "[Daemon]\nFrameRate=120\n")
        #expect(TextFile.read(configuration + ".new") == TextFile.read(RepositoryFiles.path("etc/transitiond.conf")))
    }

    @Test(.enabled(if: hasSystemdTools))
    func systemdAcceptsTheInstalledFiles() throws {
        let root = try install(prefix: "/usr")
        defer { root.remove() }
        // sysusers.d: the socket's group is created in the root's /etc/group.
        let sysusers = try ChildProcess.run(["systemd-sysusers", "--root=\(root.path)"])
        #expect(sysusers.status == 0, "\(sysusers.errors)")
        #expect(
            TextFile.read(root.file("etc/group"))?.split(separator: "\n").contains { $0.hasPrefix("transitiond:x:") }
                == true)
        // The catalog compiles.
        let catalog = try ChildProcess.run(["journalctl", "--root=\(root.path)", "--update-catalog"])
        #expect(catalog.status == 0, "\(catalog.errors)")
        #expect(FileManager.default.fileExists(atPath: root.file("var/lib/systemd/catalog/database")))
    }

    /// Exposure 0.5 or lower, as `systemd-analyze security --offline=true --threshold=5` checks it
    /// (the threshold is in tenths). The units score 0.4: 0.2 of it is `PrivateUsers=`, which they leave
    /// off so that client uids are exact and stacks are owned per user (docs/systemd.md, "Access
    /// control").
    @Test(.enabled(if: hasSystemdTools), arguments: ["transitiond.service", "transitiond@seat0.service"])
    func exposureIsAtMostPointFive(unit: String) throws {
        let root = try install(prefix: "/usr")
        defer { root.remove() }
        let result = try ChildProcess.run([
            "systemd-analyze", "security", "--offline=true", "--no-pager", "--threshold=5", "--root=\(root.path)", unit,
        ])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("Overall exposure level for \(unit): 0.4"))
        #expect(
            result.output.split(separator: "\n").contains {
                $0.hasPrefix("✗ PrivateUsers=") && $0.hasSuffix("0.2")
            }, "PrivateUsers= is set, or no longer costs 0.2")
    }

    /// `systemd-analyze verify` prints nothing (it exits 0 even for misspelt keys, so its output is what
    /// counts). It checks that ExecStart= exists and that `man` finds the Documentation= pages, so the
    /// installed units are checked with ExecStart= pointing into the staging root and MANPATH set there.
    @Test(.enabled(if: hasSystemdTools && FileManager.default.isExecutableFile(atPath: "/usr/bin/man")))
    func verifyPrintsNothing() throws {
        let root = try install(prefix: "/usr")
        defer { root.remove() }
        let units = try TemporaryDirectory()
        defer { units.remove() }
        for unit in ["transitiond.service", "transitiond.socket", "transitiond@.service", "transitiond@.socket"] {
            let text = try #require(TextFile.read(root.file("usr/lib/systemd/system/\(unit)")))
            try units.write(
                unit, text.replacingOccurrences(of: "/usr/bin/transitiond", with: root.file("usr/bin/transitiond")))
        }
        symlink("transitiond@.service", units.file("transitiond@seat0.service"))
        symlink("transitiond@.socket", units.file("transitiond@seat0.socket"))
        let paths = [
            "transitiond.service", "transitiond.socket", "transitiond@seat0.service", "transitiond@seat0.socket",
        ]
        .map(units.file)
        var environment = TestProcessEnvironment.forChildren
        environment["MANPATH"] = root.file("usr/share/man")
        let result = try ChildProcess.run(
            ["systemd-analyze", "verify"] + paths, environment: ChildProcess.environment(environment))
        #expect(result.status == 0)
        #expect(result.output + result.errors == "")
    }

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")),
        arguments: ["docs/man/transitiond.8", "docs/man/transitiond.conf.5"])
    func manPagesRenderWithoutWarnings(page: String) throws {
        let result = try ChildProcess.run(["groff", "-ww", "-man", "-Tutf8", RepositoryFiles.path(page)])
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output.split(separator: "\n").count > 50)
    }
}
