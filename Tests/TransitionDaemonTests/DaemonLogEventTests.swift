import Foundation
import SystemdSupport
import Testing
import TransitionTestSupport

@testable import TransitionDaemon

@Suite struct DaemonLogEventTests {
    @Test func idsAndNamesAreUnique() {
        let events = DaemonLogEvent.all
        #expect(Set(events.map(\.messageID)).count == events.count)
        #expect(Set(events.map(\.name)).count == events.count)
        for event in events {
            #expect(DaemonLogEvent.named(event.name) == event)
            #expect(event.rateLimitBurst.map { $0 > 0 } ?? true)
            // Failures are errors or warnings, never quieter.
            if event.name.hasSuffix("-failed") || event.name.hasSuffix("-rejected") && event.name != "request-rejected"
            {
                #expect(event.priority <= .warning, "\(event.name)")
            }
        }
        #expect(DaemonLogEvent.named("no-such-event") == nil)
    }

    /// The catalog file has exactly one entry per event, in the same order, each with a subject.
    @Test func theCatalogExplainsEveryEvent() throws {
        let catalog = try #require(TextFile.read(RepositoryFiles.path("systemd/transitiond.catalog")))
        let headers = catalog.split(separator: "\n").filter { $0.hasPrefix("-- ") }.map { String($0.dropFirst(3)) }
        #expect(headers == DaemonLogEvent.all.map(\.messageID.description))
        let entries = catalog.components(separatedBy: "\n-- ").dropFirst()
        #expect(entries.count == DaemonLogEvent.all.count)
        for entry in entries {
            #expect(entry.contains("\nSubject: "), "\(entry.prefix(40))")
            #expect(entry.contains("\nDefined-By: transitiond\n"), "\(entry.prefix(40))")
        }
    }

    /// systemd's own parser accepts the catalog: `journalctl --update-catalog` into a temporary root,
    /// then `--list-catalog` names every id with its subject.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/journalctl")))
    func journalctlCompilesTheCatalog() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let catalog = try #require(TextFile.read(RepositoryFiles.path("systemd/transitiond.catalog")))
        try root.write("usr/lib/systemd/catalog/transitiond.catalog", catalog)
        let update = try ChildProcess.run(["journalctl", "--root=\(root.path)", "--update-catalog"])
        #expect(update.status == 0, "\(update.errors)")
        let list = try ChildProcess.run(["journalctl", "--root=\(root.path)", "--list-catalog"])
        let listed = Set(
            list.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
        #expect(listed == Set(DaemonLogEvent.all.map(\.messageID.description)))
        #expect(list.output.contains("7f999af03b59431ab844b11df9bb9c4d transitiond: A transition began"))
    }

    @Test func theDocumentationListsEveryEvent() throws {
        let page = try #require(TextFile.read(RepositoryFiles.path("docs/journal.md")))
        for event in DaemonLogEvent.all {
            #expect(page.contains("| `\(event.name)` | `\(event.messageID)` | "), "docs/journal.md lacks \(event.name)")
        }
    }
}
