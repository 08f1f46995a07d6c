import JSON
import SystemPrimitives
import TransitionCore
import TransitionEngine
import Varlink

/// The `io.transitiond` interface over a `TransitionEngine`: every call goes through decode, validate,
/// authorize, then the engine, in that order, and a rejected call changes nothing.
///
/// Threading. Handlers run on the Varlink server's event-loop thread. Decoding, validation, lookups and
/// authorization happen there, synchronously (a lock each, no hop). Work on a stack then runs in one
/// task that enters the stack's actor once, carries out the call there and replies; cheap calls that
/// need no actor reply on the loop thread: `ListAnimators`, and `GetStack` of a settled stack, answered
/// from the reply the stack's `StackReadCache` keeps. Oneway `UpdateInteractive` calls only store the
/// latest fraction in the stack's record and put the stack in the `GestureMailbox`; at the end of each
/// round of the event loop one task takes the waiting stacks and applies each one's latest fraction: a
/// gesture storm coalesces instead of queueing tasks. Every other call on the stack applies a pending
/// fraction first, so a client's calls take effect in the order it sent them. Subscriptions are drained
/// by a `SubscriptionReader` thread (see `SubscriptionStream`), never by the clock.
///
/// ```swift
/// let service = TransitionService(engine: engine, store: ServiceStore(sharing: engine.store))
/// let server = try VarlinkServer(service: service.makeVarlinkService(version: "1.0"),
///                                listener: try .listen(path: path))
/// ```
public final class TransitionService: Sendable {
    /// The deepest JSON nesting the server must read in a call of this interface
    /// (`VarlinkServer.Configuration.maximumCallDepth`): `Screen.maximumDocumentDepth`, so that a screen
    /// at the documented 64 levels of nodes, sent in its nested form, reaches validation and its errors
    /// instead of closing the connection.
    public static let maximumCallDepth = Screen.maximumDocumentDepth

    /// The most JSON values the server reads in a call of this interface
    /// (`VarlinkServer.Configuration.maximumCallValues`): 65,536. Parsing is done on the event loop, in
    /// time proportional to the values, and the largest call must hold it for less than a frame at
    /// 120 Hz (8.3 ms): 262,144 values took 18 ms, 65,536 take about 5 (`core.limits.parse`). A screen
    /// of `TransitionEngine.Limits.nodesPerScreen` nodes (1,024 by default) takes about 7,000.
    public static let maximumCallValues = 1 << 16

    /// The engine the service drives.
    public let engine: TransitionEngine
    /// The limits and policies in force.
    public let configuration: ServiceConfiguration
    let store: ServiceStore
    let access: AccessPolicy
    let animators: AnimatorCatalog
    /// The threads that read subscriptions into their streams, one per processor.
    let readers: SubscriptionReaders
    let streams = StreamDirectory()
    let gestures = GestureMailbox()
    /// The stacks whose gestures a client holds, and the interactions waiting for the holders' answers.
    let gestureLeases = GestureLeases()
    /// The stack of the latest oneway update handled in place.
    let recentStack = RecentStackCache()
    private let lifecycle = Locked(Lifecycle())
    private let limitsInForce: Locked<ServiceLimits>

    private struct Lifecycle {
        var stopping = false
        var connectionCounter: (@Sendable () -> Int)?
        /// Counters of deleted stacks, so the daemon's totals never go down.
        var retired = StackStatistics()
    }

    /// Creates the service over `engine`, giving the stacks the engine restored their records
    /// (`StackRecord`, kept in the engine's registry) and defining the animators `store` kept.
    ///
    /// Problems while restoring animators (a stored animator that no longer decodes) are logged and
    /// skipped, never fatal.
    public init(engine: TransitionEngine, store: ServiceStore, configuration: ServiceConfiguration = .init()) {
        self.engine = engine
        self.store = store
        self.configuration = configuration
        limitsInForce = Locked(configuration.limits)
        access = AccessPolicy(shared: configuration.ownership == .shared, controlGroup: configuration.controlGroup)
        // A pass over the streams found ready wakes the event loop once for several streams' replies.
        readers = SubscriptionReaders(
            retryMilliseconds: configuration.subscriberRetryMilliseconds, aroundEachPass: { VarlinkWakeBatch.run($0) })
        engine.attachToStacksWithout(StackRecord.init(actor:))
        var animatorOwners: [String: UInt32] = [:]
        for (name, json, owner) in store.restoredAnimators {
            do {
                // Stored as it was sent, which may have been larger than the reader's defaults allow
                // (`maximumMessageBytes` is configurable): the record is ours, read it whole.
                let value = try JSONReader.parse(json, limits: .forWrittenText(byteCount: json.count))
                let animator = try ModelDecoding.animator(value, path: "animator")
                try engine.defineAnimator(animator)
                animatorOwners[animator.name] = owner
            } catch {
                configuration.log.log(
                    .warning, "Failed to restore animator \(name): \(ServiceLog.reason("\(error)")), ignoring",
                    [("ANIMATOR", name), ("ERROR", "\(error)")])
            }
        }
        animators = AnimatorCatalog(engine: engine, owners: animatorOwners)
    }

