import TransitionClient

/// The sentences `transitionctl` prints about an operation's result and its transition's end.
public enum OperationResultText {
    /// What the daemon did with the operation, as one sentence.
    public static func sentence(_ result: OperationResult, stack: String) -> String {
        let id = result.transitionId
        switch result.outcome {
        case .started:
            return "Transition \(id) of stack \(stack) started."
        case .queued:
            return "Queued as transition \(id) of stack \(stack), position \(result.queuePosition)."
        case .retargeted:
            return "Reversed transition \(id) of stack \(stack); it ends cancelled."
        case .completed:
            return "Stack \(stack) changed at once."
        case .unchanged:
            return "Nothing to do: stack \(stack) already shows that."
        default:
            return "Stack \(stack): \(result.outcome) (transition \(id))."
        }
    }

    /// The word for an ending in JSON output: `completed`, `cancelled`, `failed`, `stackDeleted`.
    public static func word(_ ending: TransitionWaiter.Ending) -> String {
        switch ending {
        case .completed: return "completed"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        case .stackDeleted: return "stackDeleted"
        }
    }
}
