import FuzzSupport
import JSON
import Varlink

/// The Varlink framer and connection state machine on an arbitrary byte stream, as a server would read
/// it from a socket.
///
/// The first input byte steers the run: its low 4 bits choose how the stream is cut into reads
/// (``ReadSplitter``), bit 4 a small message limit, bit 5 a small queue, bit 6 whether the input ends
/// (the peer shuts down its side) after the last read. The rest is the stream. Properties:
/// - the messages framed do not depend on how the stream is cut;
/// - every call the state machine dispatches re-encodes and decodes to an equal call;
/// - every call gets exactly the replies Varlink promises (none for `oneway`), each a valid reply message
///   with one NUL terminator, and nothing is dispatched while a call is in flight.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVarlink(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let control = input.byte()
    let stream = input.remainder()
    let maximumMessageBytes = control & 0x10 != 0 ? 64 : VarlinkFramer.defaultMaximumMessageBytes
    let maximumQueuedCalls = control & 0x20 != 0 ? 2 : VarlinkConnectionStateMachine.defaultMaximumQueuedCalls

    let whole = frame(stream, reads: [stream.count], maximumMessageBytes: maximumMessageBytes)
    let reads = ReadSplitter(pattern: control & 0x0F).reads(of: stream.count)
    let pieces = frame(stream, reads: reads, maximumMessageBytes: maximumMessageBytes)
    fuzzCheck(
        pieces == whole, "framing depends on the reads \(reads): \(whole) versus \(pieces)", input: input.bytes)

    var connection = ConnectionDriver(
        machine: VarlinkConnectionStateMachine(maximumQueuedCalls: maximumQueuedCalls), input: input.bytes)
    for message in whole.messages {
        guard connection.receive(message) else { return 0 }
    }
    if control & 0x40 != 0 || whole.error != nil { connection.endOfInput() }
    connection.drain()
    return 0
}

/// What a framer gives for a stream: the messages, then the error that stopped it, if any.
struct FramedStream: Equatable, CustomStringConvertible {
    var messages: [[UInt8]] = []
    var error: VarlinkConnectionError.Code?

    var description: String { "\(messages.count) messages, error \(error.map { "\($0)" } ?? "none")" }
}

/// Feeds `stream` to a new framer in reads of the given lengths, taking messages after each read.
func frame(_ stream: [UInt8], reads: [Int], maximumMessageBytes: Int) -> FramedStream {
    var framer = VarlinkFramer(maximumMessageBytes: maximumMessageBytes)
    var result = FramedStream()
    var offset = 0
    for length in reads {
        framer.append(Array(stream[offset..<(offset + length)]))
        offset += length
        do {
            while let message = try framer.nextMessage() { result.messages.append(message) }
        } catch {
            result.error = error.code
            return result
        }
    }
    return result
}
