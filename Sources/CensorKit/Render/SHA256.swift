import Foundation

/// SHA-256 (FIPS 180-4), for the digests a censored file's marker and a manifest run's records keep to
/// tell whether a job's input, transcript, list or output changed since the output was written.
/// Foundation on Linux has none.
package struct SHA256 {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    /// An empty message.
    package init() {}

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length += UInt64(bytes.count)
        var rest = bytes[...]
        if !pending.isEmpty {
            let take = min(64 - pending.count, rest.count)
            pending += rest.prefix(take)
            rest = rest.dropFirst(take)
            guard pending.count == 64 else { return }
            let block = pending
            pending.removeAll(keepingCapacity: true)
            block.withUnsafeBytes { compress($0.baseAddress!) }
        }
        var offset = rest.startIndex
        while rest.endIndex - offset >= 64 {
            compress(bytes.baseAddress! + offset)
            offset += 64
        }
        pending += bytes[offset..<rest.endIndex]
    }

    /// Adds the UTF-8 bytes of `text`.
    package mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// The digest as 64 lowercase hexadecimal digits.
    package mutating func finish() -> String {
        let bits = length &* 8
        var tail: [UInt8] = [0x80] + [UInt8](repeating: 0, count: (119 - pending.count) % 64)
        tail += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
        tail.withUnsafeBytes { update($0) }
        return state.map { String(format: "%08x", $0) }.joined()
    }

    private mutating func compress(_ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for i in 0..<16 {
                w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
            }
            for i in 16..<64 {
                let s0 = w[i - 15].rotatedRight(7) ^ w[i - 15].rotatedRight(18) ^ (w[i - 15] >> 3)
                let s1 = w[i - 2].rotatedRight(17) ^ w[i - 2].rotatedRight(19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (
                state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
            )
            for i in 0..<64 {
                let t1 =
                    h &+ (e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)) &+ ((e & f) ^ (~e & g))
                    &+ Self.k[i] &+ w[i]
                let t2 = (a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, value) in [a, b, c, d, e, f, g, h].enumerated() { state[i] = state[i] &+ value }
        }
    }

    /// The digest of the file at `path`, read in blocks.
    ///
    /// At most `limit` bytes and one more are read: a text file past its size limit (a list or
    /// transcript that is `/dev/zero`) is refused where it is loaded, so its digest need only
    /// end, and then differs from that of any file within the limit.
    ///
    /// - Throws: ``DigestError`` when it cannot be read.
    package static func digest(ofFile path: String, limit: Int = .max) throws(DigestError) -> String {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw DigestError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(file) }
        var hash = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while total <= limit {
            let count = read(file, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw DigestError(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            hash.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += count
        }
        if total > limit { hash.update("past the limit") }
        return hash.finish()
    }
}

/// A file whose digest could not be taken.
package struct DigestError: Error, CustomStringConvertible {
    package let path: String
    package let reason: String

    package var description: String { "cannot read '\(path)': \(reason)" }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 - count)) }
}
