import JSON
import Testing
import TransitionEngine
import TransitionService
import TransitionTestSupport
import Varlink

@Suite struct TransitionInterfaceTests {
    /// The served text is the `.varlink` file, byte for byte, embedded at build time.
    @Test func literalEqualsTheFileByteForByte() throws {
        let path = RepositoryFiles.path("Sources/TransitionService/io.transitiond.varlink")
        let file = try #require(TextFile.readBytes(path), "cannot read \(path)")
        #expect(Array(TransitionInterface.description.utf8) == file)
    }

    /// Our own parser accepts the IDL, and formatting round-trips (format, parse, format).
    @Test func parsesAndRoundTrips() throws {
        let interface = try VarlinkInterface(parsing: TransitionInterface.description)
        #expect(interface.name == "io.transitiond")
        let formatted = interface.formatted()
        let reparsed = try VarlinkInterface(parsing: formatted)
        #expect(reparsed.formatted() == formatted)
        #expect(reparsed.members.map(\.name) == interface.members.map(\.name))
    }

    /// Every method of the IDL has a handler (so none answers MethodNotImplemented).
    @Test func everyMethodIsImplemented() throws {
        let service = TransitionService(
            engine: TransitionEngine(clock: try VirtualClock(), store: .inMemory()), store: .inMemory())
        let implementation = service.makeImplementation()
        let declared = TransitionInterface.interface.methods.map(\.name).sorted()
        #expect(implementation.implementedMethods == declared)
        #expect(declared.count == 33)
    }

    /// The service's error codes and the IDL's errors are the same set, and every error carries
    /// `parameter` and `message` strings.
    @Test func errorCodesMatchTheDeclaredErrors() {
        let declared = TransitionInterface.interface.members.compactMap { member -> VarlinkErrorDefinition? in
            if case .error(let error) = member { return error }
            return nil
        }
        let codes: [ServiceError.Code] = [
            .noSuchStack, .stackExists, .noSuchScreen, .noSuchTab, .screenExists, .screenPresented, .stackUnderflow,
            .nothingPresented, .transitionInProgress, .noTransition, .notInteractive, .interactionNotAllowed,
            .transitionNotPaused, .pointerOutsideEdge, .notGestureDriver, .gestureRefused, .gesturesHeld,
            .noSuchGestureRequest, .noSuchAnimator, .animatorExists,
            .invalidAnimator, .invalidScreen, .invalidValue,
            .limitExceeded, .permissionDenied, .shuttingDown, .storageFailed, .operationFailed,
        ]
        #expect(Set(codes.map(\.name)) == Set(declared.map(\.name)))
        for error in declared {
            #expect(Array(error.parameters.prefix(2).map(\.name)) == ["parameter", "message"], "\(error.name)")
            #expect(error.parameters.prefix(2).allSatisfy { $0.type == .string }, "\(error.name)")
        }
    }

    /// Types, methods and errors share one namespace (the Python client rejects replies otherwise), and
    /// every member is documented.
    @Test func membersAreDistinctAndDocumented() {
        let members = TransitionInterface.interface.members
        #expect(Set(members.map(\.name)).count == members.count)
        for member in members { #expect(!member.comment.isEmpty, "\(member.name) has no comment") }
    }
}
