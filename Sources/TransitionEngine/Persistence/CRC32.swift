/// CRC-32 as used by zlib, gzip and PNG (reflected polynomial 0xEDB88320, initial value and final XOR
/// 0xFFFFFFFF; RFC 1952 section 8). Check value: "123456789" → 0xCBF43926.
///
/// Eight bytes a step ("slicing-by-8", Kounavis and Berry, 2005): eight tables of 256 entries, where table
/// k gives the CRC of a byte followed by k zero bytes, so the eight bytes of a step are looked up
/// independently and combined with XOR. Every committed change of a stack is checksummed on the store's
/// writer thread; a table lookup per byte was 15 % of that thread's time.
enum CRC32 {
    /// `tables[k * 256 + byte]`: table k of slicing-by-8; table 0 is the classic byte-at-a-time table.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var value = UInt32(byte)
            for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
            tables[byte] = value
        }
        for table in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(table - 1) * 256 + byte]
                tables[table * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of `bytes`.
    static func checksum<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
        if let crc = bytes.withContiguousStorageIfAvailable({ checksum(UnsafeRawBufferPointer($0)) }) {
            return crc
        }
        return Array(bytes).withUnsafeBytes { checksum($0) }
    }

    /// The checksum of the bytes of `buffer`.
    static func checksum(_ buffer: UnsafeRawBufferPointer) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            var offset = 0
            let count = buffer.count
            while count - offset >= 8 {
                let low = crc ^ UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                let high = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                crc =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                offset += 8
            }
            while offset < count {
                crc = table[Int((crc ^ UInt32(buffer[offset])) & 0xFF)] ^ (crc >> 8)
                offset += 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }
}
