/// `GetStack`'s reply for a settled stack, kept so that the event-loop thread can answer it without
/// entering the stack's actor (no task, no thread switch, no encoding).
///
/// A settled stack (idle: no transition running or being committed, nothing queued) changes only through
/// a call that changes it:
/// transitions start only from calls. So the service
/// - drops the cached replies and counts a change in flight when it dispatches such a call, on the
///   event-loop thread, before the call reaches the actor (`beginChange()`);
/// - counts it done once its work inside the actor has ended (`endChange()`);
/// - stores a reply only from inside the actor, in the same turn that took the snapshot, and only while
///   no change is in flight and the snapshot is settled (`store(_:includeScreens:)`).
///
/// Hence a cached reply always equals what the actor would answer now; a call dispatched after it was
/// stored has dropped it before any `GetStack` dispatched later can read it.
struct StackReadCache: Sendable {
    /// Changing calls dispatched on the stack whose work inside the actor has not ended.
    private(set) var changesInFlight = 0
    /// GetStack's parameters (`{"stack": …}`) as JSON text, without the screen objects.
    private var summary: [UInt8]?
    /// The same with `screenObjects` (`includeScreens: true`).
    private var detailed: [UInt8]?

    /// The cached reply parameters for `includeScreens`, or nil.
    func reply(includeScreens: Bool) -> [UInt8]? { includeScreens ? detailed : summary }

    /// A changing call was dispatched: drop the replies; none is stored until it has ended.
    mutating func beginChange() {
        changesInFlight += 1
        summary = nil
        detailed = nil
    }

    /// A changing call's work inside the actor has ended (whatever its outcome).
    mutating func endChange() {
        precondition(changesInFlight > 0, "a change ended that never began")
        changesInFlight -= 1
    }

    /// Keeps `parameters`, taken inside the actor from a settled stack, unless a change is in flight.
    mutating func store(_ parameters: [UInt8], includeScreens: Bool) {
        guard changesInFlight == 0 else { return }
        if includeScreens { detailed = parameters } else { summary = parameters }
    }
}
