/// Scanning a JSON string eight bytes at a time, as the JSON reader and Varlink's in-place call reader do:
/// where its plain run of bytes ends.
///
/// `@usableFromInline` because without it Swift 6.3 leaves the `@inlinable` function out of the module it
/// exports, and Varlink calls it once per eight bytes instead of inlining it.
@usableFromInline package enum StringWordScan {
    /// A mask with the high bit set in the lowest byte of `word` (little-endian) that is `"`, `\` or below
    /// 0x20, if any: the bytes that end a string or that JSON escapes. Bytes above the lowest flagged one may
    /// be flagged falsely (borrows only run upwards). Each reader adds the bytes from 0x7F or 0x80 it also
    /// stops at.
    ///
    /// Bit tricks from Sean Eron Anderson's "Bit Twiddling Hacks" ("Determine if a word has a zero byte",
    /// "… has a byte less than n").
    @inlinable @inline(__always)
    package static func quotesBackslashesAndControls(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let zeroInQuotes = (quotes &- ones) & ~quotes
        let zeroInBackslashes = (backslashes &- ones) & ~backslashes
        let belowSpace = (word &- ones &* 0x20) & ~word
        return (zeroInQuotes | zeroInBackslashes | belowSpace) & highBits
    }
}
