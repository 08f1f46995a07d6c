import Testing
import Varlink

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct VarlinkServiceInterfaceTests {
    /// The served text is the module's resource file, byte for byte, embedded at build time.
    @Test func matchesTheResourceFile() throws {
        let testsDirectory = String(
            #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))
        let path = testsDirectory + "/Sources/Varlink/org.varlink.service.varlink"
        let contents = try #require(readFile(path), "cannot read \(path)")
        #expect(contents == VarlinkServiceInterface.description)
    }

    /// The standard interface as published on varlink.org, "Service": two methods, six errors.
    @Test func definesTheStandardMembers() throws {
        let interface = VarlinkServiceInterface.interface
        #expect(interface.name == "org.varlink.service")
        #expect(
            interface.method(named: "GetInfo")?.output.map(\.name) == [
                "vendor", "product", "version", "url", "interfaces",
            ])
        #expect(interface.method(named: "GetInfo")?.output.last?.type == .array(.string))
        #expect(
            interface.method(named: "GetInterfaceDescription")?.input == [
                VarlinkField(name: "interface", type: .string)
            ])
        #expect(
            interface.method(named: "GetInterfaceDescription")?.output == [
                VarlinkField(name: "description", type: .string)
            ])
        for (error, field) in [
            ("InterfaceNotFound", "interface"), ("MethodNotFound", "method"), ("MethodNotImplemented", "method"),
            ("InvalidParameter", "parameter"),
        ] {
            #expect(interface.error(named: error)?.parameters == [VarlinkField(name: field, type: .string)])
        }
        #expect(interface.error(named: "PermissionDenied")?.parameters == [])
        #expect(interface.error(named: "ExpectedMore")?.parameters == [])
    }
}

/// The whole contents of a file, or nil when it cannot be read.
func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
