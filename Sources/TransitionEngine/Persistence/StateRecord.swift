/// One record of the state files, and its byte format.
///
/// Layout (all integers little-endian):
/// ```
/// u32 bodyLength | u32 crc32(body) | body
/// body = u64 sequence | u8 kind | u16 keyLength | key (UTF-8) | payload
/// ```
/// `kind` is 1 (put: payload is the key's new value), 2 (delete: empty payload) or 3 (end of a
/// snapshot: payload is the u64 number of put records before it). A record whose length runs past the
/// end of the file is torn; one whose checksum differs is corrupt.
struct StateRecord: Equatable {
    enum Kind: UInt8 {
        case put = 1
        case delete = 2
        case end = 3
    }

    /// Bytes before the body: length and checksum.
    static let headerSize = 8
    /// Body bytes before the key: sequence, kind, key length.
    static let bodyPrefixSize = 11
    /// Largest accepted body, so a corrupt length cannot ask for an absurd allocation (64 MiB).
    static let maximumBodySize = 64 << 20

    var sequence: UInt64
    var kind: Kind
    var key: String
    var payload: [UInt8]

    /// The body's length in bytes (sequence, kind, key length, key, payload); `decode` refuses a record
    /// whose body passes ``maximumBodySize``, so the writer refuses to write one.
    var bodySize: Int { Self.bodyPrefixSize + min(key.utf8.count, Int(UInt16.max)) + payload.count }

    /// Appends the encoded record to `buffer`.
    ///
    /// - Precondition: `bodySize <= maximumBodySize`.
    func encode(into buffer: inout [UInt8]) {
        // The body is written in place after a header whose checksum is filled in last: one copy of the
        // payload, not two.
        let keyBytes = key.utf8.prefix(Int(UInt16.max))
        let bodyLength = bodySize
        precondition(bodyLength <= Self.maximumBodySize, "a record of \(bodyLength) bytes could not be read back")
        Self.append(UInt32(bodyLength), to: &buffer)
        let checksumOffset = buffer.count
        Self.append(UInt32(0), to: &buffer)
        let bodyStart = buffer.count
        Self.append(sequence, to: &buffer)
        buffer.append(kind.rawValue)
        Self.append(UInt16(keyBytes.count), to: &buffer)
        buffer += keyBytes
        buffer += payload
        let checksum = buffer.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[bodyStart...])) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes in
            buffer.replaceSubrange(checksumOffset..<checksumOffset + 4, with: bytes)
        }
    }

    enum DecodeResult: Equatable {
        case record(StateRecord, next: Int)
        /// The bytes end inside this record (a torn write).
        case torn
        /// The record is complete but its checksum or structure is wrong.
        case corrupt
    }

    /// Decodes the record starting at `offset`. `offset == bytes.count` is not a record (callers stop).
    static func decode(_ bytes: [UInt8], at offset: Int) -> DecodeResult {
        guard bytes.count - offset >= headerSize else { return .torn }
        let length = Int(read(UInt32.self, bytes, offset))
        let checksum = read(UInt32.self, bytes, offset + 4)
        guard length >= bodyPrefixSize, length <= maximumBodySize else { return .corrupt }
        let bodyStart = offset + headerSize
        guard bytes.count - bodyStart >= length else { return .torn }
        let body = bytes[bodyStart..<bodyStart + length]
        guard CRC32.checksum(body) == checksum else { return .corrupt }
        let sequence = read(UInt64.self, bytes, bodyStart)
        guard let kind = Kind(rawValue: bytes[bodyStart + 8]) else { return .corrupt }
        let keyLength = Int(read(UInt16.self, bytes, bodyStart + 9))
        let keyStart = bodyStart + bodyPrefixSize
        guard keyStart + keyLength <= bodyStart + length else { return .corrupt }
        let key = String(decoding: bytes[keyStart..<keyStart + keyLength], as: UTF8.self)
        let payload = Array(bytes[keyStart + keyLength..<bodyStart + length])
        return .record(
            StateRecord(sequence: sequence, kind: kind, key: key, payload: payload), next: bodyStart + length)
    }

    static func append<Integer: FixedWidthInteger>(_ value: Integer, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { buffer += $0 }
    }

    static func read<Integer: FixedWidthInteger>(_: Integer.Type, _ bytes: [UInt8], _ offset: Int) -> Integer {
        var value: Integer = 0
        for index in 0..<Integer.bitWidth / 8 {
            value |= Integer(bytes[offset + index]) << (8 * index)
        }
        return value
    }
}
