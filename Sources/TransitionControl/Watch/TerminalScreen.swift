#if canImport(Glibc)
    import Glibc
#endif

/// A terminal used as a screen that is redrawn in place: the alternate screen buffer with the cursor
/// hidden while in use, each frame written from the home position with the rest of every line and of
/// the screen erased, and everything restored by ``restore()``.
///
/// The control sequences are ECMA-48 / xterm's (`CSI ? 1049 h` alternate screen, `CSI ? 25 l` hidden
/// cursor, `CSI H` home, `CSI K` erase to the end of line, `CSI J` erase below), which every terminal
/// emulator in use understands.
public final class TerminalScreen {
    /// Where the frames go.
    public let output: OutputChannel
    private let descriptor: Int32
    private var active = false

    static let enter = "\u{1B}[?1049h\u{1B}[?25l"
    static let leave = "\u{1B}[?25h\u{1B}[?1049l"
    static let home = "\u{1B}[H"
    static let eraseLine = "\u{1B}[K"
    static let eraseBelow = "\u{1B}[J"

    /// A screen on `output`, whose size is read from `descriptor` (standard output's).
    public init(output: OutputChannel, descriptor: Int32) {
        self.output = output
        self.descriptor = descriptor
    }

    /// The terminal's size (columns, rows) from `TIOCGWINSZ` (tty_ioctl(4)), read at every frame so that
    /// a resized window is followed; `fallback` when the terminal does not say.
    public func size(fallback: (columns: Int, rows: Int)) -> (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return fallback
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Switches to the alternate screen and hides the cursor.
    public func begin() throws(CommandError) {
        active = true
        output.write(Self.enter)
        try output.flush()
    }

    /// Draws `lines`, replacing what was there.
    public func draw(_ lines: [String]) throws(CommandError) {
        var text = Self.home
        for (index, line) in lines.enumerated() {
            text += line + Self.eraseLine
            if index < lines.count - 1 { text += "\r\n" }
        }
        text += Self.eraseBelow
        output.write(text)
        try output.flush()
    }

    /// Shows the cursor and returns to the normal screen, as it was before ``begin()``. Idempotent.
    public func restore() {
        guard active else { return }
        active = false
        output.write(Self.leave)
        try? output.flush()
    }

    deinit { restore() }
}
