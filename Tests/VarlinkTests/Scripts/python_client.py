#!/usr/bin/env python3
"""Drives a Varlink server with the reference Python client, which nobody here wrote.

Usage: python_client.py unix:/path/to/socket

The server must implement org.example.test as in Tests/VarlinkTests/Support/TestServer.swift.
Exits 0 when every check passed, 2 when one failed (the reason on stderr), and 3 when the
`varlink` package is missing (install it with: pip install varlink==31.0.0).
"""

import sys

try:
    import varlink
except ImportError:
    print("The Python 'varlink' package is missing: pip install varlink==31.0.0", file=sys.stderr)
    sys.exit(3)


def check(condition, description):
    if not condition:
        print("check failed: " + description, file=sys.stderr)
        sys.exit(2)


def expect_error(call, name, parameters):
    try:
        call()
    except varlink.VarlinkError as error:
        check(error.error() == name, "error name %r, expected %r" % (error.error(), name))
        check(error.parameters() == parameters, "error parameters %r, expected %r" % (error.parameters(), parameters))
        return
    check(False, "no VarlinkError, expected " + name)


def main(address):
    with varlink.Client(address=address) as client:
        # The client reads each interface's description before calling it.
        with client.open("org.varlink.service") as service:
            info = service.GetInfo()
            check(info["vendor"] == "Example", "vendor %r" % info["vendor"])
            check(info["product"] == "Test Server", "product %r" % info["product"])
            check(info["interfaces"] == ["org.varlink.service", "org.example.test"], "interfaces %r" % info["interfaces"])
            description = service.GetInterfaceDescription("org.example.test")["description"]
            check(description.startswith("# An interface for testing the server.\ninterface org.example.test\n"),
                  "description %r" % description[:80])
            expect_error(lambda: service.GetInterfaceDescription("org.example.none"),
                         "org.varlink.service.InterfaceNotFound", {"interface": "org.example.none"})

        with client.open("org.example.test") as test:
            check(test.Echo("héllo ✓") == {"text": "héllo ✓"}, "Echo")
            numbers = [reply["number"] for reply in test.Count(3, _more=True)]
            check(numbers == [1, 2, 3], "Count streamed %r" % numbers)
            expect_error(lambda: test.Fail("because"), "org.example.test.Failed", {"reason": "because"})
            expect_error(lambda: test.Missing(), "org.varlink.service.MethodNotImplemented",
                         {"method": "org.example.test.Missing"})
            # The connection is still usable after errors and a stream.
            check(test.Echo("again") == {"text": "again"}, "Echo after errors")
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1])
