import Testing

@testable import SystemdSupport

@Suite struct SystemdConfigurationParserTests {
    /// The parsed assignments as `line:[Section]Key=Value` joined by " | ".
    private func parsed(_ text: String) throws -> String {
        try SystemdConfiguration(parsing: text, file: "t.conf").assignments
            .map { "\($0.location.line):[\($0.section)]\($0.key)=\($0.value)" }
            .joined(separator: " | ")
    }

    // Syntax rules from systemd.syntax(7) and conf-parser.c's config_parse(); one case per line.
    @Test(arguments: [
        ("", ""),
        ("[A]\nKey=Value\n", "2:[A]Key=Value"),
        ("[A]\nKey=Value", "2:[A]Key=Value"),
        ("[A]\r\nKey=Value\r\n", "2:[A]Key=Value"),
        ("\u{FEFF}[A]\nKey=Value\n", "2:[A]Key=Value"),
        ("[A]\n  Key  =  spaced value  \n", "2:[A]Key=spaced value"),
        ("[A]\n\tKey\t=\tv\t\n", "2:[A]Key=v"),
        ("[A]\n# comment\n; comment\n   # indented comment\nKey=v\n", "5:[A]Key=v"),
        ("[A]\nKey=v # not a comment\n", "2:[A]Key=v # not a comment"),
        ("[A]\nKey=a=b\n", "2:[A]Key=a=b"),
        ("[A]\nKey=\n", "2:[A]Key="),
        ("[A]\nKey=one \\\n  two\n", "2:[A]Key=one    two"),
        ("[A]\nKey=one\\\ntwo\\\nthree\nNext=x\n", "2:[A]Key=one two three | 5:[A]Next=x"),
        ("[A]\nKey=one \\\n# comment inside\n; another\n two\n", "2:[A]Key=one   two"),
        ("[A]\nKey=one \\\n\nNext=x\n", "2:[A]Key=one | 4:[A]Next=x"),
        ("[A]\nKey=ends in backslash at end of file \\", "2:[A]Key=ends in backslash at end of file"),
        ("[A]\nKey=escaped backslash \\\\\nNext=x\n", "2:[A]Key=escaped backslash \\\\ | 3:[A]Next=x"),
        ("[A]\nKey=three \\\\\\\nmore\n", "2:[A]Key=three \\\\ more"),
        ("[A]\nKey=backslash then space \\ \nNext=x\n", "2:[A]Key=backslash then space \\ | 3:[A]Next=x"),
        ("[A]\nKey=1\n[B]\nKey=2\n[A]\nKey=3\n", "2:[A]Key=1 | 4:[B]Key=2 | 6:[A]Key=3"),
        ("[Section A]\nKey=x\n", "2:[Section A]Key=x"),
        ("  [A]  \nKey=x\n", "2:[A]Key=x"),
        ("[A]\nKey=ünïcödé ✓\n", "2:[A]Key=ünïcödé ✓"),
    ])
    func parsesLines(text: String, expected: String) throws {
        #expect(try parsed(text) == expected)
    }

    @Test(arguments: [
        ("Key=v\n", "t.conf:1: assignment outside of a section; put a [Section] header before it"),
        ("[A]\nNoEquals\n", "t.conf:2: missing '=' in 'NoEquals'; write Key=Value"),
        ("[A]\n=value\n", "t.conf:2: missing key name before '='; write Key=Value"),
        ("[A]\n  = value\n", "t.conf:2: missing key name before '='; write Key=Value"),
        ("[A\nKey=v\n", "t.conf:1: invalid section header '[A'; write it as [Name]"),
        ("[A]x\n", "t.conf:1: invalid section header '[A]x'; write it as [Name]"),
        (
            "[]\n",
            "t.conf:1: bad characters in section header '[]'; use a non-empty name without quotes, backslashes or control characters"
        ),
        (
            "[A\"B]\n",
            "t.conf:1: bad characters in section header '[A\"B]'; use a non-empty name without quotes, backslashes or control characters"
        ),
        ("[A]\nNo \\\nEquals\n", "t.conf:2: missing '=' in 'No  Equals'; write Key=Value"),
        ("[A]\nGood=1\n\nBad\n", "t.conf:4: missing '=' in 'Bad'; write Key=Value"),
    ])
    func reportsSyntaxErrorsWithFileAndLine(text: String, message: String) {
        #expect {
            try SystemdConfiguration(parsing: text, file: "t.conf")
        } throws: { error in
            let error = error as? SystemdError
            return error?.code == .syntaxError && error?.message == message
                && error?.location?.file == "t.conf"
        }
    }

    @Test func invalidUTF8IsASyntaxError() {
        var configuration = SystemdConfiguration()
        let bytes = Array("[A]\nKey=".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        #expect {
            try configuration.append(parsing: bytes, file: "bin.conf")
        } throws: { error in
            (error as? SystemdError)?.message == "bin.conf:2: line is not valid UTF-8; save the file as UTF-8"
        }
        #expect(configuration.assignments.isEmpty)
        #expect(configuration.files.isEmpty)
    }

    @Test func overlongLinesAreErrors() throws {
        let limit = SystemdConfigurationParser.maximumLineLength
        let fits = "[A]\nK=" + String(repeating: "x", count: limit - 2) + "\n"
        #expect(try SystemdConfiguration(parsing: fits, file: "t.conf").assignments.first?.value.count == limit - 2)
        let continued =
            "[A]\nK=" + String(repeating: "x", count: limit / 2) + "\\\n" + String(repeating: "y", count: limit / 2)
        #expect(throws: SystemdError.self) { try SystemdConfiguration(parsing: continued, file: "t.conf") }
    }

    @Test func sectionHeadersAreRecordedWithLines() throws {
        let configuration = try SystemdConfiguration(parsing: "[A]\n[B]\nK=v\n[A]\n", file: "t.conf")
        #expect(
            configuration.sectionHeaders.map { "\($0.name)@\($0.location)" } == [
                "A@t.conf:1", "B@t.conf:2", "A@t.conf:4",
            ])
        #expect(configuration.sectionNames == ["A", "B"])
    }
}
