import Foundation
import Testing

@testable import TransitionCore

/// Tolerances and helpers shared by the math tests.
enum MathTolerance {
    /// Round-off allowance for a handful of double operations on values near 1.
    static let tight = 1e-12
    /// Allowance for results of iterative or decomposition algorithms.
    static let loose = 1e-9
}

func isClose(_ a: Double, _ b: Double, _ tolerance: Double = MathTolerance.tight) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

func isClose(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = MathTolerance.loose) -> Bool {
    zip(a.rowMajorEntries, b.rowMajorEntries).allSatisfy { isClose($0, $1, tolerance) }
}

func isClose(_ a: Point, _ b: Point, _ tolerance: Double = MathTolerance.tight) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

/// JSON helpers for the Codable tests. Foundation's coders are used here only, as an outside
/// implementation of the Codable protocols; TransitionCore itself never imports Foundation.
enum JSONTesting {
    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        let decoder = JSONDecoder()
        // Lets tests smuggle non-finite numbers in as strings to exercise the finiteness checks.
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf",
            negativeInfinity: "-inf",
            nan: "nan"
        )
        return try decoder.decode(type, from: Data(json.utf8))
    }

    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The debug description of the `DecodingError` thrown while decoding, or nil if none.
    static func decodingFailure<T: Decodable>(_ type: T.Type, _ json: String) -> String? {
        do {
            _ = try decode(type, json)
            return nil
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
                .keyNotFound(_, let context):
                return context.debugDescription
            @unknown default:
                return "\(error)"
            }
        } catch {
            return "unexpected error \(error)"
        }
    }

    /// Whether decoding fails with `dataCorrupted` or `typeMismatch` (the two kinds the geometry
    /// and timing types promise).
    static func failsAsCorruptOrMismatch<T: Decodable>(_ type: T.Type, _ json: String) -> Bool {
        do {
            _ = try decode(type, json)
            return false
        } catch DecodingError.dataCorrupted, DecodingError.typeMismatch {
            return true
        } catch {
            return false
        }
    }
}
