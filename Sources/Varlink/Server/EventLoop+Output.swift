import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

extension EventLoop {
    // MARK: Writing

    /// Queues bytes for `connection`, ending it when its reader lags beyond the output limit. The bytes
    /// are sent at the end of the loop iteration, together with any others queued meanwhile.
    ///
    /// With nothing queued, the message becomes the connection's output as it is, uncopied (the common
    /// case of a stream's replies, each sent before the next arrives); otherwise it is appended.
    func enqueueOutput(_ message: [UInt8], on connection: ServerConnection) {
        guard !connection.peerGone, !message.isEmpty else { return }
        if connection.pendingOutputCount == 0 {
            connection.output = message
            connection.outputOffset = 0
        } else {
            connection.output.append(contentsOf: message)
        }
        connection.user.pendingOutputBytes += message.count
        if connection.pendingOutputCount > configuration.maximumPendingOutputBytes {
            let reason = VarlinkConnectionError(
                code: .outputLimitExceeded,
                message: "The client did not read \(connection.pendingOutputCount) bytes of replies, more than the"
                    + " limit of \(configuration.maximumPendingOutputBytes); it must read faster."
            )
            close(connection, reason)
            return
        }
        if connection.user.pendingOutputBytes > configuration.maximumPendingOutputBytesPerUser {
            let reason = VarlinkConnectionError(
                code: .outputLimitExceeded,
                message: "uid \(connection.peer.uid) did not read \(connection.user.pendingOutputBytes) bytes of "
                    + "replies over its connections, more than the limit of "
                    + "\(configuration.maximumPendingOutputBytesPerUser); its clients must read faster."
            )
            close(connection, reason)
            return
        }
        connection.handle.publishOutput(connection.pendingOutputCount)
        queueFlush(connection)
    }

    private func queueFlush(_ connection: ServerConnection) {
        guard !connection.isQueuedForFlush else { return }
        connection.isQueuedForFlush = true
        queuedForFlush.append(connection.id)
    }

    /// Sends what every connection queued during this iteration.
    func flushQueuedConnections() {
        guard !queuedForFlush.isEmpty else { return }
        let ids = queuedForFlush
        queuedForFlush.removeAll(keepingCapacity: true)
        for id in ids {
            guard let connection = connections[id] else { continue }
            connection.isQueuedForFlush = false
            flush(connection)
        }
    }

    /// Sends as much queued output as the socket takes; watches for writability when it takes less.
    func flush(_ connection: ServerConnection) {
        while connection.pendingOutputCount > 0 {
            let result = connection.output.withUnsafeBytes { bytes in
                systemCall {
                    send(
                        connection.descriptor,
                        bytes.baseAddress! + connection.outputOffset,
                        connection.pendingOutputCount,
                        Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)
                    )
                }
            }
            switch result {
            case .success(let count):
                connection.outputOffset += count
                connection.user.pendingOutputBytes -= count
            case .failure(let error) where error == .wouldBlock:
                connection.compactOutput(retainedCapacity: Self.retainedOutputCapacity)
                connection.handle.publishOutput(connection.pendingOutputCount)
                updateInterest(connection)
                return
            case .failure:
                // EPIPE, ECONNRESET: the reader is gone and a reply is lost with it.
                close(connection, Self.peerClosed)
                return
            }
        }
        connection.compactOutput(retainedCapacity: Self.retainedOutputCapacity)
        connection.handle.publishOutput(0)
        if let reason = connection.finishReason {
            close(connection, reason)
            return
        }
        updateInterest(connection)
    }

    /// Watches a connection for input only while its state machine wants more (and the server is not
    /// shutting down), and for writability only while output waits that a send could not take.
    /// Level-triggered epoll would otherwise report, again and again, input nobody reads or a peer shutdown
    /// already seen.
    ///
    /// Output queued for the flush at the end of this iteration is not watched for: that flush sends it,
    /// and watches for writability only if the socket takes less. Watching it as soon as it is queued
    /// cost two `epoll_ctl` calls for every request answered at once (one to watch, one after the flush
    /// to stop).
    func updateInterest(_ connection: ServerConnection) {
        guard connection.isRegistered else { return }
        var events: UInt32 = 0
        if connection.machine.wantsInput && !connection.inputEnded && shutdownDeadline == nil {
            events |= LinuxEventSystemCalls.readable | LinuxEventSystemCalls.readHangUp
        }
        let alreadyWatched = connection.registeredEvents & LinuxEventSystemCalls.writable != 0
        if connection.pendingOutputCount > 0 && (!connection.isQueuedForFlush || alreadyWatched) {
            events |= LinuxEventSystemCalls.writable
        }
        guard events != connection.registeredEvents else { return }
        watchChangeCount.add(1, ordering: .relaxed)
        if case .failure(let error) = LinuxEventSystemCalls.control(
            epoll,
            .modify,
            connection.descriptor,
            events: events,
            tag: connection.id
        ) {
            close(connection, Self.systemCallError("watch a connection", error))
            return
        }
        connection.registeredEvents = events
    }

    // MARK: Closing

    /// Closes once the queued output is sent (at once when nothing is queued), with `reason`.
    func finish(_ connection: ServerConnection, _ reason: VarlinkConnectionError = EventLoop.peerClosed) {
        connection.finishReason = reason
        connection.machine.close()
        if connection.pendingOutputCount == 0 || connection.peerGone {
            close(connection, reason)
        } else {
            queueFlush(connection)
        }
    }

    /// Closes now: forgets the connection, closes its descriptor and runs its close callbacks.
    func close(_ connection: ServerConnection, _ reason: VarlinkConnectionError) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        let user = connection.user
        user.pendingOutputBytes -= connection.pendingOutputCount
        user.connections -= 1
        if user.connections == 0 { users[connection.peer.uid] = nil }
        if connection.isRegistered {
            _ = LinuxEventSystemCalls.control(epoll, .delete, connection.descriptor, events: 0, tag: 0)
            connection.isRegistered = false
        }
        closeDescriptor(connection.descriptor)
        connection.machine.close()
        connection.output = []
        connection.outputOffset = 0
        connectionCount.store(connections.count, ordering: .relaxed)
        connection.handle.markClosed(reason)
        report(.connectionClosed(connectionID: connection.id, peer: connection.peer, reason: reason))
        resumeListener()
    }
}
