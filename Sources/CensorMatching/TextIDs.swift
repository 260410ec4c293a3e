/// Numbers distinct strings in the order they are first added: a hash table from a string to
/// its id, for the million lookups of matching a long transcript.
///
/// `Dictionary<String, Int32>` seeds and runs SipHash for every lookup, which is most of the
/// cost of looking up a short word; this table hashes the UTF-8 eight bytes at a time with a
/// multiply-and-rotate mix and keeps each string's hash beside its slot, so that a lookup
/// compares strings only when their hashes agree. The mix is not keyed: it is meant for
/// transcripts and lists, not for input chosen to collide.
internal struct TextIDs {
    /// The strings by id.
    internal private(set) var texts: [String] = []
    /// Per slot: the id stored there, or -1 when empty.
    private var slotIDs: [Int32] = Array(repeating: -1, count: 64)
    /// Per slot: the hash of the string stored there.
    private var slotHashes: [UInt64] = Array(repeating: 0, count: 64)

    /// Creates an empty table.
    internal init() {}

    /// The number of strings.
    internal var count: Int { texts.count }

    /// The id of a string, if it was added.
    ///
    /// - Parameter text: The string.
    /// - Returns: Its id, from 0 in order of addition; `nil` when it was never added.
    internal func id(of text: String) -> Int32? {
        let hash = Self.hash(text)
        let mask = slotIDs.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = slotIDs[slot]
            if id < 0 { return nil }
            if slotHashes[slot] == hash, texts[Int(id)] == text { return id }
            slot = (slot + 1) & mask
        }
    }

    /// Adds a string that is not in the table yet.
    ///
    /// - Parameter text: The string; it must not have been added before.
    /// - Returns: Its new id.
    internal mutating func add(_ text: String) -> Int32 {
        if (texts.count + 1) * 2 > slotIDs.count { grow() }
        let id = Int32(texts.count)
        texts.append(text)
        place(id, hash: Self.hash(text))
        return id
    }

    private mutating func place(_ id: Int32, hash: UInt64) {
        let mask = slotIDs.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slotIDs[slot] >= 0 { slot = (slot + 1) & mask }
        slotIDs[slot] = id
        slotHashes[slot] = hash
    }

    private mutating func grow() {
        let old = zip(slotIDs, slotHashes).filter { $0.0 >= 0 }
        slotIDs = Array(repeating: -1, count: slotIDs.count * 2)
        slotHashes = Array(repeating: 0, count: slotIDs.count)
        for (id, hash) in old { place(id, hash: hash) }
    }

    /// A 64-bit hash of a string's UTF-8, mixed so that its low bits spread.
    private static func hash(_ text: String) -> UInt64 {
        if let hash = text.utf8.withContiguousStorageIfAvailable(hash(bytes:)) { return hash }
        var copy = text
        return copy.withUTF8(hash(bytes:))
    }

    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
        var index = 0
        let raw = UnsafeRawBufferPointer(bytes)
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = ((hash ^ word) &* multiplier).rotated(by: 29)
            index += 8
        }
        if index < bytes.count {
            var word: UInt64 = 0
            for offset in index..<bytes.count { word |= UInt64(bytes[offset]) << (8 * UInt64(offset - index)) }
            hash = ((hash ^ word) &* multiplier).rotated(by: 29)
        }
        hash ^= hash >> 32
        hash &*= 0xD6E8_FEB8_6659_FD93
        return hash ^ (hash >> 32)
    }
}

extension UInt64 {
    /// The bits rotated left.
    fileprivate func rotated(by count: UInt64) -> UInt64 {
        self << count | self >> (64 - count)
    }
}
