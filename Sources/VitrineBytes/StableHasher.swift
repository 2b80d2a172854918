import Foundation

/// A fast, seedless 128-bit hash for build manifests: the same bytes give the same digest in
/// every process and on every machine (Swift's `Hasher` is seeded per process). Not
/// cryptographic; it tells whether a page's inputs changed, not whether someone forged them.
///
/// The digests are stored (build manifests, folder and input records, catalog caches): the
/// algorithm and its constants never change without a new format header.
public struct StableHasher {
    @usableFromInline var a: UInt64 = 0x9E37_79B9_7F4A_7C15
    @usableFromInline var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    @usableFromInline var length: UInt64 = 0

    @usableFromInline static let p1: UInt64 = 0xFF51_AFD7_ED55_8CCD
    @usableFromInline static let p2: UInt64 = 0xC4CE_B9FE_1A85_EC53

    /// A hasher with nothing combined yet.
    public init() {}

    @inlinable @inline(__always)
    mutating func mix(_ word: UInt64) {
        a = (a ^ word) &* Self.p1
        a ^= a >> 32
        b = (b &+ word ^ (b >> 29)) &* Self.p2
        b = (b << 27) | (b >> 37)
    }

    /// Mixes in a run of bytes and its length.
    public mutating func combine(bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        if count >= Lanes.block {
            // Long runs (a catalog, an item's description) in four independent lanes: the
            // two chains of `mix` wait on a multiply for every word; lanes keep four in flight.
            var lanes = Lanes(self)
            while index + Lanes.block <= count {
                lanes.round(bytes, at: index)
                index += Lanes.block
            }
            lanes.fold(into: &self)
        }
        finish(bytes, from: index, to: count, total: count)
    }

