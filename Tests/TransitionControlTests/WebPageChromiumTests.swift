import JSON
import SystemPrimitives
import Testing
import TransitionControl
import TransitionTestSupport

/// `transitionctl web`'s page in a real headless Chromium (Debian's chromium and chromium-driver,
/// driven by Python's selenium through `Scripts/web_page.py`), against the real daemon: what it draws
/// matches the frames, its gestures drive the daemon, and two pages see the same frames.
@Suite("transitionctl web in Chromium")
struct WebPageChromiumTests {
    /// What the script printed, or nil (with the failure recorded) when the browser tools are missing.
    static func browse(
        _ server: WebServerProcess, _ scenario: String, _ arguments: [String], directory: TemporaryDirectory
    ) async throws -> JSONValue? {
        guard ChildProcess.find(["chromium"]) != nil, ChildProcess.find(["chromedriver"]) != nil else {
            Issue.record("chromium and chromium-driver are not installed; scripts/install-dependencies installs them")
            return nil
        }
        let child = try WebPageScript.start(
            url: server.url, scenario: scenario, directory: directory, arguments: arguments)
        let result = await child.finish()
        #expect(result.status == 0, "\(result.errors)")
        guard let line = result.output.split(separator: "\n").last else {
            Issue.record("web_page.py printed nothing: \(result.errors)")
            return nil
        }
        return try JSONReader.parse(String(line))
    }

    /// A daemon with `main` showing `root` (a file of docs/examples/screens), and `screens` pushed
    /// without animation on top.
    static func daemon(root: String, pushed: [String] = []) async throws -> DaemonUnderTest {
        let daemon = try DaemonUnderTest()
        let created = await ToolRun.transitionctl(
            ["create-stack", "main", SeedFiles.screenPath(root), "--size", "375x667"], socket: daemon.socketPath)
        #expect(created.status == .success, "\(created.errors)")
        for screen in pushed {
            let push = await ToolRun.transitionctl(
                ["push", "main", SeedFiles.screenPath(screen), "--no-animation"], socket: daemon.socketPath)
            #expect(push.status == .success, "\(push.errors)")
        }
        return daemon
    }

    /// Runs `scenario` with `arguments` on a page of `transitionctl web` (started with
    /// `serverArguments`) serving a daemon whose `main` shows `root` with `pushed` on top; `check` gets
    /// the script's report and the daemon, still running, then the server and the daemon stop. Nothing is
    /// checked when the browser tools are missing (that is recorded as an issue). With
    /// `TRANSITIOND_RECORD_SCREENSHOTS=1`, the page's screenshot (`page.png`, which `geometry` takes) is
    /// written to docs/images/`screenshot`.png.
    static func scenario(
        _ scenario: String, _ arguments: [String], root: String, pushed: [String] = [],
        serverArguments: [String] = [], screenshot: String? = nil,
        check: (JSONValue, DaemonUnderTest) async throws -> Void
    ) async throws {
        let daemon = try await Self.daemon(root: root, pushed: pushed)
        defer { daemon.stop() }
        let server = try await WebServerProcess.start(socket: daemon.socketPath, serverArguments)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        guard let result = try await Self.browse(server, scenario, arguments, directory: directory) else { return }
        try await check(result, daemon)
        if let screenshot, TestProcessEnvironment.forChildren["TRANSITIOND_RECORD_SCREENSHOTS"] == "1" {
            let picture = TextFile.readBytes(directory.file("page.png")) ?? []
            try TextFile.writeBytes(picture, to: RepositoryFiles.path("docs/images/\(screenshot).png"))
        }
        _ = await server.stop()
    }

