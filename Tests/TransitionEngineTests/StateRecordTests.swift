import Testing

@testable import TransitionEngine

@Suite struct StateRecordTests {
    let record = StateRecord(sequence: 7, kind: .put, key: "stack", payload: Array("{}".utf8))

    @Test func roundTrip() {
        var bytes: [UInt8] = []
        record.encode(into: &bytes)
        // 8 header bytes + 11 body prefix bytes + 5 key bytes + 2 payload bytes.
        #expect(bytes.count == 26)
        #expect(StateRecord.decode(bytes, at: 0) == .record(record, next: 26))
    }

    @Test func everyTruncationIsTorn() {
        var bytes: [UInt8] = []
        record.encode(into: &bytes)
        for length in 0..<bytes.count {
            #expect(StateRecord.decode(Array(bytes[0..<length]), at: 0) == .torn, "length \(length)")
        }
    }

    @Test func everyFlippedBodyBitIsCorrupt() {
        var bytes: [UInt8] = []
        record.encode(into: &bytes)
        for index in StateRecord.headerSize..<bytes.count {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= UInt8(1 << bit)
                #expect(StateRecord.decode(damaged, at: 0) == .corrupt, "byte \(index) bit \(bit)")
            }
        }
    }

    @Test func absurdLengthsAreCorruptNotAllocated() {
        var bytes: [UInt8] = []
        StateRecord.append(UInt32.max, to: &bytes)
        StateRecord.append(UInt32(0), to: &bytes)
        #expect(StateRecord.decode(bytes, at: 0) == .corrupt)
    }
}
