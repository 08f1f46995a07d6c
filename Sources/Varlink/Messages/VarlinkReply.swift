import JSON

/// A Varlink reply (varlink.org, "Method Call"): `{"parameters": {…}, "continues": true}` or
/// `{"error": "io.example.NotFound", "parameters": {…}}`.
///
/// A reply with `continues` is followed by more replies to the same call; only calls made with `more`
/// receive such replies. An error reply is always the last reply to its call.
public struct VarlinkReply: Sendable, Hashable {
    /// The output parameters, or the error's parameters.
    public var parameters: JSONObject
    /// More replies to the same call follow.
    public var continues: Bool
    /// The fully qualified error name when the call failed, e.g. `org.varlink.service.MethodNotFound`.
    public var error: String?

    /// Creates a reply.
    public init(parameters: JSONObject = JSONObject(), continues: Bool = false, error: String? = nil) {
        self.parameters = parameters
        self.continues = continues
        self.error = error
    }

    /// Creates the error reply carrying `error`.
    public init(_ error: VarlinkError) {
        self.init(parameters: error.parameters, continues: false, error: error.name)
    }

    /// The wire error carried by this reply, or `nil` for a successful reply.
    public var varlinkError: VarlinkError? {
        error.map { VarlinkError(name: $0, parameters: parameters) }
    }

    /// Appends the reply as one wire message, NUL terminator included.
    ///
    /// `parameters` is always written (some clients require it); `continues` only when true; an error
    /// reply never carries `continues`.
    ///
    /// - Throws: `JSONError` when a parameter cannot be written (a non-finite number); `bytes` is then
    ///   left as it was.
    public func encode(into bytes: inout [UInt8]) throws(JSONError) {
        try Self.encode(parameters: parameters, continues: continues, error: error, into: &bytes)
    }

    /// The reply as one wire message, NUL terminator included.
    public func encoded() throws(JSONError) -> [UInt8] {
        var bytes: [UInt8] = []
        try encode(into: &bytes)
        return bytes
    }

    /// Appends a reply built from parts, without first building a `VarlinkReply`.
    static func encode(
        parameters: JSONObject,
        continues: Bool,
        error: String?,
        into bytes: inout [UInt8]
    ) throws(JSONError) {
        let start = bytes.count
        do {
            bytes.append(UInt8(ascii: "{"))
            if let error {
                bytes.append(contentsOf: #""error":"#.utf8)
                JSONWriter.appendString(error, into: &bytes)
                bytes.append(UInt8(ascii: ","))
            }
            bytes.append(contentsOf: #""parameters":"#.utf8)
            try JSONWriter.write(.object(parameters), into: &bytes)
            if continues && error == nil { bytes.append(contentsOf: #","continues":true"#.utf8) }
            bytes.append(contentsOf: [UInt8(ascii: "}"), 0])
        } catch {
            bytes.removeSubrange(start...)
            throw error
        }
    }

    /// Decodes one message (without its NUL terminator) as a reply.
    ///
    /// - Throws: `VarlinkConnectionError` with code `invalidMessage` when the message is not a JSON
    ///   object, `parameters` is not an object, `continues` is not a boolean, or `error` is not a string.
    public static func decode(
        _ message: UnsafeRawBufferPointer,
        limits: JSONReader.Limits = JSONReader.Limits()
    ) throws(VarlinkConnectionError) -> VarlinkReply {
        let object = try VarlinkMessageFields.parseObject(message, limits: limits, kind: "reply")
        let error: String?
        switch object["error"] {
        case nil, .null?: error = nil
        case .string(let name)?: error = name
        case let other?:
            throw VarlinkMessageFields.invalid("'error' is \(other.kindDescription); expected a string.", "error")
        }
        return VarlinkReply(
            parameters: try VarlinkMessageFields.parameters(of: object),
            continues: try VarlinkMessageFields.flag("continues", of: object),
            error: error
        )
    }

    /// Decodes one message (without its NUL terminator) from an array; see `decode(_:limits:)`.
    public static func decode(
        _ message: [UInt8],
        limits: JSONReader.Limits = JSONReader.Limits()
    ) throws(VarlinkConnectionError) -> VarlinkReply {
        let result = message.withUnsafeBytes { bytes in
            Result { () throws(VarlinkConnectionError) -> VarlinkReply in try decode(bytes, limits: limits) }
        }
        return try result.get()
    }
}