    /// Whether two `#RRGGBB` colours differ by at most `tolerance` in every channel.
    static func close(_ expected: String, _ actual: String, tolerance: Int = 3) -> Bool {
        func channels(_ text: String) -> [Int] {
            let digits = Array(text.dropFirst())
            guard digits.count == 6 else { return [] }
            return stride(from: 0, to: 6, by: 2).compactMap { Int(String(digits[$0...$0 + 1]), radix: 16) }
        }
        let (a, b) = (channels(expected), channels(actual))
        return a.count == 3 && b.count == 3 && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(arguments: [
        ("seed000-index", "seed000-detail", "zoom", "0.2", "tile3"),
        ("seed001-first", "seed001-second", "pageTurn", "1", ""),
    ])
    func everyNodeIsDrawnOnItsQuadWithItsStyle(
        root: String, pushed: String, animator: String, seconds: String, source: String
    ) async throws {
        var arguments = [SeedFiles.screenPath(pushed), animator, seconds]
        if !source.isEmpty { arguments.append(source) }
        try await Self.scenario("geometry", arguments, root: root, screenshot: "web-\(animator)") { result, _ in
            #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
            #expect((result["nodes"]?.intValue ?? 0) > 3, "\(result)")
            // The page drew the frame at the scrubbed time (a frame's `time` counts the pause too; its progress
            // is the plan's).
            let progress = result["progress"]?.doubleValue ?? -1
            #expect(abs(progress - (result["fraction"]?.doubleValue ?? 0)) < 0.00001, "\(result)")
            // Every drawn corner within 1 CSS pixel of the frame's quad at the page's scale.
            #expect((result["maxCornerError"]?.doubleValue ?? 99) <= 1, "\(result)")
            let colours = result["colours"]?.arrayValue ?? []
            #expect(!colours.isEmpty)
            for colour in colours {
                let expected = colour["expected"]?.stringValue ?? ""
                let actual = colour["actual"]?.stringValue ?? ""
                #expect(Self.close(expected, actual), "\(colour)")
            }
            // Text appears inside its node's quad.
            let texts = result["texts"]?.arrayValue ?? []
            #expect(!texts.isEmpty, "\(result)")
            for text in texts { #expect(text["inside"] == true, "\(text)") }
        }
    }

    /// Seed 002: a click on cell 3 in the page chooses it as the source, and the magic move pushes the
    /// photo of that cell (its image and the detail's share `photo-3`) interactively, held at 0.1 s of its
    /// 0.6 s spring: the snapshot flying between them is drawn with every corner within 1 CSS pixel of
    /// the frame's quad, mid-flight (neither the cell's image nor the detail's).
    @Test func seed002sMagicMoveFlightFromATappedCellIsDrawnOnItsQuad() async throws {
        let arguments = [SeedFiles.screenPath("seed002-photo"), "magicMove", "0.1", "cell3", "tap"]
        try await Self.scenario("geometry", arguments, root: "seed002-photos") { result, _ in
            #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
            #expect(result["selected"]?["node"] == "cell3", "\(result)")
            let progress = result["progress"]?.doubleValue ?? -1
            #expect(abs(progress - (result["fraction"]?.doubleValue ?? 0)) < 0.00001, "\(result)")
            #expect((result["maxCornerError"]?.doubleValue ?? 99) <= 1, "\(result)")
            let snapshots = result["snapshots"]?.arrayValue ?? []
            #expect(snapshots.count == 1, "\(result)")
            let flight = snapshots.first
            #expect(flight?["key"] == "photos/image3", "\(result)")
            #expect((flight?["cornerError"]?.doubleValue ?? 99) <= 1, "\(result)")
            // In flight: wider than the cell's 150-point image, narrower than the detail's 375 points, and
            // between their top-left corners (205, 264) and (0, 64).
            let corners = (flight?["quad"]?.arrayValue ?? []).map { ($0[0]?.doubleValue ?? 0, $0[1]?.doubleValue ?? 0) }
            #expect(corners.count == 4, "\(result)")
            if corners.count == 4 {
                let width = corners[1].0 - corners[0].0
                #expect(width > 151 && width < 374, "\(corners)")
                #expect(corners[0].0 > 1 && corners[0].0 < 204, "\(corners)")
                #expect(corners[0].1 > 65 && corners[0].1 < 263, "\(corners)")
            }
        }
    }

    /// On a phone (a 390 × 844 viewport, as a phone's browser lays it out) and at 1280 × 720, the overview
    /// and a stack's page fit the width (nothing scrolls sideways), every control shows inside the
    /// viewport, Tab reaches each in turn, no text outside the stage is smaller than 12 CSS pixels, and
    /// the console stays empty.
    @Test(arguments: [(390, 844, true), (1280, 720, false)])
    func theControlsAreReachableOnAPhoneAndOnALaptop(width: Int, height: Int, mobile: Bool) async throws {
        let arguments = [String(width), String(height)] + (mobile ? ["mobile"] : [])
        try await Self.scenario("layout", arguments, root: "seed000-index") { result, _ in
            #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
            for view in ["overview", "stack"] {
                let layout = result[view]
                #expect(layout?["width"]?.intValue == width, "\(view) \(result)")
                let visibleWidth = layout?["clientWidth"]?.doubleValue ?? 0
                #expect((layout?["scrollWidth"]?.doubleValue ?? .infinity) <= visibleWidth, "\(view) \(result)")
                let controls = layout?["controls"]?.arrayValue ?? []
                #expect(controls.count >= (view == "stack" ? 17 : 2), "\(view) \(result)")
                let reached = Set(layout?["tabOrder"]?.arrayValue?.compactMap(\.stringValue) ?? [])
                for control in controls {
                    #expect(control["shown"] == true, "\(view) \(control)")
                    #expect((control["width"]?.doubleValue ?? 0) > 0 && (control["height"]?.doubleValue ?? 0) > 0)
                    #expect((control["left"]?.doubleValue ?? -1) >= 0, "\(view) \(control)")
                    #expect((control["right"]?.doubleValue ?? .infinity) <= visibleWidth, "\(view) \(control)")
                    #expect(reached.contains(control["id"]?.stringValue ?? ""), "\(view) \(control) \(reached)")
                }
                let sizes = layout?["fontSizes"]?.arrayValue?.compactMap(\.doubleValue) ?? []
                #expect(!sizes.isEmpty && sizes.allSatisfy { $0 >= 12 }, "\(view) \(sizes)")
            }
            // The stack is drawn inside the viewport, as wide as it allows on a phone.
            let stage = result["stack"]?["stage"]?.arrayValue?.compactMap(\.doubleValue) ?? []
            #expect(stage.count == 3 && stage[0] >= 0 && stage[1] <= Double(width), "\(result)")
        }
    }

    /// A 2 × 2 PNG (green), named like seed 002's first photo: browsers draw an image by its bytes.
    static let photo: [UInt8] = stride(from: 0, to: photoHex.count, by: 2).map {
        let start = photoHex.index(photoHex.startIndex, offsetBy: $0)
        return UInt8(photoHex[start..<photoHex.index(start, offsetBy: 2)], radix: 16) ?? 0
    }
    static let photoHex =
        "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001049444154789c63f8cfc000440c"
        + "100a001fee03fd8b5f14d40000000049454e44ae426082"

    @Test func imagesComeFromTheImagesDirectoryAndMissingOnesArePlaceholders() async throws {
        let images = try TemporaryDirectory()
        defer { images.remove() }
        try TextFile.writeBytes(Self.photo, to: images.file("photo-0.jpg"))
        try await Self.scenario("images", [], root: "seed002-photos", serverArguments: ["--images", images.path]) {
            result, _ in
            #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
            let nodes = result["nodes"]?.arrayValue ?? []
            #expect(nodes.count == 6, "\(result)")
            for node in nodes {
                let loaded = node["key"] == "photos/image0"
                #expect(node["image"]?.boolValue == loaded, "\(node)")
                #expect((node["placeholder"]?.stringValue?.hasPrefix("photo-") ?? false) == !loaded, "\(node)")
                #expect(node["inside"] == true, "\(node)")
            }
        }
    }

    @Test(arguments: [(0.7, true, "mouse"), (0.3, false, "mouse"), (0.7, true, "touch")])
    func aDragFromTheLeftEdgePopsPastHalfwayAndCancelsShortOfIt(
        fraction: Double, pops: Bool, pointer: String
    ) async throws {
        try await Self.scenario(
            "drag", [String(fraction), pointer], root: "seed003-first", pushed: ["seed003-second"]
        ) { result, daemon in
            #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
            let events = result["events"]?.arrayValue ?? []
            let began = events.first { $0["kind"] == "began" }
            #expect(began?["operation"] == "pop", "\(result)")
            #expect(began?["interactive"] == true, "\(result)")
            let ending = events.first { $0["kind"] == "completed" || $0["kind"] == "cancelled" }
            #expect(ending?["kind"]?.stringValue == (pops ? "completed" : "cancelled"), "\(result)")
            // The pointer was held still before it lifted, so the daemon decided by the position alone.
            #expect(result["release"]?["velocity"] == 0, "\(result)")
            #expect(result["release"]?["decision"]?.stringValue == (pops ? "finish" : "cancel"), "\(result)")
            #expect(result["release"]?["gesture"] == "pop", "\(result)")
            #expect(
                result["shown"]?.stringValue?.hasPrefix(pops ? "finish at 0." : "cancel at 0.") == true, "\(result)")
            let expected = pops ? ["first"] : ["first", "second"]
            let screens = try await NavigationCommandsTests.screens(daemon)
            #expect(screens == expected)
        }
    }

    @Test func aDragFromTheMiddleIsNoGesture() async throws {
        try await Self.scenario("dragOutside", [], root: "seed003-first", pushed: ["seed003-second"]) {
            result, daemon in
            #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
            // The daemon refused the pop (PointerOutsideEdge): nothing began, and the page says nothing.
            #expect(result["events"]?.arrayValue?.isEmpty == true, "\(result)")
            #expect(result["message"] == "", "\(result)")
            #expect(result["release"] == .null, "\(result)")
            let transition = result["stack"]?["parameters"]?["stack"]?["transition"]
            #expect(transition == nil || transition == .null, "\(result)")
            let screens = try await NavigationCommandsTests.screens(daemon)
            #expect(screens == ["first", "second"])
        }
    }

    @Test(arguments: [(0.7, true), (0.3, false)])
    func aDownwardDragOnAPresentedScreenDismissesPastHalfway(fraction: Double, dismisses: Bool) async throws {
        let daemon = try await Self.daemon(root: "seed001-first")
        defer { daemon.stop() }
        let present = await ToolRun.transitionctl(
            ["present", "main", SeedFiles.screenPath("seed001-modal"), "--no-animation"], socket: daemon.socketPath)
        #expect(present.status == .success, "\(present.errors)")
        let server = try await WebServerProcess.start(socket: daemon.socketPath)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        guard let result = try await Self.browse(server, "drag", [String(fraction), "down"], directory: directory)
        else { return }
        #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
        let events = result["events"]?.arrayValue ?? []
        let began = events.first { $0["kind"] == "began" }
        #expect(began?["operation"] == "dismiss", "\(result)")
        #expect(began?["interactive"] == true, "\(result)")
        let ending = events.first { $0["kind"] == "completed" || $0["kind"] == "cancelled" }
        #expect(ending?["kind"]?.stringValue == (dismisses ? "completed" : "cancelled"), "\(result)")
        #expect(result["release"]?["velocity"] == 0, "\(result)")
        #expect(result["release"]?["decision"]?.stringValue == (dismisses ? "finish" : "cancel"), "\(result)")
        #expect(result["release"]?["gesture"] == "dismiss", "\(result)")
        let status = await ToolRun.transitionctl(["status", "main", "--json=short"], socket: daemon.socketPath)
        let presented = try JSONReader.parse(status.output)["stack"]?["presented"]?.arrayValue ?? []
        #expect(presented.count == (dismisses ? 0 : 1), "\(status.output)")
        _ = await server.stop()
    }

    @Test func aDragOnARunningPushCatchesItAndCarriesItOn() async throws {
        let daemon = try await Self.daemon(root: "seed003-first")
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let defined = await ToolRun.transitionctl(["define-animator", TestScreens.slowFade()], socket: socket)
        #expect(defined.status == .success, "\(defined.errors)")
        let server = try await WebServerProcess.start(socket: socket)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The page pushes with a minute-long fade, then a drag leftward over 70 % of the width catches it.
        guard
            let result = try await Self.browse(
                server, "drag", ["0.7", "catch", SeedFiles.screenPath("seed003-second"), "slowFade"],
                directory: directory)
        else { return }
        #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
        let kinds = result["events"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } ?? []
        #expect(kinds.contains("completed") && !kinds.contains("cancelled"), "\(result)")
        #expect(result["release"]?["gesture"] == "catch", "\(result)")
        #expect(result["release"]?["decision"] == "finish", "\(result)")
        #expect(try await NavigationCommandsTests.screens(daemon) == ["first", "second"])
        _ = await server.stop()
    }

    @Test func theNavigationControlsAndTheRulesReachTheDaemon() async throws {
        let daemon = try DaemonUnderTest()
        defer { daemon.stop() }
        let tabs =
            "[{\"name\":\"feed\",\"screens\":[\(TestScreens.screen("home")),\(TestScreens.screen("detail"))]},"
            + "{\"name\":\"profile\",\"screens\":[\(TestScreens.screen("me"))]}]"
        let created = await ToolRun.transitionctl(
            ["create-stack", "main", "--size", "375x667", "--tabs", tabs], socket: daemon.socketPath)
        #expect(created.status == .success, "\(created.errors)")
        let server = try await WebServerProcess.start(socket: daemon.socketPath)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let rules = #"[{"operation":"push","animator":"fade"}]"#
        guard
            let result = try await Self.browse(
                server, "navigation", ["profile", "seed001-modal.json", rules, "retarget"], directory: directory)
        else { return }
        #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
        #expect(result["message"] == "", "\(result)")
        // The tab chosen before Select tab was still chosen after a SetRules past the controls was shown.
        #expect(result["tabKept"]?["tab"] == "profile" && result["tabKept"]?["change"] == 200, "\(result)")
        let began = (result["events"]?.arrayValue ?? []).filter { $0["kind"] == "began" }
        #expect(
            began.compactMap { $0["operation"]?.stringValue } == ["pop", "selectTab", "present", "dismiss", "resize"])
        let status = await ToolRun.transitionctl(["status", "main", "--json=short"], socket: daemon.socketPath)
        let stack = try JSONReader.parse(status.output)["stack"]
        #expect(stack?["selectedTab"] == "profile", "\(status.output)")
        #expect(stack?["presented"]?.arrayValue?.isEmpty == true)
        #expect(stack?["policy"] == "retarget")
        #expect(stack?["rules"]?[0]?["animator"] == "fade")
        // Rotate swapped the container's sides; Reduce Motion is the stack's own setting now.
        #expect(stack?["containerWidth"] == 667 && stack?["containerHeight"] == 375, "\(status.output)")
        #expect(stack?["reduceMotion"] == "on", "\(status.output)")
        let feed = await ToolRun.transitionctl(
            ["select-tab", "main", "feed", "--no-animation"], socket: daemon.socketPath)
        #expect(feed.status == .success)
        #expect(try await NavigationCommandsTests.screens(daemon) == ["home"], "popped to the root")
        _ = await server.stop()
    }

