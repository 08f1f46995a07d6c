import Foundation
import Testing
import TransitionTestSupport

@testable import SystemdSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SystemdConfigurationTests {
    private func describe(_ assignment: ConfigurationAssignment?) -> String {
        guard let assignment else { return "nil" }
        return "\(assignment.value)@\(assignment.location)"
    }

    // MARK: Lookups

    @Test func laterAssignmentsOverrideEarlierOnes() throws {
        let configuration = try SystemdConfiguration(
            parsing: "[Daemon]\nFrameRate=30\nFrameRate=60\n[Other]\nFrameRate=1\n", file: "a.conf")
        #expect(describe(configuration.value("FrameRate", in: "Daemon")) == "60@a.conf:3")
        #expect(describe(configuration.value("FrameRate", in: "Other")) == "1@a.conf:5")
        #expect(configuration.value("FrameRate", in: "Missing") == nil)
        #expect(configuration.value("framerate", in: "Daemon") == nil)
    }

    @Test func emptyAssignmentResetsToTheDefault() throws {
        let configuration = try SystemdConfiguration(parsing: "[D]\nA=1\nA=\nB=1\nB=\nB=2\n", file: "a.conf")
        #expect(configuration.value("A", in: "D") == nil)
        #expect(describe(configuration.value("B", in: "D")) == "2@a.conf:6")
    }

    @Test func listValuesRestartAfterAnEmptyAssignment() throws {
        let configuration = try SystemdConfiguration(
            parsing: "[D]\nGroup=a\nGroup=b\nGroup=\nGroup=c\nGroup=d\n[E]\nGroup=x\n", file: "a.conf")
        #expect(configuration.values("Group", in: "D").map(\.value) == ["c", "d"])
        #expect(configuration.values("Group", in: "E").map(\.value) == ["x"])
        #expect(configuration.values("Missing", in: "D").isEmpty)
        let cleared = try SystemdConfiguration(parsing: "[D]\nGroup=a\nGroup=\n", file: "b.conf")
        #expect(cleared.values("Group", in: "D").isEmpty)
    }

    @Test func assignmentsInASectionKeepReadingOrder() throws {
        let configuration = try SystemdConfiguration(parsing: "[D]\nA=1\n[E]\nB=2\n[D]\nC=3\n", file: "a.conf")
        #expect(configuration.assignments(in: "D").map(\.key) == ["A", "C"])
        #expect(configuration.sectionNames == ["D", "E"])
    }

    @Test func schemaErrorsNameFileLineAndKey() throws {
        let configuration = try SystemdConfiguration(
            parsing: "[Daemon]\n\nFrameRat=60\n[Deamon]\n", file: "/etc/t.conf")
        let unknownKey = try #require(configuration.assignments.first).unknownKeyError()
        #expect(unknownKey.code == .unknownKey)
        #expect(
            unknownKey.message == "/etc/t.conf:3: unknown key FrameRat in [Daemon]; check its spelling or remove it")
        #expect(unknownKey.parameter == "Daemon.FrameRat")
        #expect(unknownKey.location == ConfigurationLocation(file: "/etc/t.conf", line: 3))
        let unknownSection = try #require(configuration.sectionHeaders.last).unknownSectionError()
        #expect(unknownSection.code == .unknownSection)
        #expect(unknownSection.message == "/etc/t.conf:4: unknown section [Deamon]; check its spelling or remove it")
    }

    // MARK: Loading files

    @Test func mainFileThenDropInsInLexicalOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("t.conf", "[D]\nA=main\nB=main\nC=main\n")
        try directory.write("t.conf.d/20-b.conf", "[D]\nB=20\nC=20\n")
        try directory.write("t.conf.d/10-a.conf", "[D]\nA=10\nC=10\n")
        try directory.write("t.conf.d/30-c.conf.disabled", "[D]\nA=ignored\n")
        try directory.write("t.conf.d/.hidden.conf", "[D]\nA=ignored\n")
        try directory.write("t.conf.d/Z.conf", "[D]\nZ=1\n")
        let configuration = try SystemdConfiguration.load(file: directory.file("t.conf"))
        #expect(
            configuration.files == [
                directory.file("t.conf"), directory.file("t.conf.d/10-a.conf"), directory.file("t.conf.d/20-b.conf"),
                directory.file("t.conf.d/Z.conf"),
            ])
        #expect(describe(configuration.value("A", in: "D")) == "10@\(directory.file("t.conf.d/10-a.conf")):2")
        #expect(describe(configuration.value("B", in: "D")) == "20@\(directory.file("t.conf.d/20-b.conf")):2")
        #expect(describe(configuration.value("C", in: "D")) == "20@\(directory.file("t.conf.d/20-b.conf")):3")
    }

    @Test func searchDirectoriesInPriorityOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // "etc" is searched before "usr": its main file wins outright, its drop-ins mask
        // same-named ones, and drop-ins of both are merged by name.
        try directory.write("etc/t.conf", "[D]\nMain=etc\n")
        try directory.write("usr/t.conf", "[D]\nMain=usr\nOnlyInUsrMain=1\n")
        try directory.write("etc/t.conf.d/50-shared.conf", "[D]\nShared=etc\n")
        try directory.write("usr/t.conf.d/50-shared.conf", "[D]\nShared=usr\n")
        try directory.write("usr/t.conf.d/10-vendor.conf", "[D]\nVendor=usr\nShared=vendor\n")
        try directory.write("usr/t.conf.d/90-masked.conf", "[D]\nMasked=usr\n")
        try #require(symlink("/dev/null", directory.file("etc/t.conf.d/90-masked.conf")) == 0)
        let configuration = try SystemdConfiguration.load(
            fileName: "t.conf",
            searchDirectories: [directory.file("etc"), directory.file("missing"), directory.file("usr")]
        )
        #expect(configuration.value("Main", in: "D")?.value == "etc")
        #expect(configuration.value("OnlyInUsrMain", in: "D") == nil)
        #expect(configuration.value("Vendor", in: "D")?.value == "usr")
        #expect(configuration.value("Shared", in: "D")?.value == "etc")
        #expect(configuration.value("Masked", in: "D") == nil)
        #expect(
            configuration.files == [
                directory.file("etc/t.conf"), directory.file("usr/t.conf.d/10-vendor.conf"),
                directory.file("etc/t.conf.d/50-shared.conf"), directory.file("etc/t.conf.d/90-masked.conf"),
            ])
    }

    @Test func missingFilesGiveAnEmptyConfiguration() throws {
        let configuration = try SystemdConfiguration.load(file: "/nonexistent/t.conf")
        #expect(configuration.assignments.isEmpty)
        #expect(configuration.files.isEmpty)
        #expect(try SystemdConfiguration.load(fileName: "t.conf", searchDirectories: []).files.isEmpty)
    }

    @Test func dropInsWithoutMainFileAreRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("t.conf.d/a.conf", "[D]\nA=1\n")
        #expect(try SystemdConfiguration.load(file: directory.file("t.conf")).value("A", in: "D")?.value == "1")
    }

    @Test func unreadableFilesAreErrorsWithErrno() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("t.conf"), withIntermediateDirectories: true)
        #expect {
            try SystemdConfiguration.load(file: directory.file("t.conf"))
        } throws: { error in
            let error = error as? SystemdError
            return error?.code == .unreadableFile && error?.errno == EISDIR
                && error?.parameter == directory.file("t.conf")
        }
    }

    @Test func syntaxErrorsInDropInsNameTheDropIn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("t.conf", "[D]\nA=1\n")
        try directory.write("t.conf.d/bad.conf", "[D]\n\nbroken\n")
        #expect {
            try SystemdConfiguration.load(file: directory.file("t.conf"))
        } throws: { error in
            (error as? SystemdError)?.message
                == "\(directory.file("t.conf.d/bad.conf")):3: missing '=' in 'broken'; write Key=Value"
        }
    }
}
