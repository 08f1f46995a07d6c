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

    /// The bytes on disk, field by field, so that state directories stay readable across versions.
    @Test func theLayoutIsLengthChecksumSequenceKindKeyLengthKeyPayload() {
        var bytes: [UInt8] = [0xAA]
        record.encode(into: &bytes)
        let body: [UInt8] = [7, 0, 0, 0, 0, 0, 0, 0, 1, 5, 0] + Array("stack".utf8) + Array("{}".utf8)
        let checksum = CRC32Tests.bitwise(body)
        let header: [UInt8] =
            [18, 0, 0, 0]
            + [
                UInt8(checksum & 0xFF), UInt8(checksum >> 8 & 0xFF), UInt8(checksum >> 16 & 0xFF),
                UInt8(checksum >> 24),
            ]
        #expect(bytes == [0xAA] + header + body)
        var second = record
        second.sequence = 8
        second.payload = Array(repeating: 0x5A, count: 300)
        second.encode(into: &bytes)
        #expect(StateRecord.decode(bytes, at: 1) == .record(record, next: 27))
        #expect(StateRecord.decode(bytes, at: 27) == .record(second, next: bytes.count))
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
