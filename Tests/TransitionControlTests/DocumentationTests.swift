import Testing
import TransitionControl
import TransitionTestSupport

/// The man page and the bash completion know every command and option the tool declares.
@Suite("Documentation")
struct DocumentationTests {
    /// Every runnable command with its path (`interactive begin`) and options.
    static var commands: [(path: String, options: [OptionDeclaration])] {
        Transitionctl.commands.flatMap { command in
            command.subcommands.isEmpty
                ? [(command.name, command.options)]
                : command.subcommands.map { ("\(command.name) \($0.name)", $0.options) }
        }
    }

    /// Text as groff writes it in the man page's source: `-` escaped.
    static func roff(_ text: String) -> String {
        text.replacing("-", with: "\\-")
    }

    @Test func theManPageDescribesEveryCommandAndOption() {
        let page = TextFile.read(RepositoryFiles.path("docs/man/transitionctl.1")) ?? ""
        #expect(!page.isEmpty)
        for (path, options) in Self.commands {
            let name = path.split(separator: " ").last.map(String.init) ?? path
            #expect(page.contains(Self.roff(name)), "\(path)")
            for option in options {
                #expect(page.contains(Self.roff(option.spelling)), "\(path) \(option.spelling)")
            }
        }
        for option in Transitionctl.globalOptions {
            #expect(page.contains(Self.roff(option.spelling)), "\(option.spelling)")
        }
    }

    @Test func theCompletionOffersEveryCommandsOptions() {
        let script = TextFile.read(RepositoryFiles.path("shell-completion/bash/transitionctl")) ?? ""
        #expect(!script.isEmpty)
        for (path, options) in Self.commands {
            #expect(script.contains("[\(path)]="), "\(path)")
            for option in options {
                let spelling = option.spelling + (option.takesValue ? "=" : "")
                #expect(script.contains(spelling), "\(path) \(spelling)")
            }
        }
    }
}
