import Varlink

/// The `io.transitiond` interface definition: the contract between the daemon and its clients.
///
/// The text is the same, byte for byte, as the `io.transitiond.varlink` file beside this module's
/// sources (a test checks it). It is compiled in, so the installed daemon needs no resource bundle, and
/// `GetInterfaceDescription` serves it verbatim. docs/protocol.md explains every method.
public enum TransitionInterface {
    /// The interface name, `io.transitiond`.
    public static let name = "io.transitiond"

    /// The interface definition text, served verbatim by `GetInterfaceDescription`.
    public static let description = #"""
        # transitiond: navigation stacks of screens and their transitions, with UIKit's semantics.
        #
        # A stack is a navigation stack (screens pushed and popped), a modal layer (screens presented over it)
        # and optional tabs. Operations run transitions with an animator; subscribers receive the frames and
        # events. Screens and animators are JSON objects documented in docs/screens.md and docs/animators.md;
        # frames in docs/frames.md; this interface in docs/protocol.md. Enumerations and open string sets are
        # open: clients ignore values they do not know.
        # Every error carries the parameter at fault and a message saying what to do. A rejected call changes
        # nothing. Anyone connected may read and subscribe; only a stack's owner, root or members of the
        # control group may change it.
        interface io.transitiond

        # What a transition does, as UIKit's delegates name it.
        type Operation (push, pop, present, dismiss, selectTab)

        # What happens to an operation that arrives while a transition runs.
        # queue: it runs after the running one (in order; the default).
        # retarget: an operation undoing the running one (a pop during a push, a dismiss during a present)
        # reverses it from where it is, keeping its velocity; any other is queued.
        # reject: it fails with TransitionInProgress.
        type OperationPolicy (queue, retarget, reject)

        # What happens to an interactive transition whose driving client disconnects.
        type DisconnectRule (cancel, finish)

        # Chooses the animator for an operation, like the navigation controller delegate's
        # animationControllerForOperation:fromViewController:toViewController:. Rules are tried in order;
        # the first whose non-null fields all match wins. No match means the built-in "slide".
        type AnimatorRule (
          # The operation it applies to; null for any.
          operation: ?Operation,
          # The kind of the screen being left; null for any.
          fromKind: ?string,
          # The kind of the screen being shown; null for any.
          toKind: ?string,
          # The identifier of the screen being left; null for any.
          fromScreen: ?string,
          # The identifier of the screen being shown; null for any.
          toScreen: ?string,
          # The animator's name (built-in or defined with DefineAnimator).
          animator: string,
          # Whether BeginInteractive may drive this transition (the delegate's interaction controller);
          # null means true.
          interactive: ?bool
        )

        # A tab of a stack: its own navigation stack of screens.
        type Tab (
          # The tab's name, unique within the stack.
          name: string,
          # Its screens, bottom to top; the first is the tab's root. At least one.
          screens: []object
        )

        # The running transition of a stack.
        type TransitionState (
          # The operation's number: unique within its stack for the daemon's run, increasing.
          id: int,
          operation: Operation,
          animator: string,
          # The screen being left and the screen being shown.
          fromScreen: string,
          toScreen: string,
          # Plan time divided by completion time, 0 to 1.
          fraction: float,
          # Seconds from the beginning to completion.
          durationSeconds: float,
          # Whether a gesture drives it (between BeginInteractive and FinishInteractive or CancelInteractive).
          interactive: bool,
          paused: bool,
          # Whether it heads back to its start (it then ends cancelled).
          reversed: bool
        )

        # A stack's committed state and its running transition.
        type StackState (
          name: string,
          # The uid of the client that created it.
          ownerUid: int,
          # Container size in points.
          containerWidth: float,
          containerHeight: float,
          # Navigation stack screen identifiers, root first (of the selected tab when there are tabs).
          screens: []string,
          # Presented screen identifiers, bottom first.
          presented: []string,
          # Tab names; a stack created without tabs has the one tab "main".
          tabs: []string,
          selectedTab: ?string,
          policy: OperationPolicy,
          rules: []AnimatorRule,
          # Operations waiting behind the running transition.
          queuedOperations: int,
          transition: ?TransitionState,
          # The screens themselves (JSON objects) in the order of `screens` then `presented`, when asked for.
          screenObjects: ?[]object
        )

        # One line of ListStacks.
        type StackSummary (
          name: string,
          ownerUid: int,
          # The visible screen: the top presented screen, else the top of the selected tab.
          topScreen: string,
          # Screens in the selected tab's navigation stack.
          depth: int,
          animating: bool
        )

