import Testing
import Varlink

/// Name rules from varlink.org "Interface Definition" and the reference scanners (libvarlink
/// `lib/scanner.c`, varlink/python `scanner.py`). One case per line, each with a trailing comma, so that
/// no two cases can be joined by a missing comma.
@Suite struct VarlinkNameTests {
    @Test(arguments: [
        "a.b",
        "a.b.c",
        "a1.b1.c1",
        "a1.b--1.c--1",
        "a--1.b--1.c--1",
        "a.21.c",
        "a.1",
        "a.0.0",
        "AbC.0.0",
        "a.AbC.0",
        "a.0.AbC",
        "io.transitiond",
        "org.varlink.service",
        "xn--bcher-kva.example",
    ])
    func validInterfaceName(_ name: String) {
        #expect(VarlinkName.isValidInterfaceName(name))
    }

    @Test(arguments: [
        "",
        "ab",
        ".a.b.c",
        "a.b.c.",
        "a..b.c",
        "1.b.c",
        "8a.0.0",
        "-a.b.c",
        "a.b.c-",
        "a.b-.c-",
        "a.-b.c-",
        "a.-.c",
        "a.*.c",
        "a.?",
        "a_b.c",
        "a b.c",
        "ä.b",
        "a.",
        ".a",
    ])
    func invalidInterfaceName(_ name: String) {
        #expect(!VarlinkName.isValidInterfaceName(name))
    }

    @Test func interfaceNameLengthLimit() {
        let longest = "a." + String(repeating: "b", count: VarlinkName.maximumInterfaceNameBytes - 2)
        #expect(VarlinkName.isValidInterfaceName(longest))
        #expect(!VarlinkName.isValidInterfaceName(longest + "b"))
    }

    @Test(arguments: [
        "A",
        "AFoo",
        "A565465",
        "GetInfo",
        "PopToRoot",
        "NoSuchStack",
    ])
    func validMemberName(_ name: String) {
        #expect(VarlinkName.isValidMemberName(name))
    }

    @Test(arguments: [
        "",
        "a",
        "5a",
        "_a",
        "getInfo",
        "Get_Info",
        "Get-Info",
        "Get.Info",
        "Ä",
    ])
    func invalidMemberName(_ name: String) {
        #expect(!VarlinkName.isValidMemberName(name))
    }

    @Test(arguments: [
        "a",
        "durationSeconds",
        "example_bool",
        "a_b_c",
        "A",
        "x1",
        "a1_2",
    ])
    func validFieldName(_ name: String) {
        #expect(VarlinkName.isValidFieldName(name))
    }

    @Test(arguments: [
        "",
        "_a",
        "a_",
        "a__b",
        "1a",
        "a-b",
        "a.b",
        "a b",
        "é",
    ])
    func invalidFieldName(_ name: String) {
        #expect(!VarlinkName.isValidFieldName(name))
    }

    @Test func splitsQualifiedNames() {
        #expect(VarlinkName.splitQualifiedName("org.varlink.service.GetInfo")! == ("org.varlink.service", "GetInfo"))
        #expect(VarlinkName.splitQualifiedName("io.transitiond.Push")! == ("io.transitiond", "Push"))
        #expect(VarlinkName.splitQualifiedName("GetInfo") == nil)
        #expect(VarlinkName.splitQualifiedName("io.transitiond.push") == nil)
        #expect(VarlinkName.splitQualifiedName("io.Push") == nil)
        #expect(VarlinkName.splitQualifiedName("io.transitiond.") == nil)
        #expect(!VarlinkName.isValidQualifiedName(".GetInfo"))
    }
}
