import JSON
import Testing
import Varlink

/// The standard errors as defined by org.varlink.service (varlink.org, "Service").
@Suite struct VarlinkErrorTests {
    @Test func makesStandardErrors() {
        #expect(
            VarlinkError.interfaceNotFound("a.b")
                == VarlinkError(name: "org.varlink.service.InterfaceNotFound", parameters: ["interface": "a.b"]))
        #expect(
            VarlinkError.methodNotFound("a.b.C")
                == VarlinkError(name: "org.varlink.service.MethodNotFound", parameters: ["method": "a.b.C"]))
        #expect(
            VarlinkError.methodNotImplemented("a.b.C")
                == VarlinkError(name: "org.varlink.service.MethodNotImplemented", parameters: ["method": "a.b.C"])
        )
        #expect(
            VarlinkError.invalidParameter("items[2]")
                == VarlinkError(name: "org.varlink.service.InvalidParameter", parameters: ["parameter": "items[2]"])
        )
        #expect(VarlinkError.permissionDenied() == VarlinkError(name: "org.varlink.service.PermissionDenied"))
        #expect(VarlinkError.expectedMore() == VarlinkError(name: "org.varlink.service.ExpectedMore"))
    }

    /// Every standard error maker matches an error of the org.varlink.service definition, fields included.
    @Test func makersMatchTheInterface() throws {
        let interface = VarlinkServiceInterface.interface
        let errors: [VarlinkError] = [
            .interfaceNotFound("a.b"), .methodNotFound("a.b.C"), .methodNotImplemented("a.b.C"),
            .invalidParameter("x"), .permissionDenied(), .expectedMore(),
        ]
        for error in errors {
            let name = try #require(VarlinkName.splitQualifiedName(error.name))
            #expect(name.interface == "org.varlink.service")
            let definition = try #require(interface.error(named: name.member))
            #expect(throws: Never.self) {
                try interface.validate(parameters: error.parameters, of: definition.parameters)
            }
        }
    }

    @Test func describesItself() {
        #expect(
            VarlinkError.invalidParameter("count").description
                == #"org.varlink.service.InvalidParameter {"parameter":"count"}"#)
        #expect(VarlinkError.invalidParameter("count").parameter == "count")
        #expect(VarlinkError.permissionDenied().parameter == nil)
    }
}