        # What an operation did.
        type OperationResult (
          # The operation's number (for a queued operation, the transition it will run has this id; for
          # retargeted, the id of the running transition that was reversed).
          transitionId: int,
          # started: its transition runs now; queued: it waits behind others; retargeted: it reversed the
          # running transition (policy retarget), which will end cancelled; completed: it changed the stack at
          # once, durably (animated false, or nothing visible changes); unchanged: the stack already shows
          # what was asked for. Open set.
          outcome: string,
          # Operations ahead of it in the queue, counting itself (1 = next); 0 unless queued.
          queuePosition: int
        )

        # Why a queued operation failed, or why a transition was cancelled by the daemon.
        type EventError (
          # The error's name, as a call would have failed (e.g. io.transitiond.StackUnderflow).
          error: string,
          parameter: string,
          message: string
        )

        # An event of a stack, delivered to subscribers in order and never dropped.
        type StackEvent (
          # began, completed, cancelled, stackChanged, operationFailed, stackDeleted (open set).
          # completed and stackChanged are sent once the new state is on disk.
          kind: string,
          stack: string,
          # The operation's number; 0 for a stackChanged caused by SetRules.
          transitionId: ?int,
          operation: ?Operation,
          animator: ?string,
          fromScreen: ?string,
          toScreen: ?string,
          interactive: ?bool,
          # The stack's screens after a committed change (stackChanged).
          screens: ?[]string,
          presented: ?[]string,
          selectedTab: ?string,
          # operationFailed: why the queued operation was dropped; cancelled: set when the new state could
          # not be written.
          error: ?EventError,
          # The display link's frame index when it happened.
          frameIndex: int
        )

        # One line of ListAnimators.
        type AnimatorSummary (
          name: string,
          summary: string,
          operations: []Operation,
          builtin: bool
        )

        # Counters of the daemon (including stacks deleted since it started), or of one stack (GetStats with a
        # stack: the stack's transitions, frames and subscribers; the clock's figures are the daemon's).
        type Statistics (
          transitionsBegun: int,
          transitionsCompleted: int,
          transitionsCancelled: int,
          # Commits that could not be written (their transitions ended cancelled).
          commitFailures: int,
          framesProduced: int,
          # Frames replaced before a subscriber read them (since the daemon started).
          subscriberFramesCoalesced: int,
          # Subscribers ended for falling too far behind on events.
          subscribersEnded: int,
          stacks: int,
          animatingStacks: int,
          # Connected clients (daemon) or subscribers (one stack).
          clients: int,
          # Display-link ticks delivered, and frames skipped because a tick came late or the previous was busy.
          ticks: int,
          framesSkippedLate: int,
          framesSkippedBusy: int,
          # Display-link tick lateness against the ideal grid, microseconds.
          latenessP50Microseconds: float,
          latenessP99Microseconds: float,
          latenessMaxMicroseconds: float,
          # Ticks that ran while nothing animated (0 when healthy: an idle daemon does not wake up).
          idleTicks: int,
          # The display link's rate.
          framesPerSecond: float,
          # Transition plans compiled, and plans reused from the cache for an equal request (the daemon's
          # figures, with or without stack; docs/engine.md).
          plansCompiled: int,
          plansReused: int
        )

        # Creates a stack owned by the caller's uid, with either a root screen or tabs (exactly one of them).
        method CreateStack(
          name: string,
          # Container size in points; positive.
          width: float,
          height: float,
          # The root screen (docs/screens.md).
          root: ?object,
          # Tabs, each with its own stack of screens; the first is selected.
          tabs: ?[]Tab,
          policy: ?OperationPolicy,
          rules: ?[]AnimatorRule
        ) -> (stack: StackState)

        # Deletes a stack: its subscribers get a stackDeleted event and their streams end; a running
        # transition is abandoned (the stack is gone). Only the owner, root or the control group.
        method DeleteStack(name: string) -> ()

        # Lists every stack, sorted by name.
        method ListStacks() -> (stacks: []StackSummary)

        # A stack's state; with includeScreens, the screen objects too.
        method GetStack(name: string, includeScreens: ?bool) -> (stack: StackState)

        # Replaces a stack's animator rules and, optionally, its policy. Like an operation it waits for the
        # running transition (policy queue); the result is the rules change's.
        method SetRules(stack: string, rules: []AnimatorRule, policy: ?OperationPolicy) -> (result: OperationResult)