    @Test func theOverviewShowsStacksAsTheyAreCreatedAndDeleted() async throws {
        guard ChildProcess.find(["chromium"]) != nil, ChildProcess.find(["chromedriver"]) != nil else {
            Issue.record("chromium and chromium-driver are not installed; scripts/install-dependencies installs them")
            return
        }
        let daemon = try await Self.daemon(root: "seed000-index")
        defer { daemon.stop() }
        let server = try await WebServerProcess.start(socket: daemon.socketPath)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let browser = try WebPageScript.start(url: server.url, scenario: "overview", directory: directory)
        #expect(await SystemThread.run { browser.readOutputLine() } == "ready")
        let created = await ToolRun.transitionctl(
            ["create-stack", "extra", SeedFiles.screenPath("seed001-first"), "--size", "375x667"],
            socket: daemon.socketPath)
        #expect(created.status == .success, "\(created.errors)")
        #expect(await SystemThread.run { browser.readOutputLine() } == "created")
        let deleted = await ToolRun.transitionctl(["delete-stack", "extra"], socket: daemon.socketPath)
        #expect(deleted.status == .success, "\(deleted.errors)")
        let result = await browser.finish()
        #expect(result.status == 0, "\(result.errors)")
        let report = try JSONReader.parse(String(result.output.split(separator: "\n").last ?? ""))
        #expect(report["meta"]?.stringValue?.contains("first · depth 1") == true, "\(report)")
        #expect(report["cards"] == ["main"], "\(report)")
        #expect(report["console"]?.arrayValue?.isEmpty == true, "\(report)")
        _ = await server.stop()
    }

