import SystemPrimitives
import TransitionCore
import TransitionEngine

/// What the service keeps with one stack, in the engine's registry beside its actor (a
/// `StackAttachment`): the gesture updates waiting to be applied, the client driving an interactive
/// transition, the last frame encoded for its subscribers and `GetStack`'s reply while it is settled.
///
/// Everything here is readable on the event-loop thread without entering the actor, so that lookups
/// and authorization cost a lock, not a hop.
final class StackRecord: StackAttachment {
    /// The stack's name.
    let name: String
    /// The engine's actor for the stack.
    let actor: StackActor
    /// Coalesced gesture updates and the driving client.
    let interaction = Locked(InteractionState())
    /// The last frame encoded for subscribers, shared by all of them.
    let frameCache = Locked(EncodedFrameCache())
    /// `GetStack`'s reply while the stack is settled, and the changes in flight that void it.
    let reads = Locked(StackReadCache())

    /// The record of the stack `actor` runs.
    init(actor: StackActor) {
        name = actor.id.rawValue
        self.actor = actor
    }

    /// The uid of the client that created the stack (0, root, for a stack from before stacks had owners).
    var ownerUid: UInt32 { actor.ownerUid }

    /// Whether the stack was deleted (or is being deleted), so its ending subscriptions say `stackDeleted`.
    var isDeleted: Bool { actor.isDeleted }

    /// The stack's id for the engine.
    var id: StackID { StackID(rawValue: name) }
}

/// The interactive side of a stack as the service sees it.
struct InteractionState: Sendable {
    /// The latest fraction sent oneway and not yet applied (the latest wins: gesture updates coalesce).
    var pendingFraction: Double?
    /// Pointer samples sent oneway and not yet applied, oldest first. All are kept, not only the latest,
    /// because the velocity at release is estimated from them; at most `maximumPendingSamples`.
    var pendingSamples: [PointerSample] = []
    /// The stack waits in the service's `GestureMailbox` for its pending input to be applied.
    var inMailbox = false
    /// The connection that began the interactive transition, and what to do if it goes away.
    var driver: InteractionDriver?
}

extension InteractionState {
    /// The most pointer samples kept waiting: more than the velocity estimate reads
    /// (`PointerVelocityEstimator.maximumSamples`); when more arrive before the stack's turn, the oldest go.
    static let maximumPendingSamples = 32
}

/// The connection driving an interactive transition.
struct InteractionDriver: Sendable, Equatable {
    /// The Varlink connection that called `BeginInteractive` (or took the gesture over).
    var connectionID: UInt64
    /// Its process, for the error that refuses another connection.
    var pid: Int32
    /// The transition it began.
    var transition: TransitionID
    /// What happens if the connection closes before the gesture ends.
    var rule: DisconnectRule
}

/// How a call that moves or ends a gesture stands toward its driver.
enum DriverStanding: Sendable {
    /// Its connection drives the gesture, or nobody does.
    case driving
    /// Root or the control group, taking the gesture over from `from`.
    case takingOver(from: InteractionDriver)
}

/// What happens to an interactive transition whose driving client disconnects (the IDL's
/// `DisconnectRule`).
enum DisconnectRule: String, Sendable {
    /// Animate back to the start; the stack stays as it was.
    case cancel
    /// Animate to the end and commit.
    case finish
}

/// The last frame a stack's subscribers were sent and its JSON text: subscribers of one stack receive the
/// same frame on each tick, so it is encoded once.
struct EncodedFrameCache: Sendable {
    var frame: Frame?
    var bytes: [UInt8] = []

    /// The frame's JSON form, from the cache when the frame is the one encoded last.
    ///
    /// `Frame`'s `==` is cheap for copies of one value: arrays compare their storage identity first.
    mutating func json(of frame: Frame) -> [UInt8] {
        if let cached = self.frame, cached == frame { return bytes }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count)
        frame.appendJSON(into: &encoded)
        self.frame = frame
        bytes = encoded
        return encoded
    }
}