    /// The end of a run of `total` bytes, after its blocks: the words of `bytes[index..<end]`,
    /// then its last bytes with the run's length, which counts towards the hasher's.
    @inline(__always)
    private mutating func finish(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, total: Int) {
        var index = start
        while index + 8 <= end {
            mix(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < end {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        mix(tail ^ (UInt64(total) << 56))
        length &+= UInt64(total)
    }

    /// Four accumulators, each mixing every fourth word (xxHash's round), started from the
    /// hasher's state and mixed back into it.
    private struct Lanes {
        static let block = 32
        private static let p3: UInt64 = 0x9E37_79B1_85EB_CA87
        private static let p4: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        private var v1, v2, v3, v4: UInt64

        init(_ hasher: StableHasher) {
            v1 = hasher.a &+ Self.p3
            v2 = hasher.b ^ Self.p4
            v3 = hasher.a ^ (hasher.b &* Self.p3)
            v4 = hasher.b &- Self.p3
        }

        @inline(__always)
        private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
            let sum = lane &+ word &* p4
            return ((sum << 31) | (sum >> 33)) &* p3
        }

        @inline(__always)
        mutating func round(_ bytes: UnsafeRawBufferPointer, at index: Int) {
            v1 = Self.round(v1, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            v2 = Self.round(v2, bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
            v3 = Self.round(v3, bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
            v4 = Self.round(v4, bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
        }

        func fold(into hasher: inout StableHasher) {
            hasher.mix(v1)
            hasher.mix(v2)
            hasher.mix(v3)
            hasher.mix(v4)
        }
    }

    /// Mixes in a text's UTF-8 bytes.
    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Mixes in an optional text: absent and empty differ.
    public mutating func combine(_ text: String?) {
        if let text {
            combine(1)
            combine(text)
        } else {
            combine(0)
        }
    }

    /// Mixes in a number.
    @inlinable
    public mutating func combine(_ number: Int) {
        mix(UInt64(bitPattern: Int64(number)))
    }

    /// Mixes in an optional number: absent and zero differ.
    @inlinable
    public mutating func combine(_ number: Int?) {
        if let number {
            combine(1)
            combine(number)
        } else {
            combine(0)
        }
    }

    /// Mixes in an optional number's bit pattern.
    @inlinable
    public mutating func combine(_ number: Double?) {
        if let number {
            combine(1)
            mix(number.bitPattern)
        } else {
            combine(0)
        }
    }

    /// Mixes in a flag.
    @inlinable
    public mutating func combine(_ flag: Bool) {
        mix(flag ? 1 : 2)
    }

    /// Mixes in another digest.
    @inlinable
    public mutating func combine(_ digest: Digest) {
        mix(digest.high)
        mix(digest.low)
    }

    /// The digest of everything combined so far.
    public func finalize() -> Digest {
        var x = a ^ length
        var y = b ^ (length &* Self.p1)
        x ^= x >> 33
        x = x &* Self.p1
        x ^= x >> 33
        x = x &* Self.p2
        x ^= x >> 33
        y ^= y >> 31
        y = y &* Self.p2
        y ^= y >> 29
        y = y &* Self.p1
        y ^= y >> 32
        return Digest(high: x ^ (y >> 7), low: y ^ (x << 3))
    }

    /// A 128-bit digest.
    public struct Digest: Hashable, Sendable, CustomStringConvertible {
        /// The first 64 bits.
        public let high: UInt64
        /// The last 64 bits.
        public let low: UInt64

        /// 32 lower-case hex digits.
        public var description: String {
            var bytes: [UInt8] = []
            appendHex(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The digest of these two words.
        @inlinable
        public init(high: UInt64, low: UInt64) {
            self.high = high
            self.low = low
        }

        /// From 32 lower- or upper-case hex digits; nil for anything else.
        public init?(hex bytes: UnsafeRawBufferPointer) {
            guard bytes.count == 32 else { return nil }
            var words: (UInt64, UInt64) = (0, 0)
            for index in 0..<16 {
                guard let high = Self.nibble(bytes[index]), let low = Self.nibble(bytes[index + 16]) else { return nil }
                words.0 = words.0 << 4 | high
                words.1 = words.1 << 4 | low
            }
            self.init(high: words.0, low: words.1)
        }

        /// The value of one hex digit, either case.
        @inline(__always)
        private static func nibble(_ byte: UInt8) -> UInt64? {
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 { return UInt64(digit) }
            let letter = (byte | 0x20) &- UInt8(ascii: "a")
            return letter < 6 ? UInt64(letter) + 10 : nil
        }

        /// Appends the 32 lower-case hex digits `description` spells.
        public func appendHex(to bytes: inout [UInt8]) {
            for word in [high, low] {
                for shift in stride(from: 60, through: 0, by: -4) {
                    let nibble = UInt8(truncatingIfNeeded: word >> UInt64(shift)) & 0x0F
                    bytes.append(nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10)
                }
            }
        }
    }

    /// The digest of a run of bytes: `combine(bytes:)` then `finalize()`.
    public static func digest(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var hasher = StableHasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    /// The digest of `data`'s bytes, as `digest(_:)` gives it.
    public static func digest(_ data: Data) -> Digest {
        data.withUnsafeBytes { digest($0) }
    }

    /// The digest of `bytes`, as `digest(_:)` gives it.
    public static func digest(_ bytes: [UInt8]) -> Digest {
        bytes.withUnsafeBytes { digest($0) }
    }

    /// What a file holds, for `digestOfFile(atPath:)`.
    public enum FileDigest: Equatable, Sendable {
        /// The digest of its bytes.
        case digest(Digest)
        /// No file at the path.
        case missing
        /// A file that could not be opened or read.
        case unreadable
    }

    /// The digest `digest(_:)` gives a file's bytes, read in pieces into one buffer: no copy
    /// of the whole file, no fresh memory to fault in.
    public static func digestOfFile(atPath path: String, bufferSize: Int = 1 << 20) -> FileDigest {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .missing : .unreadable }
        defer { close(descriptor) }
        return digestOfFile(descriptor: descriptor, bufferSize: bufferSize)
    }

    /// The digest of what is left to read of the file open at `descriptor`, read
    /// `bufferSize` bytes at a time.
    public static func digestOfFile(descriptor: Int32, bufferSize: Int = 1 << 20) -> FileDigest {
        let piece = max(bufferSize, 1)
        // Room for a piece after the bytes kept from the last: fewer than a block.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: piece + Lanes.block, alignment: 8)
        defer { buffer.deallocate() }
        var hasher = StableHasher()
        var lanes = Lanes(hasher)
        var kept = 0  // bytes at the buffer's start not mixed yet: fewer than a block
        var total = 0
        while true {
            let count = read(descriptor, buffer.baseAddress! + kept, piece)
            if count < 0, errno == EINTR { continue }
            if count < 0 { return .unreadable }
            if count == 0 { break }
            total += count
            let available = kept + count
            let whole = available - available % Lanes.block
            var index = 0
            while index < whole {
                lanes.round(UnsafeRawBufferPointer(buffer), at: index)
                index += Lanes.block
            }
            kept = available - whole
            if kept > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + whole, kept) }
        }
        // What `combine(bytes:)` does after its blocks: the lanes, the words left, then the
        // last bytes and the count.
        if total >= Lanes.block { lanes.fold(into: &hasher) }
        hasher.finish(UnsafeRawBufferPointer(buffer), from: 0, to: kept, total: total)
        return .digest(hasher.finalize())
    }
}