    @Test func theControlsPauseScrubReverseAndResumeTheTransition() async throws {
        let daemon = try await Self.daemon(root: "seed000-index")
        defer { daemon.stop() }
        let defined = await ToolRun.transitionctl(
            ["define-animator", TestScreens.slowFade()], socket: daemon.socketPath)
        #expect(defined.status == .success, "\(defined.errors)")
        let server = try await WebServerProcess.start(socket: daemon.socketPath)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        guard
            let result = try await Self.browse(
                server, "controls", ["seed000-detail.json", "slowFade"], directory: directory)
        else { return }
        #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
        #expect(result["message"] == "", "\(result)")
        #expect(result["paused"] == true, "\(result)")
        let scrubbed = result["scrubbed"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        #expect(scrubbed.count == 2 && abs(scrubbed[0] - 0.5) < 0.001 && abs(scrubbed[1] - 0.02) < 0.001)
        let kinds = result["events"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } ?? []
        #expect(kinds.prefix(2) == ["began", "cancelled"], "\(result)")
        #expect(try await NavigationCommandsTests.screens(daemon) == ["index"])
        _ = await server.stop()
    }

    @Test func aTappedTileIsTheZoomsSource() async throws {
        try await Self.scenario("tap", ["tile3", "seed000-detail.json", "zoom"], root: "seed000-index") { result, _ in
            #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
            #expect(
                result["refusal"]?.stringValue?.hasPrefix(
                    "Pop refused: io.transitiond.StackUnderflow (parameter \"stack\"): ")
                    == true, "\(result)")
            #expect(result["selected"]?["node"] == "tile3", "\(result)")
            let began = result["events"]?.arrayValue?.first { $0["kind"] == "began" }
            #expect(began?["animator"] == "zoom", "\(result)")
            // The zoom grows the source out of the index screen: in its first frame, tile 3 is the largest
            // tile (the others shrink with their screen).
            func area(_ node: JSONValue) -> Double {
                let quad = (node["quad"]?.arrayValue ?? []).map { ($0[0]?.doubleValue ?? 0, $0[1]?.doubleValue ?? 0) }
                guard quad.count == 4 else { return 0 }
                return abs(
                    (0..<4).reduce(0.0) { $0 + quad[$1].0 * quad[($1 + 1) % 4].1 - quad[($1 + 1) % 4].0 * quad[$1].1 })
                    / 2
            }
            let first = result["first"]?["nodes"]?.arrayValue ?? []
            let tiles = first.filter { $0["screen"] == "index" && $0["node"]?.stringValue?.hasPrefix("tile") == true }
            #expect(tiles.count == 6, "\(result)")
            let largest = tiles.max { area($0) < area($1) }
            #expect(largest?["node"] == "tile3", "\(tiles)")
        }
    }