    /// The interface implementation: `io.transitiond`'s text and a handler for every method.
    public func makeImplementation() -> VarlinkInterfaceImplementation {
        var implementation: VarlinkInterfaceImplementation
        do {
            implementation = try VarlinkInterfaceImplementation(description: TransitionInterface.description)
        } catch {
            preconditionFailure("io.transitiond does not parse: \(error)")
        }
        registerStackMethods(&implementation)
        registerOperationMethods(&implementation)
        registerInteractionMethods(&implementation)
        registerPointerMethods(&implementation)
        registerGestureLeaseMethods(&implementation)
        registerOtherMethods(&implementation)
        implementation.onRoundEnd { [self] in
            // Started on this thread: its first hop goes straight to the first stack's executor.
            if gestures.endRound() { Task.immediate { await drainGestures() } }
        }
        return implementation
    }

    /// Where transitiond is documented, as `GetInfo` reports it: the `transitiond(8)` manual page, in
    /// the `man:` form of the units' and the journal catalog's `Documentation=` (systemd.unit(5)). The
    /// page is what `scripts/install` installs; it names the Varlink interface and leads on to
    /// transitiond.conf(5) and transitionctl(1).
    public static let documentationURL = "man:transitiond(8)"

    /// A Varlink service implementing `org.varlink.service` and `io.transitiond`; `GetInfo` reports
    /// `url` (by default `documentationURL`). Calls its routing refuses (an unknown method, a parameter
    /// the IDL does not allow) are logged as the service's own refusals are (`request-rejected`).
    public func makeVarlinkService(
        vendor: String = "transitiond", product: String = "transitiond", version: String,
        url: String = TransitionService.documentationURL
    ) -> VarlinkService {
        var service = VarlinkService(vendor: vendor, product: product, version: version, url: url)
        service.onRejected = { [self] context, error in
            let name = error.name.split(separator: ".").last.map(String.init) ?? error.name
            let parameter = error.parameters["parameter"]?.stringValue ?? ""
            logRejection(
                context, error: name, parameter: parameter,
                description: parameter.isEmpty ? error.name : "\(error.name) (\(parameter))")
        }
        do {
            try service.register(makeImplementation())
        } catch {
            preconditionFailure("io.transitiond cannot be registered: \(error)")
        }
        return service
    }

    /// The limits in force: `configuration.limits` until `setLimits` changes them.
    public var limits: ServiceLimits { limitsInForce.withLock { $0 } }

    /// Puts `limits` in force for every call from now on (a reload); what exists stays.
    public func setLimits(_ limits: ServiceLimits) { limitsInForce.withLock { $0 = limits } }

    /// Tells the service how many client connections are open (the server knows), for `GetStats`.
    public func setConnectionCounter(_ counter: @escaping @Sendable () -> Int) {
        lifecycle.withLock { $0.connectionCounter = counter }
    }

    /// Connections open now, as the counter reports; 0 without one.
    var connectionCount: Int { lifecycle.withLock { $0.connectionCounter }?() ?? 0 }

    /// Adds a deleted stack's counters to the daemon's totals.
    func retire(_ statistics: StackStatistics) { lifecycle.withLock { $0.retired.add(statistics) } }

    /// Counters of the stacks deleted so far.
    var retiredStatistics: StackStatistics { lifecycle.withLock { $0.retired } }

    /// Whether `beginShutdown()` was called.
    public var isStopping: Bool { lifecycle.withLock { $0.stopping } }

    /// Stops taking changes: every later call that would change something fails with `ShuttingDown`, and
    /// so do the interactions waiting for the answer of a stack's gesture holder; reads and subscriptions go
    /// on. Idempotent.
    public func beginShutdown() {
        lifecycle.withLock { $0.stopping = true }
        refuseWaitingGestureRequests()
    }

    /// Ends every subscription stream and gesture lease (their clients get `ShuttingDown`) and stops the
    /// reader threads.
    public func stopStreams() {
        for stream in streams.all { stream.subscription.cancel() }
        endGestureLeases()
        readers.stop()
    }

    /// Stacks the service knows, sorted by name.
    public var stackNames: [String] { records.map(\.name) }

    /// The record of the existing stack named `name`.
    ///
    /// - Throws: `NoSuchStack` naming `parameter` when there is none (or it is being created or deleted).
    func stackRecord(_ name: String, parameter: String = "stack") throws(ServiceError) -> StackRecord {
        guard let record = engine.attachment(of: StackID(rawValue: name)) as? StackRecord else {
            throw .noSuchStack(name, parameter: parameter)
        }
        return record
    }

    /// The records of every existing stack, sorted by name.
    var records: [StackRecord] { engine.attachments.compactMap { $0 as? StackRecord } }

    /// Subscription streams open now.
    public var streamCount: Int { streams.count }

    /// Subscription streams the readers still hold: open streams, and ended ones until a reader drains
    /// them (0 once every subscriber left).
    public var readStreamCount: Int { readers.attachedCount }
}
