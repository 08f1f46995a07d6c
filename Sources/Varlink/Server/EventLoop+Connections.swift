import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

extension EventLoop {
    // MARK: Accepting

    /// Accepts waiting connections (a batch per readiness event).
    func acceptConnections() {
        for _ in 0..<Self.acceptBatchSize {
            guard listenerDescriptor >= 0 else { return }
            let descriptor: Int32
            switch LinuxEventSystemCalls.accept(listenerDescriptor) {
            case .success(let accepted): descriptor = accepted
            case .failure(let error):
                switch error.rawValue {
                case EAGAIN: return
                case ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // The listener stays readable while the limit lasts: stop watching it until a
                    // connection closes, or the loop would spin.
                    pauseListener()
                    fallthrough
                default:
                    report(.acceptFailed(Self.systemCallError("accept a connection", error)))
                    return
                }
            }
            // Unknown credentials authorize nothing: uid and gid (uid_t)-1 are nobody's.
            let peer =
                LinuxEventSystemCalls.peerCredentials(descriptor)
                ?? VarlinkPeerCredentials(pid: 0, uid: .max, gid: .max)
            if connections.count >= configuration.maximumConnections {
                refuse(descriptor, peer: peer, error: configuration.connectionLimitError)
                continue
            }
            let user = users[peer.uid] ?? PeerUserAccount()
            if user.connections >= configuration.maximumConnectionsPerUser {
                refuse(descriptor, peer: peer, error: configuration.userConnectionLimitError)
                continue
            }
            let id = nextConnectionID
            nextConnectionID += 1
            let events = LinuxEventSystemCalls.readable | LinuxEventSystemCalls.readHangUp
            if case .failure(let error) = LinuxEventSystemCalls.control(
                epoll, .add, descriptor, events: events, tag: id)
            {
                closeDescriptor(descriptor)
                report(.acceptFailed(Self.systemCallError("watch a connection", error)))
                continue
            }
            let connection = ServerConnection(
                id: id,
                descriptor: descriptor,
                peer: peer,
                user: user,
                handle: ConnectionHandle(connectionID: id, inbox: inbox),
                framer: VarlinkFramer(maximumMessageBytes: configuration.maximumMessageBytes),
                machine: VarlinkConnectionStateMachine(
                    maximumQueuedCalls: configuration.maximumQueuedCalls,
                    maximumQueuedBytes: configuration.maximumMessageBytes,
                    readerLimits: .init(
                        maximumDepth: configuration.maximumCallDepth, maximumBytes: configuration.maximumMessageBytes,
                        maximumElements: configuration.maximumCallValues)
                ),
                registeredEvents: events
            )
            connections[id] = connection
            user.connections += 1
            users[peer.uid] = user
            connectionCount.store(connections.count, ordering: .relaxed)
            report(.connectionOpened(connectionID: id, peer: peer))
        }
    }

