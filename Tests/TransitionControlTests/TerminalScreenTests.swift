import Testing
import TransitionControl

/// The control sequences of the live view's screen.
@Suite("Terminal screen")
struct TerminalScreenTests {
    @Test func entersDrawsAndRestoresOnce() throws {
        let output = OutputChannel.memory()
        let screen = TerminalScreen(output: output, descriptor: -1)
        try screen.begin()
        try screen.draw(["one", "two"])
        screen.restore()
        screen.restore()
        // Alternate screen and hidden cursor; home, each line erased to its end; the rest erased; then the
        // cursor shown and the normal screen back, once.
        #expect(
            output.writtenText
                == "\u{1B}[?1049h\u{1B}[?25l" + "\u{1B}[Hone\u{1B}[K\r\ntwo\u{1B}[K\u{1B}[J"
                + "\u{1B}[?25h\u{1B}[?1049l")
    }

    @Test func theSizeFallsBackWhenTheDescriptorIsNoTerminal() {
        let screen = TerminalScreen(output: .memory(), descriptor: -1)
        let size = screen.size(fallback: (columns: 91, rows: 17))
        #expect(size.columns == 91)
        #expect(size.rows == 17)
    }
}
