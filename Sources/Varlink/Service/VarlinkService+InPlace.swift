import JSON

#if canImport(Glibc)
    import Glibc
#endif

extension VarlinkService {
    /// A method whose `oneway` calls may be handled in place: its name, its input reduced to scalar
    /// fields, and the in-place handler.
    struct InPlaceRoute: Sendable {
        /// One input field: its name and what it accepts.
        struct Field: Sendable {
            var name: [UInt8]
            var type: VarlinkType
            var isOptional: Bool
        }

        var method: [UInt8]
        var fields: [Field]
        var handler: VarlinkOnewayHandler

        /// The route, or nil when an input field is not a `bool`, `int`, `float` or `string` (optional or
        /// not): such calls always take the ordinary path.
        init?(method: String, input: [VarlinkField], handler: @escaping VarlinkOnewayHandler) {
            var fields: [Field] = []
            for field in input {
                var type = field.type
                var isOptional = false
                if case .optional(let wrapped) = type {
                    type = wrapped
                    isOptional = true
                }
                switch type {
                case .bool, .int, .float, .string: break
                default: return nil
                }
                fields.append(Field(name: Array(field.name.utf8), type: type, isOptional: isOptional))
            }
            self.method = Array(method.utf8)
            self.fields = fields
            self.handler = handler
        }

        /// Whether the parameters pass `VarlinkInterface.validate(parameters:of:)` for this input: every
        /// required field present, no undeclared one, each of its type.
        func accepts(_ call: VarlinkInPlaceCall) -> Bool {
            var matched = 0
            for field in fields {
                guard let index = field.name.withUnsafeBytes({ call.index(ofKey: $0) }) else {
                    if field.isOptional { continue }
                    return false
                }
                matched += 1
                switch (field.type, call.value(at: index)) {
                case (.bool, .bool), (.float, .number), (.string, .string): continue
                case (.int, .number(let number)):
                    // VarlinkInterface.validate's rule for `int`.
                    guard number.rounded(.towardZero) == number, number >= -0x1p63, number < 0x1p63 else {
                        return false
                    }
                default: return false
                }
            }
            return matched == call.parameterCount
        }
    }

    /// Handles a `oneway` call in place when its method has an in-place handler (see
    /// `VarlinkInterfaceImplementation.implementInPlace(_:_:)`).
    ///
    /// The server calls it on its event-loop thread for a message whose call would be dispatched at once.
    ///
    /// - Parameters:
    ///   - message: the message, without its NUL terminator.
    ///   - limits: the limits the full decoder would apply to the message.
    ///   - connectionID: the connection the message came on.
    ///   - peer: the caller's credentials.
    /// - Returns: true when the call was handled completely; false when nothing was done and the message
    ///   must take the ordinary path (`VarlinkCall.decode`, then `handle(_:)`).
    public func handleInPlace(
        _ message: UnsafeRawBufferPointer, limits: JSONReader.Limits, connectionID: UInt64,
        peer: VarlinkPeerCredentials
    ) -> Bool {
        guard !inPlaceRoutes.isEmpty, !namesAnotherMethodFirst(message),
            let call = VarlinkInPlaceCall.scan(message, limits: limits),
            call.oneway, !call.more, !call.upgrade
        else { return false }
        let method = call.methodBytes
        for route in inPlaceRoutes where route.method.count == method.count {
            let same = route.method.withUnsafeBytes { memcmp($0.baseAddress!, method.baseAddress!, method.count) == 0 }
            guard same else { continue }
            guard route.accepts(call) else { return false }
            return route.handler(VarlinkOnewayCall(call: call, connectionID: connectionID, peer: peer))
        }
        return false
    }

    /// How calls usually begin: this module's encoder, sd-varlink and the benchmark's load generator write
    /// `{"method":"`, Python's `json.dumps` (the `varlink` package) `{"method": "`.
    static let usualStart: StaticString = #"{"method":"#

    /// Whether `message` begins with `{"method":"<name>"` (with any JSON whitespace before the name's
    /// quote) for a name no in-place route has: it can then be left to the ordinary path without scanning
    /// the rest (most answered calls). Any other beginning says nothing, and the message is scanned.
    func namesAnotherMethodFirst(_ message: UnsafeRawBufferPointer) -> Bool {
        let start = Self.usualStart
        let length = start.utf8CodeUnitCount
        guard message.count > length, memcmp(message.baseAddress!, start.utf8Start, length) == 0 else {
            return false
        }
        var scanner = InPlaceCallScanner(bytes: message, maximumStringBytes: message.count)
        scanner.position = length
        scanner.skipWhitespace()
        guard scanner.take(UInt8(ascii: "\"")) else { return false }
        let name = UnsafeRawBufferPointer(rebasing: message[scanner.position...])
        for index in inPlaceRoutes.indices {
            let known = inPlaceRoutes[index].method.withUnsafeBytes { method in
                name.count > method.count && name[method.count] == UInt8(ascii: "\"")
                    && memcmp(name.baseAddress!, method.baseAddress!, method.count) == 0
            }
            if known { return false }
        }
        return true
    }
}
