/// Every element of one AAC-LC `raw_data_block` (ISO/IEC 14496-3 §4.4.2.1), read bit-exactly to
/// its `ID_END`: where each channel's `global_gain` lies, and how far its scalefactors may drop.
///
/// A channel stream's section data, scalefactors and spectral data are Huffman-coded, so where
/// the next channel (a CPE's second, or the next element) begins is found only by decoding every
/// codeword before it (§4.4.2.7, §4.6.2, §4.6.3): this walks `ics_info`, `section_data`,
/// `scale_factor_data`, `pulse_data`, `tns_data` and `spectral_data` of each SCE, CPE and LFE,
/// and steps over fill and data stream elements. Coupling channel elements, program config
/// elements, prediction and gain control (which AAC-LC does not use) are refused.
///
/// ```swift
/// let layout = try AACBlockLayout(packet, range: 0..<packet.count, sampleRate: 44100)
/// let gains = layout.channels.map(\.globalGain)
/// ```
struct AACBlockLayout: Sendable, Hashable {
    /// One element the block holds, fill and data stream elements left out.
    struct Element: Sendable, Hashable {
        /// SCE, CPE or LFE.
        var id: AACRawBlock.ElementID
        /// Its `element_instance_tag`.
        var tag: Int
        /// Its channel streams: one, or a CPE's two.
        var channels: [Channel]
        /// A CPE's `ms_mask_present` (0 none, 1 per band, 2 all bands), or `nil` when its
        /// channels have windows of their own.
        var midSide: Int?
    }

    /// One `individual_channel_stream`.
    struct Channel: Sendable, Hashable {
        /// Bit offset, from the block's first bit, of its `global_gain`.
        var globalGainBit: Int
        /// Its `global_gain`.
        var globalGain: Int
        /// Its window.
        var window: AACRawBlock.Window
        /// The lowest scalefactor of its spectral bands (§4.6.2.3: `global_gain` plus the running
        /// sum of differences), or `nil` when it codes none.
        var lowestScalefactor: Int?
        /// The lowest energy of its noise-substituted bands (§4.6.13.3: `global_gain` − 90 plus
        /// the running sum), or `nil` when it has none.
        var lowestNoiseEnergy: Int?
        /// The highest energy of its noise-substituted bands, or `nil` when it has none.
        var highestNoiseEnergy: Int?
        /// The codebooks its sections use, bit *n* for book *n* (13 noise, 14 and 15 intensity).
        var books: UInt16
        /// Whether it carries pulse data and TNS data.
        var hasPulses: Bool, hasTNS: Bool

        /// Whether lowering `global_gain` changes anything: it scales spectral and noise bands;
        /// intensity bands follow the other channel.
        var isScaled: Bool { lowestScalefactor != nil || lowestNoiseEnergy != nil }

        /// Whether `global_gain` can drop by `steps` with every value staying in the range
        /// decoders take, so that every band drops by as much: gain and scalefactors 0 or more,
        /// noise energies within −155 to 100, which decoders clip to.
        func lowers(by steps: Int) -> Bool {
            globalGain >= steps && (lowestScalefactor ?? 255) >= steps && (lowestNoiseEnergy ?? 100) - steps >= -155
                && (highestNoiseEnergy ?? 0) <= 100
        }
    }

    /// The channel elements, in order.
    let elements: [Element]
    /// The bit after `ID_END`, from the block's first bit.
    let endBit: Int

    /// Every channel stream, element by element.
    var channels: [Channel] { elements.flatMap(\.channels) }