    @Test func thePageSaysTheDaemonIsGoneAndDrawsAgainWhenItIsBack() async throws {
        guard ChildProcess.find(["chromium"]) != nil, ChildProcess.find(["chromedriver"]) != nil else {
            Issue.record("chromium and chromium-driver are not installed; scripts/install-dependencies installs them")
            return
        }
        let daemonDirectory = try TemporaryDirectory()
        defer { daemonDirectory.remove() }
        let daemon = try DaemonUnderTest(directory: daemonDirectory)
        let created = await ToolRun.transitionctl(
            ["create-stack", "main", SeedFiles.screenPath("seed000-index"), "--size", "375x667"],
            socket: daemon.socketPath)
        #expect(created.status == .success, "\(created.errors)")
        let server = try await WebServerProcess.start(socket: daemon.socketPath)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let browser = try WebPageScript.start(url: server.url, scenario: "reconnect", directory: directory)
        #expect(await SystemThread.run { browser.readOutputLine() } == "ready")
        _ = await SystemThread.run { daemon.stop() }
        #expect(await SystemThread.run { browser.readOutputLine() } == "down")
        let restarted = try await OffPool.run { try DaemonUnderTest(directory: daemonDirectory) }
        defer { restarted.stop() }
        let result = await browser.finish()
        #expect(result.status == 0, "\(result.errors)")
        let report = try JSONReader.parse(String(result.output.split(separator: "\n").last ?? ""))
        #expect(report["down"]?.stringValue?.hasPrefix("disconnected") == true, "\(report)")
        #expect(report["status"] == "connected", "\(report)")
        _ = await server.stop()
    }

