import FuzzSupport
import JSON

/// Limits far below the defaults, so that every limit is reached by small inputs.
private let tightLimits = JSONReader.Limits(
    maximumDepth: 4, maximumBytes: 256, maximumStringBytes: 16, maximumElements: 32)

/// The JSON reader on arbitrary bytes. Properties:
/// - what the reader accepts, the writer writes, and the text written reads back as an equal value and
///   is written again byte for byte the same (the writer's output is canonical);
/// - what the reader accepts within tight limits it accepts with the defaults, as the same value;
/// - a value decoded into typed fields by `JSONValueDecoder` encodes with `JSONValueEncoder` into a value
///   that decodes to the same fields.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size).bytes
    let value: JSONValue
    do {
        value = try JSONReader.parse(input)
    } catch {
        if let tight = try? JSONReader.parse(input, limits: tightLimits) {
            fuzzFailure(
                "accepted within tight limits as \(tight) but rejected with the defaults: \(error)", input: input)
        }
        return 0
    }
    checkRoundTrip(value, input: input)
    if let tight = try? JSONReader.parse(input, limits: tightLimits) {
        fuzzCheck(tight == value, "tight limits read \(tight), the defaults \(value)", input: input)
    }
    checkTypedDecoding(value, input: input)
    return 0
}

private func checkRoundTrip(_ value: JSONValue, input: [UInt8]) {
    var written: [UInt8] = []
    do {
        try JSONWriter.write(value, into: &written)
    } catch {
        fuzzFailure("the writer refuses a value the reader produced: \(error)", input: input)
    }
    let reread: JSONValue
    do {
        reread = try JSONReader.parse(written)
    } catch {
        fuzzFailure(
            "the writer's text \(String(decoding: written, as: UTF8.self)) does not read: \(error)", input: input)
    }
    fuzzCheck(reread == value, "round trip changed \(value) into \(reread)", input: input)
    var rewritten: [UInt8] = []
    try? JSONWriter.write(reread, into: &rewritten)
    fuzzCheck(
        rewritten == written,
        "writing twice differs: \(String(decoding: written, as: UTF8.self)) then "
            + String(decoding: rewritten, as: UTF8.self),
        input: input)
}

private func checkTypedDecoding(_ value: JSONValue, input: [UInt8]) {
    guard let probe = try? JSONValueDecoder().decode(TypedProbe.self, from: value) else { return }
    let encoded: JSONValue
    do {
        encoded = try JSONValueEncoder().encode(probe)
    } catch {
        fuzzFailure("cannot encode the decoded \(probe): \(error)", input: input)
    }
    do {
        let decoded = try JSONValueDecoder().decode(TypedProbe.self, from: encoded)
        fuzzCheck(decoded == probe, "typed round trip changed \(probe) into \(decoded)", input: input)
    } catch {
        fuzzFailure("cannot decode the encoded \(encoded): \(error)", input: input)
    }
}
