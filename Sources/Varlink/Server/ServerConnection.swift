/// The event loop's state for one accepted connection. Used only on the loop thread.
final class ServerConnection {
    let id: UInt64
    let descriptor: Int32
    let peer: VarlinkPeerCredentials
    /// What the peer's user holds across its connections.
    let user: PeerUserAccount
    let handle: ConnectionHandle

    var framer: VarlinkFramer
    var machine: VarlinkConnectionStateMachine

    /// Bytes to send; `output[outputOffset...]` is not sent yet.
    var output: [UInt8] = []
    var outputOffset = 0

    /// The epoll mask currently registered.
    var registeredEvents: UInt32
    /// Whether the descriptor is still in the epoll set (removed once the peer is gone).
    var isRegistered = true
    /// `read` returned end of file (or failed): nothing more will come.
    var inputEnded = false
    /// The state machine was told that the input ended.
    var endOfInputDelivered = false
    /// The peer closed entirely (EPOLLHUP, EPOLLERR, ECONNRESET): nothing can be sent any more.
    var peerGone = false
    /// Set when the connection is to close once `output` is sent (every call answered, or the
    /// application asked), with the reason to report.
    var finishReason: VarlinkConnectionError?
    /// Listed for a flush at the end of the loop iteration.
    var isQueuedForFlush = false

    init(
        id: UInt64,
        descriptor: Int32,
        peer: VarlinkPeerCredentials,
        user: PeerUserAccount,
        handle: ConnectionHandle,
        framer: VarlinkFramer,
        machine: VarlinkConnectionStateMachine,
        registeredEvents: UInt32
    ) {
        self.id = id
        self.descriptor = descriptor
        self.peer = peer
        self.user = user
        self.handle = handle
        self.framer = framer
        self.machine = machine
        self.registeredEvents = registeredEvents
    }

    /// Bytes queued and not yet sent.
    var pendingOutputCount: Int { output.count - outputOffset }

    /// Drops sent bytes from the front of `output`: all of them once everything is sent (releasing a
    /// buffer grown past `retainedCapacity`), or half the buffer at a time while sending lags.
    func compactOutput(retainedCapacity: Int) {
        if outputOffset == output.count {
            if output.capacity > retainedCapacity {
                output = []
            } else {
                output.removeAll(keepingCapacity: true)
            }
            outputOffset = 0
        } else if outputOffset >= retainedCapacity / 2 && outputOffset * 2 >= output.count {
            output.removeSubrange(0..<outputOffset)
            outputOffset = 0
        }
    }
}