    @Test func twoPagesReceiveTheSameFrames() async throws {
        try await Self.scenario("twoPages", [SeedFiles.screenPath("seed000-detail")], root: "seed000-index") {
            result, _ in
            // [index, transition id, frames missed] per frame of the transition each page received, then
            // the settled frame that ended it (transition id 0).
            func frames(_ name: String) -> (indexes: [Int], missed: Int, settled: Int?) {
                let entries = result[name]?.arrayValue ?? []
                let transition = entries.filter { ($0[1]?.intValue ?? 0) != 0 }
                let settled = entries.last.flatMap { ($0[1]?.intValue ?? 0) == 0 ? $0[0]?.intValue : nil }
                return (
                    transition.compactMap { $0[0]?.intValue }, entries.reduce(0) { $0 + ($1[2]?.intValue ?? 0) },
                    settled
                )
            }
            let first = frames("first")
            let second = frames("second")
            #expect(first.indexes.count > 3, "\(result)")
            // The push came from neither page's controls: both learned the incoming screen's styles from the
            // server when the transition began (the script waits for that, bounded), so only its first frames
            // (drawn before the answer came) may lack them, and the transition ends styled.
            for name in ["firstStyles", "secondStyles"] {
                let draws = result[name]?["draws"]?.intValue ?? 0
                let unstyled = result[name]?["unstyled"]?.intValue ?? draws
                #expect(draws > 0 && unstyled < draws, "\(name) \(result)")
                #expect(result[name]?["lastStyled"] == true, "\(name) \(result)")
            }
            #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
            // Both pages saw the transition end on the same settled frame. The same frames, unless the daemon
            // coalesced some for a page that read too slowly (a loaded machine: two browsers and the daemon on
            // two cores); then both still account for the same frames, received plus coalesced (a frame
            // replaced by the settled one counts as missed there).
            #expect(first.settled != nil && first.settled == second.settled, "\(result)")
            if first.missed == 0 && second.missed == 0 {
                #expect(first.indexes == second.indexes)
            } else {
                #expect(first.indexes.count + first.missed == second.indexes.count + second.missed, "\(result)")
            }
        }
    }