    /// Reads the block held by `bytes[range]` of a stream at `sampleRate`.
    ///
    /// - Throws: ``AACRawBlock/Failure`` when it is not AAC-LC, cut short, or its rate is none
    ///   of Table 1.18's.
    /// - Complexity: O(bits of the block).
    init(_ bytes: [UInt8], range: Range<Int>, sampleRate: Int) throws(AACRawBlock.Failure) {
        guard let rateIndex = AACStream.sampleRates.firstIndex(of: sampleRate) else {
            throw .malformed("a rate (\(sampleRate) Hz) with no scalefactor band table")
        }
        let tables = AACHuffmanTables.bandTableIndex[rateIndex]
        var parser = Parser(
            reader: AACBitReader(bytes, range: range), start: range.lowerBound * 8,
            longOffsets: AACHuffmanTables.longBandOffsets[tables.long],
            shortOffsets: AACHuffmanTables.shortBandOffsets[tables.short])
        do {
            var elements: [Element] = []
            while true {
                guard let id = AACRawBlock.ElementID(rawValue: try parser.reader.read(3)) else {
                    throw AACRawBlock.Failure.truncated
                }
                switch id {
                case .singleChannel, .lowFrequency:
                    let tag = try parser.reader.read(4)
                    elements.append(
                        Element(id: id, tag: tag, channels: [try parser.channelStream(common: nil)], midSide: nil))
                case .channelPair:
                    let tag = try parser.reader.read(4)
                    var common: (window: AACRawBlock.Window, maxBands: Int)?
                    var midSide: Int?
                    if try parser.reader.read(1) == 1 {
                        let info = try parser.info()
                        common = info
                        midSide = try parser.reader.read(2)
                        switch midSide {
                        case 1: try parser.reader.skip(info.window.groupCount * info.maxBands)
                        case 3: throw AACRawBlock.Failure.malformed("the reserved ms_mask_present 3")
                        default: break
                        }
                    }
                    let first = try parser.channelStream(common: common),
                        second = try parser.channelStream(common: common)
                    elements.append(Element(id: id, tag: tag, channels: [first, second], midSide: midSide))
                case .dataStream:
                    try parser.reader.skip(4)
                    let aligned = try parser.reader.read(1) == 1
                    var count = try parser.reader.read(8)
                    if count == 255 { count += try parser.reader.read(8) }
                    if aligned { parser.reader.alignToByte() }
                    try parser.reader.skip(8 * count)
                case .fill:
                    var count = try parser.reader.read(4)
                    if count == 15 { count += try parser.reader.read(8) - 1 }
                    try parser.reader.skip(8 * count)
                case .end:
                    guard !elements.isEmpty else { throw AACRawBlock.Failure.noChannel }
                    self.elements = elements
                    endBit = parser.reader.position - parser.start
                    return
                case .coupling, .programConfig:
                    throw AACRawBlock.Failure.unsupported(id)
                }
            }
        } catch let failure as AACRawBlock.Failure {
            throw failure
        } catch {
            throw .truncated
        }
    }

    /// The reading state: the bits and the rate's band tables.
    private struct Parser {
        var reader: AACBitReader
        /// The block's first bit in the buffer.
        let start: Int
        /// Band offsets of a long and of a short window.
        let longOffsets: [Int], shortOffsets: [Int]

        /// An `ics_info` (§4.4.2.1, Table 4.6).
        mutating func info() throws -> (window: AACRawBlock.Window, maxBands: Int) {
            if try reader.read(1) != 0 { throw AACRawBlock.Failure.notLowComplexity("the reserved bit of ics_info") }
            let sequence = try reader.read(2), shape = try reader.read(1)
            if sequence == 2 {
                let maxBands = try reader.read(4)
                let window = AACRawBlock.Window(sequence: sequence, shape: shape, grouping: try reader.read(7))
                guard maxBands < shortOffsets.count else {
                    throw AACRawBlock.Failure.malformed("max_sfb \(maxBands) of a short window")
                }
                return (window, maxBands)
            }
            let maxBands = try reader.read(6)
            if try reader.read(1) == 1 { throw AACRawBlock.Failure.notLowComplexity("prediction") }
            guard maxBands < longOffsets.count else {
                throw AACRawBlock.Failure.malformed("max_sfb \(maxBands) of a long window")
            }
            return (AACRawBlock.Window(sequence: sequence, shape: shape, grouping: 0), maxBands)
        }

