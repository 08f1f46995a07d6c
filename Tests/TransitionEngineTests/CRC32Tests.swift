import Testing
import TransitionTestSupport

@testable import TransitionEngine

/// The store's checksum, eight bytes a step, against the definition computed a bit at a time.
@Suite struct CRC32Tests {
    /// CRC-32 (reflected polynomial 0xEDB88320) one bit at a time, with no table: the definition.
    static func bitwise(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test func catalogueValues() {
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    @Test func everyLengthAndAlignmentAgreesWithTheDefinition() {
        var generator = SeededGenerator(seed: 0xC4C3_2000)
        let bytes = (0..<1_100).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for start in 0..<9 {
            for length in Array(0...70) + [255, 256, 257, 1_024, 1_091 - start] {
                let slice = bytes[start..<start + length]
                #expect(CRC32.checksum(slice) == Self.bitwise(slice), "start \(start), length \(length)")
            }
        }
    }

    @Test func aCollectionWithoutContiguousStorageGivesTheSameChecksum() {
        let text = Array("transitiond keeps every stack".utf8)
        let reversedTwice = text.reversed().reversed()
        let lazy = text.lazy.map { $0 }
        #expect(CRC32.checksum(lazy) == CRC32.checksum(text))
        #expect(CRC32.checksum(Array(reversedTwice)) == Self.bitwise(text))
    }
}