    /// A push from another client of the daemon (not through the page's server, which offers no
    /// screens), held halfway: the page learns the incoming screen's document from GetStack (the
    /// running transition's `toScreenObject`) as soon as the transition begins, and draws it styled
    /// while the transition runs, not only once it is committed.
    @Test func aScreenPushedByAnotherClientIsDrawnStyledWhileItsTransitionRuns() async throws {
        let daemon = try await Self.daemon(root: "seed000-index")
        defer { daemon.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A directory that holds no screen document (a text file only).
        let noScreens = String(try directory.write("no-screens/notes.txt", "").dropLast("/notes.txt".count))
        let server = try await WebServerProcess.start(socket: daemon.socketPath, ["--screens", noScreens])
        guard
            let result = try await Self.browse(
                server, "foreign", [daemon.socketPath, SeedFiles.screenPath("seed000-detail")], directory: directory)
        else { return }
        #expect(result["console"]?.arrayValue?.isEmpty == true, "\(result)")
        #expect(result["message"] == "", "\(result)")
        let during = result["during"]
        #expect(during?["progress"] == 0.5, "\(result)")
        #expect(during?["texts"]?.arrayValue?.contains("Hello World") == true, "\(result)")
        // Only the frames drawn before the server answered may lack the styles.
        let draws = during?["draws"]?.intValue ?? 0
        #expect(draws > 0 && (during?["unstyled"]?.intValue ?? draws) < draws, "\(result)")
        #expect(try await NavigationCommandsTests.screens(daemon) == ["index", "detail"])
        _ = await server.stop()
    }
}