    /// Sends the limit error `error` (best effort, never blocking) and closes.
    private func refuse(_ descriptor: Int32, peer: VarlinkPeerCredentials, error: VarlinkError?) {
        if let error, let message = try? VarlinkReply(error).encoded() {
            _ = message.withUnsafeBytes { bytes in
                send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
        }
        let reason = VarlinkConnectionError(
            code: .connectionLimitReached,
            message: connections.count >= configuration.maximumConnections
                ? "Refused a connection: \(configuration.maximumConnections) connections are open already."
                : "Refused a connection: uid \(peer.uid) has \(configuration.maximumConnectionsPerUser) open already."
        )
        report(.connectionRefused(peer: peer, reason: reason))
        closeDescriptor(descriptor)
    }

    private func pauseListener() {
        guard !listenerPaused, listenerDescriptor >= 0 else { return }
        listenerPaused = true
        _ = LinuxEventSystemCalls.control(epoll, .modify, listenerDescriptor, events: 0, tag: Self.listenerTag)
    }

    func resumeListener() {
        guard listenerPaused, listenerDescriptor >= 0 else { return }
        listenerPaused = false
        let events = LinuxEventSystemCalls.readable
        _ = LinuxEventSystemCalls.control(epoll, .modify, listenerDescriptor, events: events, tag: Self.listenerTag)
    }

    // MARK: Reading

    /// Handles readiness of a connection.
    func handleEvent(_ mask: UInt32, connection id: UInt64) {
        guard let connection = connections[id] else { return }
        if mask & (LinuxEventSystemCalls.hangUp | LinuxEventSystemCalls.error) != 0 {
            connection.peerGone = true
        }
        if mask & LinuxEventSystemCalls.writable != 0 && !connection.peerGone {
            flush(connection)
            guard connections[id] != nil else { return }
        }
        if !connection.inputEnded && (connection.machine.wantsInput || connection.peerGone) {
            readInput(connection)
        }
        if connection.peerGone {
            handlePeerGone(connection)
            guard connections[id] != nil else { return }
        }
        pump(connection)
    }

    /// Reads one chunk, or everything that is left once the peer is gone.
    private func readInput(_ connection: ServerConnection) {
        repeat {
            let result = systemCall { read(connection.descriptor, readBuffer.baseAddress, readBuffer.count) }
            switch result {
            case .success(0):
                connection.inputEnded = true
            case .success(let count):
                connection.framer.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
            case .failure(let error) where error == .wouldBlock:
                return
            case .failure:
                // ECONNRESET and the like: the peer is gone.
                connection.inputEnded = true
                connection.peerGone = true
            }
        } while connection.peerGone && !connection.inputEnded
    }

    /// The peer closed entirely. Its `oneway` calls still run; a call that needs a reply cannot get one,
    /// so the connection ends as soon as such a call is in flight or next.
    private func handlePeerGone(_ connection: ServerConnection) {
        // What was readable has been read; nothing more can come once the descriptor is unwatched.
        connection.inputEnded = true
        connection.output = []
        connection.outputOffset = 0
        if connection.isRegistered {
            // EPOLLHUP is reported whatever the mask: stop watching, or the loop would spin.
            _ = LinuxEventSystemCalls.control(epoll, .delete, connection.descriptor, events: 0, tag: 0)
            connection.isRegistered = false
        }
        if let inFlight = connection.machine.callInFlight, !inFlight.oneway {
            close(connection, Self.peerClosed)
        }
    }

    /// Feeds whole buffered messages to the state machine while it wants them; tells it when the input
    /// has ended and nothing whole is left.
    private func feedMessages(_ connection: ServerConnection) -> Bool {
        let service = service
        let limits = connection.machine.readerLimits
        let connectionID = connection.id
        let peer = connection.peer
        while connection.machine.wantsInput {
            // A oneway call that would be dispatched at once may be handled straight from the buffer
            // (`VarlinkService.handleInPlace`); the pump's dispatch refuses calls once shutting down.
            if shutdownDeadline == nil, connection.machine.isReadyToDispatch {
                let handled = connection.framer.takeMessages { message in
                    service.handleInPlace(message, limits: limits, connectionID: connectionID, peer: peer)
                }
                if handled > 0 { connection.machine.recordCallsHandledInPlace(handled) }
            }
            let message: [UInt8]
            do {
                guard let next = try connection.framer.nextMessage() else {
                    if connection.inputEnded && !connection.endOfInputDelivered {
                        connection.endOfInputDelivered = true
                        connection.machine.endOfInput()
                    }
                    return true
                }
                message = next
            } catch {
                // Calls received before the bad message are answered first (then `.finish`).
                guard case .close = connection.machine.refuse(error) else { return true }
                end(connection, violation: error)
                return false
            }
            if case .close(let error) = connection.machine.receive(message) {
                end(connection, violation: error)
                return false
            }
        }
        return true
    }

    /// Ends a connection whose peer broke the protocol, once the replies already queued are sent: a
    /// message over the size limit is answered with `messageTooLargeError` (when set) after them.
    private func end(_ connection: ServerConnection, violation: VarlinkConnectionError) {
        if violation.code == .messageTooLarge, let reply = configuration.messageTooLargeError,
            let bytes = try? VarlinkReply(reply).encoded()
        {
            enqueueOutput(bytes, on: connection)
        }
        if connections[connection.id] != nil { finish(connection, violation) }
    }

    // MARK: Dispatching

    /// Runs the state machine until it waits: feeds input, dispatches the next call, sends error replies
    /// decided by the machine, finishes. Then updates what epoll watches.
    func pump(_ connection: ServerConnection) {
        while true {
            guard feedMessages(connection) else { return }
            switch connection.machine.nextAction() {
            case .dispatch(let id, let call):
                if shutdownDeadline != nil {
                    close(
                        connection,
                        VarlinkConnectionError(code: .serverShutdown, message: "The server is shutting down."))
                    return
                }
                if connection.peerGone && !call.oneway {
                    close(connection, Self.peerClosed)
                    return
                }
                let context = VarlinkCallContext(
                    call: call,
                    callID: id,
                    connectionID: connection.id,
                    peer: connection.peer,
                    transport: connection.handle
                )
                // Replies given before the handler returns are applied here, not through the inbox; a
                // finished call lets this loop dispatch the next one at once.
                connection.handle.beginCapture()
                service.handle(context)
                connection.handle.drainCaptured { reply in
                    switch connection.machine.reply(reply.message, continues: reply.continues, to: reply.call) {
                    case .send(let bytes, _): enqueueOutput(bytes, on: connection)
                    case .finishedSilently, .discard: break
                    }
                    return connections[connection.id] != nil
                }
            case .send(let message):
                enqueueOutput(message, on: connection)
            case .finish:
                if let violation = connection.machine.violation {
                    end(connection, violation: violation)
                } else {
                    finish(connection)
                }
                return
            case .wait:
                updateInterest(connection)
                return
            }
            guard connections[connection.id] != nil else { return }
        }
    }

    /// Applies a handler's reply.
    func applyReply(
        _ message: [UInt8],
        continues: Bool,
        to call: VarlinkConnectionStateMachine.CallID,
        on connection: ServerConnection
    ) {
        connection.handle.tookFromInbox(message.count)
        switch connection.machine.reply(message, continues: continues, to: call) {
        case .send(let bytes, let callFinished):
            enqueueOutput(bytes, on: connection)
            if callFinished, connections[connection.id] != nil { pump(connection) }
        case .finishedSilently:
            pump(connection)
        case .discard:
            break
        }
    }

    static let peerClosed = VarlinkConnectionError(code: .peerClosed, message: "The client closed the connection.")

    static func systemCallError(_ action: String, _ error: Errno) -> VarlinkConnectionError {
        VarlinkConnectionError(
            code: .systemCallFailed,
            message: "Failed to \(action): \(error)",
            errorNumber: error.rawValue
        )
    }

    func report(_ event: VarlinkServerEvent) {
        configuration.eventHandler?(event)
    }
}
