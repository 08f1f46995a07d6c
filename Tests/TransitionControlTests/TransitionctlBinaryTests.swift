import Testing
import TransitionTestSupport

/// The built `transitionctl` executable, run as a child process with a pinned environment.
@Suite("transitionctl binary")
struct TransitionctlBinaryTests {
    static let environment = ["COLUMNS=80", "LC_ALL=C", "PATH=/usr/bin:/bin"]

    func start(_ arguments: [String], directory: String? = nil) throws -> ChildProcess? {
        guard let executable = BuiltProducts.transitionctl else {
            Issue.record(Comment(rawValue: BuiltProducts.missingMessage))
            return nil
        }
        return try ChildProcess(
            executable: executable, arguments: arguments, directory: directory, environment: Self.environment)
    }

    @Test func evalAnswersLinesFromStandardInput() async throws {
        guard let child = try start(["eval"]) else { return }
        try child.send(
            [
                #"{"kind":"bezier","p":[0.42,0,0.58,1],"x":0.5}"#,
                #"{"kind":"spring","mass":1,"stiffness":100,"damping":10,"v0":0,"t":0}"#,
                "garbage",
                #"{"kind":"transform","op":"build","steps":[{"translate":[10,20,0]},{"scale":[2,3,1]}]}"#,
                #"{"kind":"keyframe","mode":"paced","values":[[0,0],[3,4],[12,16]],"t":0.25}"#,
                #"{"kind":"spring_uikit","duration":0.5,"dampingRatio":0.8,"velocity":0,"t":0.5}"#,
            ].joined(separator: "\n") + "\n")
        let result = await child.finish()
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        guard lines.count == 6 else { return }
        #expect(lines[0] == "0.5")
        #expect(lines[1] == "[0,0]")
        #expect(lines[2].hasPrefix(#"{"error":"the line is not JSON"#))
        #expect(lines[3] == "[2,0,0,0,0,3,0,0,0,0,1,0,10,20,0,1]")
        #expect(lines[4] == "[3,4]")
        #expect(lines[5] == "[1,0]")
    }

    @Test func evalRepliesBeforeTheNextRequestArrives() async throws {
        // A peer that writes one request and waits must get its reply: the tool flushes before it
        // blocks reading.
        guard let child = try start(["eval"]) else { return }
        try child.send(#"{"kind":"bezier","p":[0,0,1,1],"x":0}"# + "\n")
        #expect(child.readOutputLine() == "0")
        try child.send(#"{"kind":"bezier","p":[0,0,1,1],"x":1}"# + "\n")
        #expect(child.readOutputLine() == "1")
        #expect(await child.finish().status == 0)
    }

    @Test func readmeRenderCommandWorksFromTheRepositoryRoot() async throws {
        guard let child = try start(SeedFiles.readmeArguments, directory: RepositoryFiles.root()) else { return }
        let result = await child.finish()
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        GoldenFile.check(result.output, named: "render-readme-zoom-push")
    }

    @Test func usageErrorsExitWithTwoAndFailuresWithOne() async throws {
        guard let usage = try start(["render", "--size", "375"]) else { return }
        let usageResult = await usage.finish()
        #expect(usageResult.status == 2)
        #expect(usageResult.output.isEmpty)
        #expect(usageResult.errors.hasPrefix("transitionctl: "))
        var arguments = SeedFiles.readmeArguments
        arguments[arguments.firstIndex(of: "--from")! + 1] = "missing.json"
        guard let failure = try start(arguments, directory: RepositoryFiles.root()) else { return }
        let failureResult = await failure.finish()
        #expect(failureResult.status == 1)
        #expect(failureResult.errors == "transitionctl: --from: cannot open missing.json: No such file or directory\n")
    }

    @Test func versionAndHelp() async throws {
        guard let version = try start(["--version"]) else { return }
        let versionResult = await version.finish()
        #expect(versionResult.status == 0)
        #expect(versionResult.output.hasPrefix("transitionctl "))
        guard let help = try start(["--help"]) else { return }
        let helpResult = await help.finish()
        #expect(helpResult.status == 0)
        GoldenFile.check(helpResult.output, named: "help-transitionctl")
    }
}
