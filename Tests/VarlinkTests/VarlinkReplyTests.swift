import JSON
import Testing
import Varlink

@Suite struct VarlinkReplyTests {
    @Test func encodesReplies() throws {
        #expect(try VarlinkReply().encoded() == Array(#"{"parameters":{}}"#.utf8) + [0])
        #expect(
            try VarlinkReply(parameters: ["n": 1], continues: true).encoded()
                == Array(#"{"parameters":{"n":1},"continues":true}"#.utf8) + [0]
        )
        #expect(
            try VarlinkReply(.invalidParameter("a.b")).encoded()
                == Array(#"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"a.b"}}"#.utf8)
                + [0]
        )
    }

    /// An error ends its call: `continues` is never written with `error`.
    @Test func neverContinuesAnError() throws {
        let reply = VarlinkReply(parameters: [:], continues: true, error: "io.example.Failed")
        #expect(try reply.encoded() == Array(#"{"error":"io.example.Failed","parameters":{}}"#.utf8) + [0])
    }

    @Test func decodesReplies() throws {
        let reply = try VarlinkReply.decode(Array(#"{"parameters":{"a":[1]},"continues":true,"x-extension":1}"#.utf8))
        #expect(reply == VarlinkReply(parameters: ["a": [1]], continues: true))
        let empty = try VarlinkReply.decode(Array("{}".utf8))
        #expect(empty == VarlinkReply())
        let error = try VarlinkReply.decode(Array(#"{"error":"io.example.Failed","parameters":{"why":"x"}}"#.utf8))
        #expect(error.varlinkError == VarlinkError(name: "io.example.Failed", parameters: ["why": "x"]))
        #expect(VarlinkReply().varlinkError == nil)
    }

    @Test(arguments: [
        "[]",
        #"{"parameters":1}"#,
        #"{"continues":"yes"}"#,
        #"{"error":5}"#,
        "{\"parameters\":{}}\u{0}",
    ])
    func refusesInvalidReply(_ text: String) {
        #expect(throws: VarlinkConnectionError.self) { try VarlinkReply.decode(Array(text.utf8)) }
    }
}
