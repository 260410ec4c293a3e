/// One of AAC's Huffman codebooks (ISO/IEC 14496-3 §4.6.3, Annex 4.A) as a binary tree, read a
/// bit at a time: enough to step over a block's scalefactors and spectral data, which only the
/// packets under a span are.
struct AACHuffmanCode: Sendable {
    /// Two slots per node, for bit 0 and bit 1: a positive slot is the index of the next node, a
    /// negative one `-(entry + 1)` of a leaf, 0 no code.
    private let tree: [Int32]

    /// The code of the prefix-free `codes`, entry *i* being `codes[i]`'s low `lengths[i]` bits.
    init(lengths: [UInt8], codes: [UInt32]) {
        var tree: [Int32] = [0, 0]
        for (entry, (length, code)) in zip(lengths, codes).enumerated() {
            var node = 0
            for bit in stride(from: Int(length) - 1, through: 0, by: -1) {
                let slot = node * 2 + Int(code >> UInt32(bit) & 1)
                if bit == 0 {
                    tree[slot] = -Int32(entry) - 1
                } else {
                    if tree[slot] == 0 {
                        tree[slot] = Int32(tree.count / 2)
                        tree += [0, 0]
                    }
                    node = Int(tree[slot])
                }
            }
        }
        self.tree = tree
    }

    /// Reads one codeword and returns its entry, or `nil` when the bits are no codeword.
    ///
    /// - Throws: ``AACBitReader/Overrun`` when the bits end inside a codeword.
    func decode(_ reader: inout AACBitReader) throws(AACBitReader.Overrun) -> Int? {
        var node = 0
        while true {
            let next = tree[node * 2 + (try reader.readBit())]
            if next < 0 { return Int(-next - 1) }
            if next == 0 { return nil }
            node = Int(next)
        }
    }

    /// The scalefactor codebook (Table 4.A.1): entry = difference + 60.
    static let scalefactor = AACHuffmanCode(
        lengths: AACHuffmanTables.scalefactorLengths, codes: AACHuffmanTables.scalefactorCodes)
}

/// A spectral codebook, 1 to 11 (Table 4.A.2 to 4.A.12, §4.6.3.3): its code and how each entry
/// is followed in the bit stream.
struct AACSpectralBook: Sendable {
    /// The code.
    let code: AACHuffmanCode
    /// Coefficients per codeword: 4 for books 1 to 4, 2 for the others.
    let dimension: Int
    /// Sign bits after each entry's codeword: one per non-zero value of an unsigned book, none
    /// for a signed book (1, 2, 5, 6).
    let signBits: [UInt8]
    /// Escape sequences after each entry's sign bits: one per value 16 of book 11.
    let escapes: [UInt8]

    private init(lengths: [UInt8], codes: [UInt32], dimension: Int, base: Int, isSigned: Bool, hasEscape: Bool) {
        code = AACHuffmanCode(lengths: lengths, codes: codes)
        self.dimension = dimension
        var signBits: [UInt8] = [], escapes: [UInt8] = []
        for entry in lengths.indices {
            var rest = entry, nonZero: UInt8 = 0, escaped: UInt8 = 0
            for _ in 0..<dimension {
                let digit = rest % base
                rest /= base
                if digit != 0 { nonZero += 1 }
                if hasEscape, digit == 16 { escaped += 1 }
            }
            signBits.append(isSigned ? 0 : nonZero)
            escapes.append(escaped)
        }
        self.signBits = signBits
        self.escapes = escapes
    }

    /// Books 1 to 11 at their numbers; index 0 is no book.
    static let books: [AACSpectralBook?] = {
        typealias T = AACHuffmanTables
        let tables: [([UInt8], [UInt32])] = [
            (T.lengths1, T.codes1), (T.lengths2, T.codes2), (T.lengths3, T.codes3), (T.lengths4, T.codes4),
            (T.lengths5, T.codes5), (T.lengths6, T.codes6), (T.lengths7, T.codes7), (T.lengths8, T.codes8),
            (T.lengths9, T.codes9), (T.lengths10, T.codes10), (T.lengths11, T.codes11),
        ]
        return [nil]
            + tables.enumerated().map { index, table in
                let book = index + 1
                let base = [3, 3, 3, 3, 9, 9, 8, 8, 13, 13, 17][index]
                return AACSpectralBook(
                    lengths: table.0, codes: table.1, dimension: book <= 4 ? 4 : 2, base: base,
                    isSigned: [1, 2, 5, 6].contains(book), hasEscape: book == 11)
            }
    }()
}