        # Pushes a screen. animator overrides the rules; animated false completes at once; sourceNode names
        # the from-screen node the push started from (the `source` role of animators such as zoom); one the
        # screen being left does not have is InvalidValue.
        method Push(stack: string, screen: object, animator: ?string, animated: ?bool, sourceNode: ?string)
          -> (result: OperationResult)

        # Pops the top screen; popping the root is StackUnderflow.
        method Pop(stack: string, animator: ?string, animated: ?bool) -> (result: OperationResult)

        # Pops to the root screen.
        method PopToRoot(stack: string, animator: ?string, animated: ?bool) -> (result: OperationResult)

        # Pops to the named screen, which must be in the selected tab (the top itself is unchanged).
        method PopTo(stack: string, screen: string, animator: ?string, animated: ?bool) -> (result: OperationResult)

        # Replaces the whole navigation stack; animated with push when the new top is new, pop when it was in
        # the stack, not at all when the top stays.
        method SetScreens(stack: string, screens: []object, animator: ?string, animated: ?bool)
          -> (result: OperationResult)

        # Presents a screen over the stack (or over the presented screen).
        method Present(stack: string, screen: object, animator: ?string, animated: ?bool) -> (result: OperationResult)

        # Dismisses the top presented screen; with nothing presented, NothingPresented.
        method Dismiss(stack: string, animator: ?string, animated: ?bool) -> (result: OperationResult)

        # Selects a tab.
        method SelectTab(stack: string, tab: string, animator: ?string, animated: ?bool) -> (result: OperationResult)

        # Starts an interactive transition paused at fraction 0, driven by UpdateInteractive, ended by
        # FinishInteractive or CancelInteractive. The stack must be idle. screen is required for push and
        # present, tab for selectTab; toScreen makes a pop pop to that screen. onDisconnect says what happens
        # if this connection closes before the end (default cancel).
        method BeginInteractive(
          stack: string,
          operation: Operation,
          screen: ?object,
          tab: ?string,
          toScreen: ?string,
          animator: ?string,
          sourceNode: ?string,
          onDisconnect: ?DisconnectRule
        ) -> (result: OperationResult)

        # Moves the interactive transition to fraction (0 to 1, linear in time). May be sent oneway: updates
        # then coalesce (the latest wins) and errors are not reported.
        method UpdateInteractive(stack: string, fraction: float) -> ()

        # Animates the rest forward. velocity: the gesture's speed in fractions per second, positive toward
        # completion (a spring then continues it); completionSpeed (default 1, positive) divides the remaining
        # time; completionCurve: linear, easeIn, easeOut or easeInEaseOut (the default, as
        # UIPercentDrivenInteractiveTransition's).
        method FinishInteractive(stack: string, velocity: ?float, completionSpeed: ?float, completionCurve: ?string)
          -> ()

        # Animates back to the start, then the stack is exactly as before. Fields as FinishInteractive's;
        # velocity keeps its sign convention (fractions per second toward completion), so a gesture moving back
        # toward the start has a negative velocity.
        method CancelInteractive(stack: string, velocity: ?float, completionSpeed: ?float, completionCurve: ?string)
          -> ()

        # Pauses the running transition where it is.
        method Pause(stack: string) -> ()

        # Resumes a paused transition in its current direction.
        method Resume(stack: string) -> ()

        # Reverses the running transition's direction (UIViewPropertyAnimator.isReversed).
        method Reverse(stack: string) -> ()

        # Moves a paused transition to fraction (0 to 1).
        method Scrub(stack: string, fraction: float) -> ()

        # Streams a stack's events and frames until the client leaves; call with more. The first reply is the
        # current state as a frame (unless a transition runs: its next frame), sent even when frames is false so
        # that the client knows it is subscribed; events from then on are complete. Each reply carries an event
        # or a frame; framesMissed counts frames coalesced away since the previous frame because this client
        # read slowly. frames and events (default true) choose what to receive. A client that falls too far
        # behind on events gets LimitExceeded and its stream ends; a deleted stack ends the stream with a final
        # stackDeleted event. The stream keeps its connection busy (later calls on it wait until it ends), so
        # subscribe on a connection of its own, one per stack.
        method Subscribe(stack: string, frames: ?bool, events: ?bool)
          -> (event: ?StackEvent, frame: ?object, framesMissed: ?int)

