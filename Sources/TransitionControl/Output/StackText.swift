import TransitionClient

/// How `list`, `status` and `rules` print stacks.
public enum StackText {
    /// The `list` table: name, owner, visible screen, depth, whether it animates.
    public static func list(_ stacks: [StackSummary], showsLegend: Bool) -> String {
        let table = TableFormatter(
            headers: ["name", "owner", "top", "depth", "animating"],
            rows: stacks.map {
                [$0.name, String($0.ownerUid), $0.topScreen, String($0.depth), $0.animating ? "yes" : "no"]
            })
        let noun = stacks.count == 1 ? "stack" : "stacks"
        return table.text(showsLegend: showsLegend, legend: "\(stacks.count) \(noun) listed.")
    }

    /// The presented screens, bottom first, each presented other than full screen followed by its style
    /// in parentheses (`sheet (overCurrentContext)`); a daemon older than presentation styles gives none.
    static func presented(_ stack: StackDescription) -> String {
        let styles = stack.presentationStyles ?? []
        return stack.presented.enumerated().map { index, screen in
            let style = index < styles.count ? styles[index] : "fullScreen"
            return style == "fullScreen" ? screen : "\(screen) (\(style))"
        }.joined(separator: " → ")
    }

    /// The `status` block of a stack.
    public static func status(_ stack: StackDescription) -> String {
        var list = KeyValueList()
        list.append("Stack", stack.name)
        list.append("Owner", "uid \(stack.ownerUid)")
        list.append("Container", "\(NumberText.short(stack.containerWidth))x\(NumberText.short(stack.containerHeight))")
        if stack.tabs.count > 1 || stack.tabs.first != "main" {
            list.append(
                "Tabs", stack.tabs.map { $0 == stack.selectedTab ? "\($0) (selected)" : $0 }.joined(separator: ", "))
        }
        list.append("Screens", stack.screens.joined(separator: " → "))
        if !stack.presented.isEmpty { list.append("Presented", presented(stack)) }
        list.append("Policy", stack.policy)
        list.append("Rules", stack.rules.isEmpty ? "none (slide)" : stack.rules.map(rule).joined(separator: "\n"))
        if let transition = stack.transition {
            list.append(
                "Transition",
                "\(transition.id) \(transition.operation) with \(transition.animator), "
                    + "\(transition.fromScreen) → \(transition.toScreen)")
            var progress = ProgressBar.text(fraction: transition.fraction, width: ProgressBar.defaultWidth)
            progress +=
                " \(NumberText.percent(transition.fraction)) of \(NumberText.fixed(transition.durationSeconds, decimals: 3)) s"
            if transition.interactive { progress += ", interactive" }
            if transition.paused { progress += ", paused" }
            if transition.reversed { progress += ", reversed" }
            list.append("Progress", progress)
        } else {
            list.append("Transition", "none")
        }
        if stack.queuedOperations > 0 {
            list.append("Queued", "\(stack.queuedOperations) operation" + (stack.queuedOperations == 1 ? "" : "s"))
        }
        return list.text
    }

    /// One rule as text: its conditions, then the animator: `push, toKind=photo → zoom (not interactive)`.
    public static func rule(_ rule: AnimatorRuleDescription) -> String {
        var conditions: [String] = []
        if let operation = rule.operation { conditions.append(operation) }
        if let value = rule.fromKind { conditions.append("fromKind=\(value)") }
        if let value = rule.toKind { conditions.append("toKind=\(value)") }
        if let value = rule.fromScreen { conditions.append("fromScreen=\(value)") }
        if let value = rule.toScreen { conditions.append("toScreen=\(value)") }
        var text = (conditions.isEmpty ? "any" : conditions.joined(separator: ", ")) + " → " + rule.animator
        if rule.interactive == false { text += " (not interactive)" }
        return text
    }

    /// The `rules` table: one rule per line in the order they are tried.
    public static func rules(_ rules: [AnimatorRuleDescription], policy: String, showsLegend: Bool) -> String {
        let dash = "-"
        let table = TableFormatter(
            headers: ["#", "operation", "from-kind", "to-kind", "from-screen", "to-screen", "animator", "interactive"],
            rows: rules.enumerated().map { index, rule in
                [
                    String(index + 1), rule.operation ?? dash, rule.fromKind ?? dash, rule.toKind ?? dash,
                    rule.fromScreen ?? dash, rule.toScreen ?? dash, rule.animator,
                    rule.interactive == false ? "no" : "yes",
                ]
            })
        let noun = rules.count == 1 ? "rule" : "rules"
        let fallback = rules.isEmpty ? " Every transition uses slide." : ""
        return table.text(showsLegend: showsLegend, legend: "\(rules.count) \(noun), policy \(policy).\(fallback)")
    }
}
