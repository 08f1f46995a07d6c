import Testing

@testable import TransitionCore

/// Tolerances and helpers shared by the math tests.
enum MathTolerance {
    /// Round-off allowance for a handful of double operations on values near 1.
    static let tight = 1e-12
    /// Allowance for results of iterative or decomposition algorithms.
    static let loose = 1e-9
}

/// A seeded generator (SplitMix64) so property tests are reproducible; failures print the seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
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
