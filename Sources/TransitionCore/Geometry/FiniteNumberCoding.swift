/// Encoding and decoding of fixed-length arrays of finite numbers, the wire shape of the
/// geometry types (`[x, y]`, `[x, y, width, height]`, 16 matrix entries).
enum FiniteNumberCoding {
    /// Decodes exactly `count` finite numbers from an array.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not an array of numbers,
    ///   `DecodingError.dataCorrupted` when it has the wrong length or holds NaN or an infinity.
    static func decode(from decoder: any Decoder, count expected: Int, shape: String) throws -> [Double] {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != expected {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath,
                    debugDescription: "Expected an array of \(expected) numbers \(shape), got \(count) elements"
                )
            )
        }
        var values: [Double] = []
        values.reserveCapacity(expected)
        while !container.isAtEnd {
            guard values.count < expected else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath,
                        debugDescription: "Expected an array of \(expected) numbers \(shape), got more"
                    )
                )
            }
            let value = try container.decode(Double.self)
            guard value.isFinite else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath,
                        debugDescription: "Expected a finite number at index \(values.count) of \(shape), got \(value)"
                    )
                )
            }
            values.append(value)
        }
        guard values.count == expected else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath,
                    debugDescription:
                        "Expected an array of \(expected) numbers \(shape), got \(values.count) elements"
                )
            )
        }
        return values
    }

    /// Encodes numbers as one array.
    static func encode(_ values: some Sequence<Double>, to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for value in values {
            try container.encode(value)
        }
    }

    /// Decodes one finite number, throwing `DecodingError.dataCorrupted` for NaN or an infinity.
    static func decodeFinite<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>,
        forKey key: Key
    ) throws -> Double {
        try requireFinite(container.decode(Double.self, forKey: key), in: container, forKey: key)
    }

    /// `value`, decoded at `key` of `container`, when it is finite; else `DecodingError.dataCorrupted` naming
    /// the key.
    static func requireFinite<Key: CodingKey>(
        _ value: Double,
        in container: KeyedDecodingContainer<Key>,
        forKey key: Key
    ) throws -> Double {
        guard value.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: container,
                debugDescription: "Expected a finite number, got \(value)"
            )
        }
        return value
    }
}
