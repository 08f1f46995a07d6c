/// An interface that cannot be registered with a `VarlinkService`.
public struct VarlinkServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of fault. Open for new kinds: switch with a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case duplicateInterface, unknownMethod
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The interface is already registered, or is `org.varlink.service`, which every service has.
        public static let duplicateInterface = Code(.duplicateInterface)
        /// A handler is set for a method the interface does not define.
        public static let unknownMethod = Code(.unknownMethod)

        /// The code's name, e.g. `unknownMethod`.
        public var description: String { value.rawValue }
    }

    /// The kind of fault.
    public var code: Code
    /// What is wrong and how to fix it.
    public var message: String
    /// The interface or method name at fault.
    public var parameter: String

    /// Creates an error.
    public init(code: Code, message: String, parameter: String) {
        self.code = code
        self.message = message
        self.parameter = parameter
    }

    /// `"<code>: <message>"`.
    public var description: String { "\(code): \(message)" }
}
