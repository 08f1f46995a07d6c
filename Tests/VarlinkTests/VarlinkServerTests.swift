import JSON
import Testing
import Varlink

@Suite struct VarlinkServerTests {
    @Test func answersGetInfo() throws {
        let server = try TestServer()
        let client = try server.client()
        let info = try client.call("org.varlink.service.GetInfo")
        #expect(info["vendor"] == "Example")
        #expect(info["product"] == "Test Server")
        #expect(info["version"] == "1.0")
        #expect(info["url"] == "https://example.org/test")
        #expect(info["interfaces"] == ["org.varlink.service", "org.example.test"])
    }
}
