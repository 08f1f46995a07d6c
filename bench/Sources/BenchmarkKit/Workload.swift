/// Code to time: runs its operation `repetitions × operationsPerRepetition` times and returns a value
/// that depends on every result, so the optimizer cannot drop the work (the context feeds it to a sink).
public struct Workload {
    /// Who does the work, as the table names it ("TransitionCore", "C -O2").
    public let name: String
    /// Operations done per repetition (for instance the length of the input sweep).
    public let operationsPerRepetition: Int
    /// Runs the given number of repetitions.
    public let body: (_ repetitions: Int) -> Double

    /// Creates a workload; `operationsPerRepetition` must be at least 1.
    public init(name: String, operationsPerRepetition: Int, body: @escaping (_ repetitions: Int) -> Double) {
        precondition(operationsPerRepetition >= 1, "a workload does at least one operation per repetition")
        self.name = name
        self.operationsPerRepetition = operationsPerRepetition
        self.body = body
    }
}
