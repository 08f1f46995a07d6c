import TransitionClient

/// One line per event, for `watch` when its output is not a terminal and for the recent events of the
/// live view: `[frame] kind details`.
public enum WatchEventText {
    /// The event as one line, without a newline.
    public static func line(_ event: StackEventMessage) -> String {
        var words = ["[\(event.frameIndex)]", event.kind]
        if let id = event.transitionId, id > 0 || event.kind != "stackChanged" { words.append("transition \(id)") }
        switch event.kind {
        case "began":
            words.append(
                "\(event.operation ?? "?") with \(event.animator ?? "?"), \(event.fromScreen ?? "?") → \(event.toScreen ?? "?")"
            )
            if event.interactive == true { words.append("(interactive)") }
        case "stackChanged":
            words.append("screens " + (event.screens ?? []).joined(separator: " → "))
            if let presented = event.presented, !presented.isEmpty {
                words.append("presented " + presented.joined(separator: " → "))
            }
            if let tab = event.selectedTab { words.append("tab \(tab)") }
        default:
            break
        }
        if let error = event.error { words.append("\(error.error): \(error.message)") }
        return words.joined(separator: " ")
    }
}
