/// A `oneway` call handled in place on the server's event-loop thread, read from its message without
/// building a JSON tree (see `VarlinkInterfaceImplementation.implementInPlace(_:_:)`).
///
/// Its parameters passed the method's input validation. The value refers to the message's memory: use it
/// only during the handler.
public struct VarlinkOnewayCall {
    /// The call as read in place: its method, flags (`oneway` is set) and parameters.
    public let call: VarlinkInPlaceCall
    /// Identifies the connection within its server, as `VarlinkCallContext.connectionID`.
    public let connectionID: UInt64
    /// The calling process, from `SO_PEERCRED`.
    public let peer: VarlinkPeerCredentials
}

/// Handles a `oneway` call in place; see `VarlinkInterfaceImplementation.implementInPlace(_:_:)`.
///
/// Returns true when it handled the call completely, exactly as the method's ordinary handler would have;
/// false, having changed nothing, to let the ordinary path (full decoding, validation, the ordinary
/// handler) take the call.
public typealias VarlinkOnewayHandler = @Sendable (VarlinkOnewayCall) -> Bool
