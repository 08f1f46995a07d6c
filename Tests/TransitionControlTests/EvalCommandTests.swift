import Testing
import TransitionControl

/// `transitionctl eval` in-process: one reply line per request line, bad lines do not stop it.
@Suite("eval command")
struct EvalCommandTests {
    @Test func answersEveryLineAndContinuesPastErrors() async {
        let input = [
            #"{"kind":"bezier","p":[0.42,0,0.58,1],"x":0.5}"#,
            "not json",
            #"{"kind":"unknown"}"#,
            "",
            #"{"kind":"bezier","p":[0,0,1],"x":0.5}"#,
            #"{"kind":"transform","op":"build","steps":[{"scale":[1e308,1,1]},{"scale":[1e308,1,1]}]}"#,
            #"{"kind":"keyframe","mode":"linear","values":[[0],[10]],"keyTimes":null,"t":0.5}"#,
        ].joined(separator: "\r\n")
        let run = await ToolRun.transitionctl(["eval"], input: input)
        #expect(run.status == .success)
        #expect(run.errors.isEmpty)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 8)
        #expect(lines.last == "")
        #expect(lines[0] == "0.5")
        #expect(lines[1].hasPrefix(#"{"error":"the line is not JSON"#))
        #expect(lines[2].hasPrefix(#"{"error":"kind: unknown kind \"unknown\""#))
        #expect(lines[3].hasPrefix(#"{"error":"the line is not JSON: unexpectedEnd"#))
        #expect(lines[4] == #"{"error":"p: expected an array of 4 numbers, got 3 elements"}"#)
        #expect(lines[5].hasPrefix(#"{"error":"steps[1]: the matrix is no longer finite"#))
        #expect(lines[6] == "[5]")
        #expect(!run.output.contains("nan") && !run.output.contains("inf"))
    }

    @Test func emptyInputGivesNoOutput() async {
        let run = await ToolRun.transitionctl(["eval"], input: "")
        #expect(run.status == .success)
        #expect(run.output.isEmpty)
    }

    @Test func anOverlongLineGetsOneErrorAndTheNextLineIsAnswered() async {
        let long = "[" + String(repeating: "0,", count: Evaluator.maximumLineBytes / 2) + "0]"
        let run = await ToolRun.transitionctl(
            ["eval"], input: long + "\n" + #"{"kind":"bezier","p":[0,0,1,1],"x":1}"# + "\n")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"error":"the line has \#(long.utf8.count) bytes"#) == true)
        #expect(lines.last == "1")
    }

    @Test func numbersUseTheShortestRoundTripForm() async {
        let run = await ToolRun.transitionctl(
            ["eval"], input: #"{"kind":"spring","mass":1,"stiffness":100,"damping":10,"v0":0,"t":0.1}"# + "\n")
        // Swift's shortest representation of each Double, as JSONWriter.appendNumber writes it.
        #expect(run.output == "[0.34029984660829826,5.335071951146929]\n")
    }
}
