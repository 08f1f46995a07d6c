import TransitionTestSupport

/// `Scripts/web_page.py`, which drives headless Chromium through selenium: one scenario on one URL.
enum WebPageScript {
    /// Starts `scenario` on `url` with the browser's profile and files in `directory`, and `arguments` after
    /// them; the caller reads its lines or waits for it to finish.
    static func start(
        url: String, scenario: String, directory: TemporaryDirectory, arguments: [String] = []
    ) throws -> ChildProcess {
        try ChildProcess(
            executable: ChildProcess.find(["python3"]) ?? "/usr/bin/python3",
            arguments: [
                RepositoryFiles.path("Tests/TransitionControlTests/Scripts/web_page.py"), url, scenario,
                directory.path,
            ] + arguments,
            environment: ["PATH=\(ChildProcess.searchPath)", "HOME=\(directory.path)", "LC_ALL=C"])
    }
}
