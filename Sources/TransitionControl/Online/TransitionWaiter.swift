import JSON
import Synchronization
import TransitionClient

/// Waits for the end of the transition an operation started (`--wait`): subscribes to the stack's events
/// before the call, so that no event can be missed, then reads them until the operation's transition
/// completes, is cancelled, or is dropped.
///
/// Use it from one thread; only ``interrupt()`` may be called from another (a signal's thread).
public final class TransitionWaiter: @unchecked Sendable {
    /// How the awaited transition ended.
    public enum Ending: Sendable, Equatable {
        /// It completed (or, for a retargeting operation, the transition it reversed was cancelled, which
        /// is what the operation asked for).
        case completed
        /// It was cancelled: reversed, or undone by another client's operation.
        case cancelled
        /// It never ran: a queued operation that was impossible by its turn; the daemon's error name and
        /// message.
        case failed(error: String, message: String)
        /// The stack was deleted first.
        case stackDeleted
    }

    /// The stack watched.
    public let stack: String
    private let subscription: TransitionSubscription

    /// Subscribes to the events of `stack` and returns once the daemon confirmed the subscription.
    ///
    /// - Throws: ``CommandError`` for a stack that does not exist or a failed connection.
    public init(connection: DaemonConnection, stack: String) throws(CommandError) {
        self.stack = stack
        let action = "subscribe to stack \(stack)"
        do throws(TransitionClientError) {
            subscription = try connection.client.subscribe(stack: stack, frames: false)
            // The first reply is the current frame: from then on, events are complete.
            guard try subscription.next() != nil else {
                throw TransitionClientError(code: .connectionFailed, message: "The subscription ended at once.")
            }
        } catch {
            throw DaemonConnection.failure(error, action: action)
        }
    }

    deinit { subscription.cancel() }

    private let interrupted = Atomic<Bool>(false)

    /// Ends a wait in progress from another thread (a signal): ``waitForEnd(of:)`` then throws.
    public func interrupt() {
        interrupted.store(true, ordering: .sequentiallyConsistent)
        subscription.cancel()
    }

    /// Reads events until the transition of `result` ends; nil when nothing had to run (the operation
    /// completed at once or changed nothing).
    ///
    /// - Throws: ``CommandError`` `connectionFailed` when the stream ends first (the daemon stopped).
    public func wait(for result: OperationResult) throws(CommandError) -> Ending? {
        switch result.outcome {
        case .started, .queued, .retargeted: break
        default: return nil
        }
        let ending = try waitForEnd(of: result.transitionId)
        return result.outcome == .retargeted && ending == .cancelled ? .completed : ending
    }

    /// Reads events until the transition `id` completes, is cancelled or is dropped, or the stack is
    /// deleted.
    ///
    /// - Throws: ``CommandError`` `connectionFailed` when the stream ends first (the daemon stopped), or
    ///   `failed` when interrupted (SIGINT, SIGTERM).
    public func waitForEnd(of id: UInt64) throws(CommandError) -> Ending {
        let action = "wait for transition \(id) of stack \(stack)"
        do throws(TransitionClientError) {
            while let item = try subscription.next() {
                guard case .event(let event) = item else { continue }
                if event.kind == "stackDeleted" { return .stackDeleted }
                guard event.transitionId == id else { continue }
                switch event.kind {
                case "completed":
                    return .completed
                case "cancelled":
                    return .cancelled
                case "operationFailed":
                    return .failed(
                        error: event.error?.error ?? "io.transitiond.OperationFailed",
                        message: event.error?.message ?? "The queued operation could not run.")
                default:
                    continue
                }
            }
        } catch {
            throw DaemonConnection.failure(error, action: action)
        }
        if interrupted.load(ordering: .sequentiallyConsistent) {
            throw CommandError(.failed, "Interrupted while waiting for transition \(id) of stack \(stack)")
        }
        throw CommandError(.connectionFailed, "Failed to \(action): the daemon ended the stream")
    }
}
