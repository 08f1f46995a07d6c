import FuzzSupport
import JSON
import Varlink

/// The whole request path on an arbitrary byte stream from one client: Varlink framing and call
/// decoding, then `io.transitiond`'s decode, validate and authorize, then a `TransitionEngine` on a
/// `VirtualClock`, which advances a few frames after every call.
///
/// The stream is what a client would write on its socket: NUL-terminated JSON calls. Before it, the
/// client (uid 1000) has created the stack `main` with a grid of photos as its root. Properties, beyond
/// never trapping:
/// - every call gets a well-formed reply (an error reply names an error and has `parameters`);
/// - a call answered with an error leaves every stack's committed state, the stack list and the
///   animator list as they were;
/// - every call is answered without the clock having to move (except `Subscribe`, whose first frame may
///   wait for the next tick);
/// - every frame of `main` has finite numbers, quads aside (docs/animators.md, "Bounds").
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size).bytes
    let session = RequestSession(input: input)
    session.run()
    session.finish()
    return 0
}
