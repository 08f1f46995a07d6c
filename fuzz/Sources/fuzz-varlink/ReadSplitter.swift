/// Cuts a stream of `count` bytes into read lengths, as a socket might deliver it: byte by byte, in small
/// prime-sized reads that straddle terminators, or in one read.
struct ReadSplitter {
    /// 0…15; chooses the read length (see ``reads(of:)``).
    var pattern: UInt8

    /// Read lengths adding up to `count`; each at least 1 (none for an empty stream).
    func reads(of count: Int) -> [Int] {
        let length: Int
        switch pattern {
        case 0: length = 1
        case 1: length = 2
        case 2: length = 3
        case 3: length = 7
        case 4: length = 13
        case 5: length = 64
        default: length = Int(pattern) * 5
        }
        var reads: [Int] = []
        var remaining = count
        while remaining > 0 {
            let read = min(length, remaining)
            reads.append(read)
            remaining -= read
        }
        return reads
    }
}