        /// An `individual_channel_stream` (§4.4.2.7, Table 4.50), with `scale_flag` 0.
        mutating func channelStream(common: (window: AACRawBlock.Window, maxBands: Int)?) throws -> Channel {
            let gainBit = reader.position - start
            let globalGain = try reader.read(8)
            let (window, maxBands) = if let common { common } else { try info() }
            // The window groups' lengths in short windows (§4.5.2.3.4): a new group at each 0 bit.
            var groupLengths = [1]
            if window.isShort {
                for bit in (0..<7).reversed() {
                    if window.grouping >> bit & 1 == 1 {
                        groupLengths[groupLengths.count - 1] += 1
                    } else {
                        groupLengths.append(1)
                    }
                }
            }
            let offsets = window.isShort ? shortOffsets : longOffsets

            // section_data (Table 4.52): sections of bands sharing a codebook, per group.
            let lengthBits = window.isShort ? 3 : 5, escape = (1 << lengthBits) - 1
            var sections: [(book: Int, bands: Range<Int>, group: Int)] = []
            for group in groupLengths.indices {
                var band = 0
                while band < maxBands {
                    let book = try reader.read(4)
                    if book == 12 { throw AACRawBlock.Failure.malformed("the reserved codebook 12") }
                    var length = 0
                    while true {
                        let increment = try reader.read(lengthBits)
                        length += increment
                        if increment != escape { break }
                    }
                    guard band + length <= maxBands else {
                        throw AACRawBlock.Failure.malformed("a section past max_sfb")
                    }
                    sections.append((book, band..<(band + length), group))
                    band += length
                }
            }

            // scale_factor_data (Table 4.53).
            var scalefactor = globalGain, noise = globalGain - 90, firstNoise = true
            var lowestScalefactor: Int?, lowestNoise: Int?, highestNoise: Int?
            for section in sections where section.book != 0 {
                for _ in section.bands {
                    switch section.book {
                    case 14, 15:
                        guard try AACHuffmanCode.scalefactor.decode(&reader) != nil else { throw Self.noCode }
                    case 13:
                        if firstNoise {
                            firstNoise = false
                            noise += try reader.read(9) - 256
                        } else {
                            guard let entry = try AACHuffmanCode.scalefactor.decode(&reader) else { throw Self.noCode }
                            noise += entry - 60
                        }
                        lowestNoise = min(lowestNoise ?? noise, noise)
                        highestNoise = max(highestNoise ?? noise, noise)
                    default:
                        guard let entry = try AACHuffmanCode.scalefactor.decode(&reader) else { throw Self.noCode }
                        scalefactor += entry - 60
                        guard (0...255).contains(scalefactor) else {
                            throw AACRawBlock.Failure.malformed("a scalefactor (\(scalefactor)) out of 0 to 255")
                        }
                        lowestScalefactor = min(lowestScalefactor ?? scalefactor, scalefactor)
                    }
                }
            }

            // pulse_data (Table 4.7), long windows only.
            let hasPulses = try reader.read(1) == 1
            if hasPulses {
                if window.isShort { throw AACRawBlock.Failure.malformed("pulse data in a short window") }
                let pulses = try reader.read(2) + 1
                try reader.skip(6 + pulses * 9)
            }
            // tns_data (Table 4.48).
            let hasTNS = try reader.read(1) == 1
            if hasTNS {
                for _ in 0..<(window.isShort ? 8 : 1) {
                    let filters = try reader.read(window.isShort ? 1 : 2)
                    guard filters > 0 else { continue }
                    let resolution = try reader.read(1)
                    for _ in 0..<filters {
                        try reader.skip(window.isShort ? 4 : 6)
                        let order = try reader.read(window.isShort ? 3 : 5)
                        guard order <= (window.isShort ? 7 : 12) else {
                            throw AACRawBlock.Failure.malformed("a TNS filter of order \(order)")
                        }
                        guard order > 0 else { continue }
                        try reader.skip(1)
                        let compress = try reader.read(1)
                        try reader.skip(order * (3 + resolution - compress))
                    }
                }
            }
            if try reader.read(1) == 1 { throw AACRawBlock.Failure.notLowComplexity("gain control") }

            // spectral_data (Table 4.56): every codeword of books 1 to 11, with its sign bits and escapes.
            for section in sections {
                guard let book = AACSpectralBook.books[safe: section.book] ?? nil else { continue }
                let lines =
                    (offsets[section.bands.upperBound] - offsets[section.bands.lowerBound])
                    * groupLengths[section.group]
                for _ in 0..<(lines / book.dimension) {
                    guard let entry = try book.code.decode(&reader) else { throw Self.noCode }
                    try reader.skip(Int(book.signBits[entry]))
                    for _ in 0..<book.escapes[entry] {
                        var prefix = 0
                        while try reader.readBit() == 1 {
                            prefix += 1
                            if prefix > 8 {
                                throw AACRawBlock.Failure.malformed("an escape sequence longer than 13 bits")
                            }
                        }
                        try reader.skip(prefix + 4)
                    }
                }
            }
            return Channel(
                globalGainBit: gainBit, globalGain: globalGain, window: window,
                lowestScalefactor: lowestScalefactor, lowestNoiseEnergy: lowestNoise, highestNoiseEnergy: highestNoise,
                books: sections.reduce(0) { $0 | 1 << UInt16($1.book) }, hasPulses: hasPulses, hasTNS: hasTNS)
        }

        static let noCode = AACRawBlock.Failure.malformed("a Huffman code of no codebook")
    }
}

extension Array {
    /// The element at `index`, or `nil` outside the array.
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