        # Lists the animators, built-ins and defined ones, sorted by name.
        method ListAnimators() -> (animators: []AnimatorSummary)

        # Defines (or with replace, redefines) an animator (docs/animators.md); it is kept across restarts.
        # Built-ins cannot be replaced; an animator a client defined may be replaced only by that client's
        # uid, root or members of the control group (PermissionDenied otherwise).
        method DefineAnimator(animator: object, replace: ?bool) -> (name: string, operations: []Operation)

        # The daemon's counters, or one stack's.
        method GetStats(stack: ?string) -> (statistics: Statistics)

        # No stack has this name.
        error NoSuchStack (parameter: string, message: string, stack: string)

        # A stack with this name exists.
        error StackExists (parameter: string, message: string, stack: string)

        # The stack has no screen with this identifier where the operation needs it.
        error NoSuchScreen (parameter: string, message: string, stack: string, screen: string)

        # The stack has no tab with this name.
        error NoSuchTab (parameter: string, message: string, stack: string, tab: string)

        # A screen with this identifier is already in the stack.
        error ScreenExists (parameter: string, message: string, stack: string, screen: string)

        # A navigation operation while a screen is presented; dismiss it first.
        error ScreenPresented (parameter: string, message: string, stack: string)

        # The operation would pop the root screen.
        error StackUnderflow (parameter: string, message: string, stack: string)

        # Dismiss with nothing presented.
        error NothingPresented (parameter: string, message: string, stack: string)

        # A transition runs and the stack's policy rejects operations meanwhile, or a gesture drives it, or
        # BeginInteractive found the stack busy. transitionId is the running transition's (0 if none).
        error TransitionInProgress (parameter: string, message: string, stack: string, transitionId: int)

        # No transition runs (Pause, Resume, Reverse, Scrub, UpdateInteractive), or BeginInteractive's
        # operation changes nothing visible.
        error NoTransition (parameter: string, message: string, stack: string)

        # The call needs an interactive transition and the running one is not.
        error NotInteractive (parameter: string, message: string, stack: string)

        # The stack's animator rules do not allow this transition to be interactive.
        error InteractionNotAllowed (parameter: string, message: string, stack: string)

        # Scrub on a transition that is running; pause it first.
        error TransitionNotPaused (parameter: string, message: string, stack: string)

        # No animator has this name, or it has no variant for the operation.
        error NoSuchAnimator (parameter: string, message: string, animator: string)

        # DefineAnimator without replace, for a name that is defined.
        error AnimatorExists (parameter: string, message: string, animator: string)

        # An animator (DefineAnimator, or compiled for an operation) is malformed; parameter is the field path.
        error InvalidAnimator (parameter: string, message: string)

        # A screen is malformed; parameter is the field path.
        error InvalidScreen (parameter: string, message: string)

        # A parameter is out of range or malformed (a fraction outside 0 to 1, a negative size).
        error InvalidValue (parameter: string, message: string)

        # A limit would be exceeded. limit names it: connections, stacks, stacksPerUser, subscribersPerStack,
        # subscriberEvents, queuedOperations, messageBytes (configured), nodesPerStack (16,384 nodes across all
        # of a stack's screens, fixed), or storedStateBytes (a stack's stored JSON, 64 MiB less 267 bytes,
        # fixed) (open set).
        error LimitExceeded (parameter: string, message: string, limit: string, maximum: int)

        # Only the stack's owner, root or members of the control group may change it (stack names it), or
        # replace an animator a client defined (animator names it). uid is the caller's.
        error PermissionDenied (parameter: string, message: string, stack: ?string, animator: ?string, uid: int)

        # The daemon is stopping and accepts no new operations.
        error ShuttingDown (parameter: string, message: string)

        # The state could not be written (disk full, I/O error); nothing changed.
        error StorageFailed (parameter: string, message: string)

        # The daemon failed in a way this interface version does not name; reason is its internal code.
        error OperationFailed (parameter: string, message: string, reason: string)

        """#

    /// The parsed interface. Parsing happens once, at first use; a text that does not parse is our bug
    /// (the tests parse it), so it traps.
    public static let interface: VarlinkInterface = {
        do {
            return try VarlinkInterface(parsing: description)
        } catch {
            preconditionFailure("io.transitiond does not parse: \(error)")
        }
    }()

    /// The fully qualified name of a member of this interface, e.g. `io.transitiond.NoSuchStack`.
    public static func qualifiedName(_ member: String) -> String { name + "." + member }
}
