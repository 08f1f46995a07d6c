import JSON

/// A Varlink method call (varlink.org, "Method Call"):
/// `{"method": "io.example.Ping", "parameters": {…}, "more": true, "oneway": true, "upgrade": true}`.
///
/// Only `method` is required on the wire; absent `parameters` mean an empty object and absent flags
/// mean `false`. Unknown top-level keys are ignored, as the specification reserves them for
/// vendor-specific extensions.
public struct VarlinkCall: Sendable, Hashable {
    /// The fully qualified method name, e.g. `org.varlink.service.GetInfo`.
    public var method: String
    /// The input parameters.
    public var parameters: JSONObject
    /// The client accepts several replies (`continues: true` on all but the last).
    public var more: Bool
    /// The client wants no reply at all.
    public var oneway: Bool
    /// The client asks to take the connection over with another protocol after the reply. This
    /// implementation does not support upgrades and refuses them with an error reply.
    public var upgrade: Bool

    /// Creates a call.
    public init(
        method: String,
        parameters: JSONObject = JSONObject(),
        more: Bool = false,
        oneway: Bool = false,
        upgrade: Bool = false
    ) {
        self.method = method
        self.parameters = parameters
        self.more = more
        self.oneway = oneway
        self.upgrade = upgrade
    }

    /// The interface part of `method` (`org.varlink.service` for `org.varlink.service.GetInfo`); the
    /// whole name when it has no dot.
    public var interfaceName: String {
        guard let dot = method.utf8.lastIndex(of: UInt8(ascii: ".")) else { return method }
        return String(method[..<dot])
    }

    /// The member part of `method` (`GetInfo` for `org.varlink.service.GetInfo`).
    public var memberName: String {
        guard let dot = method.utf8.lastIndex(of: UInt8(ascii: ".")) else { return method }
        return String(method[method.index(after: dot)...])
    }

    /// Appends the call as one wire message, NUL terminator included. Flags are written only when set.
    ///
    /// - Throws: `JSONError` when a parameter cannot be written (a non-finite number).
    public func encode(into bytes: inout [UInt8]) throws(JSONError) {
        let start = bytes.count
        do {
            bytes.append(contentsOf: #"{"method":"#.utf8)
            JSONWriter.appendString(method, into: &bytes)
            if !parameters.isEmpty {
                bytes.append(contentsOf: #","parameters":"#.utf8)
                try JSONWriter.write(.object(parameters), into: &bytes)
            }
            if more { bytes.append(contentsOf: #","more":true"#.utf8) }
            if oneway { bytes.append(contentsOf: #","oneway":true"#.utf8) }
            if upgrade { bytes.append(contentsOf: #","upgrade":true"#.utf8) }
            bytes.append(contentsOf: [UInt8(ascii: "}"), 0])
        } catch {
            bytes.removeSubrange(start...)
            throw error
        }
    }

    /// The call as one wire message, NUL terminator included.
    public func encoded() throws(JSONError) -> [UInt8] {
        var bytes: [UInt8] = []
        try encode(into: &bytes)
        return bytes
    }

    /// Decodes one message (without its NUL terminator) as a call.
    ///
    /// - Throws: `VarlinkConnectionError` with code `invalidMessage` and the offending key as
    ///   `parameter` when the message is not JSON, not an object, has no valid qualified `method`, has
    ///   `parameters` that are not an object, a flag that is not a boolean, or both `more` and `oneway`
    ///   set. A peer sending such a message does not speak Varlink: the connection should end.
    public static func decode(
        _ message: UnsafeRawBufferPointer,
        limits: JSONReader.Limits = JSONReader.Limits()
    ) throws(VarlinkConnectionError) -> VarlinkCall {
        let object = try VarlinkMessageFields.parseObject(message, limits: limits, kind: "call")
        guard let method = object["method"]?.stringValue else {
            throw VarlinkMessageFields.invalid(
                "The call has no string 'method'; send a qualified method name.", "method")
        }
        guard VarlinkName.isValidQualifiedName(method) else {
            throw VarlinkMessageFields.invalid(
                "'\(method)' is not a qualified method name such as 'org.varlink.service.GetInfo'.",
                "method"
            )
        }
        let call = VarlinkCall(
            method: method,
            parameters: try VarlinkMessageFields.parameters(of: object),
            more: try VarlinkMessageFields.flag("more", of: object),
            oneway: try VarlinkMessageFields.flag("oneway", of: object),
            upgrade: try VarlinkMessageFields.flag("upgrade", of: object)
        )
        if call.more && call.oneway {
            throw VarlinkMessageFields.invalid("A call cannot set both 'more' and 'oneway'.", "oneway")
        }
        return call
    }

    /// Decodes one message (without its NUL terminator) from an array; see `decode(_:limits:)`.
    public static func decode(
        _ message: [UInt8],
        limits: JSONReader.Limits = JSONReader.Limits()
    ) throws(VarlinkConnectionError) -> VarlinkCall {
        let result = message.withUnsafeBytes { bytes in
            Result { () throws(VarlinkConnectionError) -> VarlinkCall in try decode(bytes, limits: limits) }
        }
        return try result.get()
    }
}
