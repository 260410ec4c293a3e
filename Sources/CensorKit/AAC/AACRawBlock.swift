/// The start of one AAC-LC `raw_data_block` (ISO/IEC 14496-3 §4.4.2.1): the elements before its
/// first channel element skipped, and that element read as far as its first channel's
/// `global_gain` and `ics_info`.
///
/// That is what a muted frame needs: it is rebuilt whole (``AACSilentBlock``) with the window
/// read here, so that the decoder's window switching runs as before. Ducking needs every
/// channel's `global_gain`, which lie behind Huffman-coded data: ``AACBlockLayout`` reads the
/// block whole for it.
struct AACRawBlock: Sendable, Hashable {
    /// A syntactic element's `id_syn_ele` (Table 4.85).
    enum ElementID: Int, Sendable {
        case singleChannel = 0
        case channelPair, coupling, lowFrequency, dataStream, programConfig, fill, end
    }

    /// The first channel element: SCE, CPE or LFE.
    let element: ElementID
    /// Its `element_instance_tag`.
    let tag: Int
    /// Bit offset, from the block's first bit, of the first channel's `global_gain`.
    let globalGainBit: Int
    /// The first channel's `global_gain`.
    let globalGain: UInt8
    /// The first channel's window: its `ics_info` (shared by both channels of a CPE with
    /// `common_window`).
    let window: Window

    /// An `ics_info`'s window fields (§4.4.2.1, Table 4.6).
    struct Window: Sendable, Hashable {
        /// `window_sequence`: 0 ONLY_LONG, 1 LONG_START, 2 EIGHT_SHORT, 3 LONG_STOP.
        var sequence: Int
        /// `window_shape`: 0 sine, 1 Kaiser-Bessel derived.
        var shape: Int
        /// `scale_factor_grouping` of an EIGHT_SHORT window (7 bits).
        var grouping: Int

        /// The window of a frame nothing is known of: a long sine window.
        static let long = Window(sequence: 0, shape: 0, grouping: 0)

        /// Whether it is EIGHT_SHORT_SEQUENCE.
        var isShort: Bool { sequence == 2 }

        /// `num_window_groups` of an EIGHT_SHORT window: one more than the grouping's zero bits.
        var groupCount: Int { isShort ? 1 + (0..<7).filter { grouping >> $0 & 1 == 0 }.count : 1 }
    }

    /// Why a block could not be read as AAC-LC.
    enum Failure: Error, Hashable, CustomStringConvertible {
        /// The bits ended inside an element.
        case truncated
        /// An element this reader does not take: a coupling channel element, or a program
        /// config element inside the audio.
        case unsupported(ElementID)
        /// Syntax AAC-LC forbids (prediction, a reserved bit set).
        case notLowComplexity(String)
        /// The block holds no channel element.
        case noChannel
        /// Bits that no AAC-LC decoder takes, as a clause: "a Huffman code of no codebook".
        case malformed(String)

        var description: String {
            switch self {
            case .truncated: "it ends inside an element"
            case let .unsupported(element): "it holds a \(element) element"
            case let .notLowComplexity(what): "it uses \(what), which AAC-LC does not"
            case .noChannel: "it holds no channel element"
            case let .malformed(what): "it holds \(what)"
            }
        }
    }

    /// Reads the block held by `bytes[range]`.
    ///
    /// - Throws: ``Failure`` when it is not AAC-LC as far as the first channel's `ics_info`.
    init(_ bytes: [UInt8], range: Range<Int>) throws(Failure) {
        var reader = AACBitReader(bytes, range: range)
        do {
            while true {
                guard let id = ElementID(rawValue: try reader.read(3)) else { throw Failure.truncated }
                switch id {
                case .singleChannel, .lowFrequency, .channelPair:
                    tag = try reader.read(4)
                    element = id
                    var common: Window?
                    if id == .channelPair, try reader.read(1) == 1 {
                        let (window, maxBands) = try Self.readInfo(&reader)
                        common = window
                        let mask = try reader.read(2)
                        if mask == 1 { try reader.skip(window.groupCount * maxBands) }
                    }
                    globalGainBit = reader.position - range.lowerBound * 8
                    globalGain = UInt8(try reader.read(8))
                    if let common {
                        window = common
                    } else {
                        window = try Self.readInfo(&reader).window
                    }
                    return
                case .dataStream:
                    try reader.skip(4)
                    let aligned = try reader.read(1) == 1
                    var count = try reader.read(8)
                    if count == 255 { count += try reader.read(8) }
                    if aligned { reader.alignToByte() }
                    try reader.skip(8 * count)
                case .fill:
                    var count = try reader.read(4)
                    if count == 15 { count += try reader.read(8) - 1 }
                    try reader.skip(8 * count)
                case .end:
                    throw Failure.noChannel
                case .coupling, .programConfig:
                    throw Failure.unsupported(id)
                }
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.truncated
        }
    }

    /// Reads an `ics_info`: its window and `max_sfb`.
    private static func readInfo(_ reader: inout AACBitReader) throws -> (window: Window, maxBands: Int) {
        if try reader.read(1) != 0 { throw Failure.notLowComplexity("the reserved bit of ics_info") }
        let sequence = try reader.read(2), shape = try reader.read(1)
        if sequence == 2 {
            let maxBands = try reader.read(4)
            return (Window(sequence: sequence, shape: shape, grouping: try reader.read(7)), maxBands)
        }
        let maxBands = try reader.read(6)
        if try reader.read(1) == 1 { throw Failure.notLowComplexity("prediction") }
        return (Window(sequence: sequence, shape: shape, grouping: 0), maxBands)
    }
}
