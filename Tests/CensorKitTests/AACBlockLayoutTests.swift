import CensorTestFiles
import CensorTestSignals
import Foundation
import Testing

@testable import CensorKit

/// Reading AAC-LC raw data blocks whole (``AACBlockLayout``), with ffmpeg's encoder as the
/// oracle: every packet of its streams must read to an `ID_END` in the packet's last byte.
@Suite struct AACBlockLayoutTests {
    /// Mono, stereo and 5.1; 22.05 to 48 kHz; 64 to 256 kb/s; with the encoder's mid/side,
    /// intensity stereo, noise substitution and TNS on and off; tones, harmonics with noise, and
    /// transients that switch to short windows.
    static let streams: [AACFiles.Encoding] = [
        .init(rate: 44100, channels: 1, kbps: 64, container: "aac", signal: .music),
        .init(rate: 22050, channels: 1, kbps: 32, container: "aac", signal: .castanets),
        .init(rate: 48000, channels: 2, kbps: 128, container: "m4a", signal: .music),
        .init(
            rate: 44100, channels: 2, kbps: 64, container: "aac", options: ["-aac_is", "1", "-aac_ms", "1"],
            signal: .music),
        .init(rate: 44100, channels: 2, kbps: 256, container: "aac", signal: .castanets),
        .init(
            rate: 44100, channels: 2, kbps: 96, container: "aac",
            options: ["-aac_is", "0", "-aac_pns", "0", "-aac_tns", "0", "-aac_ms", "0"], signal: .castanets),
        .init(rate: 32000, channels: 2, kbps: 96, container: "m4a", signal: .tone),
        .init(rate: 48000, channels: 6, kbps: 256, container: "m4a", signal: .music),
        .init(rate: 44100, channels: 6, kbps: 192, container: "aac", signal: .castanets),
        .init(rate: 48000, channels: 6, kbps: 96, container: "aac", options: ["-aac_tns", "0"], signal: .tone),
    ]

    /// What the packets of one stream use, over all its channels.
    struct Coverage: CustomStringConvertible {
        var packets = 0, read = 0, shortWindows = 0, midSide = 0, pulses = 0, tns = 0, books: UInt16 = 0
        /// Packets with a scaled channel whose gain or scalefactors lack room for a −30 dB duck (20 steps).
        var short30dB = 0
        var description: String {
            "\(read)/\(packets) read; \(short30dB) without room for −30 dB; short \(shortWindows), M/S \(midSide), pulses \(pulses), TNS \(tns), books "
                + (0..<16).filter { books >> $0 & 1 == 1 }.map(String.init).joined(separator: ",")
        }
    }

    /// Reads every packet of `encoding`'s stream, recording an issue for each that does not end
    /// exactly in its last byte with the configuration's elements.
    static func coverage(_ encoding: AACFiles.Encoding) throws -> Coverage {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.\(encoding.container)")
        try AACFiles.make(input, encoding)
        let stream =
            encoding.container == "aac"
            ? try AACStream.adts(path: input) : try AACStream.mp4(path: input, audioStream: 0)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        let elements = try #require(AACSilentBlock.elements(channelConfiguration: stream.channelConfiguration))
        #expect(stream.channelCount == encoding.channels)
        var coverage = Coverage()
        for (index, packet) in stream.packets.enumerated() {
            coverage.packets += 1
            let layout: AACBlockLayout
            do {
                layout = try AACBlockLayout(bytes, range: packet, sampleRate: encoding.rate)
            } catch {
                Issue.record("\(encoding) packet \(index): \(error)")
                continue
            }
            // Zero bits only to the byte boundary after ID_END.
            guard layout.endBit <= packet.count * 8, layout.endBit > packet.count * 8 - 8,
                layout.elements.map(\.id) == elements
            else {
                Issue.record(
                    "\(encoding) packet \(index): ends bit \(layout.endBit) of \(packet.count * 8), \(layout.elements.map(\.id))"
                )
                continue
            }
            coverage.read += 1
            for element in layout.elements where (element.midSide ?? 0) > 0 { coverage.midSide += 1 }
            if layout.channels.contains(where: { $0.isScaled && !$0.lowers(by: 20) }) { coverage.short30dB += 1 }
            for channel in layout.channels {
                if channel.window.isShort { coverage.shortWindows += 1 }
                if channel.hasPulses { coverage.pulses += 1 }
                if channel.hasTNS { coverage.tns += 1 }
                coverage.books |= channel.books
            }
        }
        return coverage
    }

    @Test(
        "every packet of ffmpeg's streams reads to ID_END in its last byte, element by element of its configuration",
        arguments: streams)
    func everyPacket(encoding: AACFiles.Encoding) throws {
        let coverage = try Self.coverage(encoding)
        print("\(encoding): \(coverage)")
        #expect(coverage.read == coverage.packets && coverage.packets > 60, "\(encoding): \(coverage)")
        // ffmpeg's gains and scalefactors leave room for any usual duck: none of its packets is muted instead.
        #expect(coverage.short30dB == 0, "\(encoding): \(coverage)")
        // The books of long codewords and escapes are met; the tools asked for are met.
        #expect(coverage.books & 0b1111_1111_1110 != 0)
        if encoding.signal == .castanets { #expect(coverage.shortWindows > 0, "\(encoding): \(coverage)") }
        if encoding.options.contains("-aac_is"), encoding.options.contains("1") {
            #expect(coverage.books & (1 << 14 | 1 << 15) != 0, "\(encoding): no intensity stereo")
        }
        if encoding.options.contains("-aac_pns") {
            #expect(coverage.books & 1 << 13 == 0, "\(encoding): noise substitution though off")
        }
        if encoding.options.contains("-aac_tns"), encoding.options.contains("0") { #expect(coverage.tns == 0) }
    }

    @Test("the codebooks are complete prefix codes of the standard's sizes")
    func codebooks() {
        typealias T = AACHuffmanTables
        let books: [([UInt8], [UInt32])] = [
            (T.lengths1, T.codes1), (T.lengths2, T.codes2), (T.lengths3, T.codes3), (T.lengths4, T.codes4),
            (T.lengths5, T.codes5), (T.lengths6, T.codes6), (T.lengths7, T.codes7), (T.lengths8, T.codes8),
            (T.lengths9, T.codes9), (T.lengths10, T.codes10), (T.lengths11, T.codes11),
            (T.scalefactorLengths, T.scalefactorCodes),
        ]
        #expect(books.map(\.0.count) == [81, 81, 81, 81, 81, 81, 64, 64, 169, 169, 289, 121])
        for (number, (lengths, codes)) in books.enumerated() {
            #expect(lengths.count == codes.count)
            // Kraft's sum is exactly 1: the code is complete.
            let kraft = zip(lengths, codes).reduce(0.0) { $0 + pow(2, -Double($1.0)) }
            #expect(kraft == 1, "book \(number + 1)")
            // Each codeword decodes to its own entry.
            let code = AACHuffmanCode(lengths: lengths, codes: codes)
            for (entry, (length, value)) in zip(lengths, codes).enumerated() {
                var writer = AACBitWriter()
                writer.write(Int(value), Int(length))
                var reader = AACBitReader(writer.bytes)
                #expect(
                    (try? code.decode(&reader)) == entry && reader.position == Int(length),
                    "book \(number + 1) entry \(entry)")
            }
        }
    }

    @Test("a silent block reads whole: its elements, and ID_END in its last byte", arguments: [1, 2, 5, 6, 7])
    func silentBlock(configuration: Int) throws {
        let elements = try #require(AACSilentBlock.elements(channelConfiguration: configuration))
        let window = AACRawBlock.Window(sequence: 2, shape: 0, grouping: 0b011_0110)
        let block = try #require(AACSilentBlock.make(length: 400, elements: elements, window: window))
        let layout = try AACBlockLayout(block, range: 0..<block.count, sampleRate: 48000)
        #expect(layout.elements.map(\.id) == elements && layout.endBit > 399 * 8 - 8 + 7 && layout.endBit <= 400 * 8)
        #expect(layout.channels.allSatisfy { !$0.isScaled })
    }

    @Test("a packet cut by a byte, or with a byte slipped into it, does not read to its last byte")
    func damagedPackets() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let input = folder.path("in.aac")
        try AACFiles.make(input, .init(rate: 44100, channels: 2, kbps: 128, container: "aac", signal: .music))
        let stream = try AACStream.adts(path: input)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        var cut = 0, slipped = 0, tried = 0
        for packet in stream.packets.dropFirst(5).prefix(40) {
            func readsWhole(_ block: [UInt8]) -> Bool {
                guard let layout = try? AACBlockLayout(block, range: 0..<block.count, sampleRate: 44100) else {
                    return false
                }
                return layout.endBit > block.count * 8 - 8 && layout.endBit <= block.count * 8
                    && layout.elements.map(\.id) == [.channelPair]
            }
            let block = Array(bytes[packet])
            #expect(readsWhole(block))
            if !readsWhole(Array(block.dropLast())) { cut += 1 }
            // A byte inside the Huffman-coded data shifts every codeword after it. (A flipped bit
            // is no test: in a sign bit or an escape's value it moves nothing.)
            var damaged = block
            damaged.insert(0x5A, at: block.count / 3)
            tried += 1
            if !readsWhole(damaged) { slipped += 1 }
        }
        #expect(cut == 40)
        // Huffman codes resynchronize within a few codewords, and the packet is 8 bits longer:
        // the shifted bits often read as as many codewords, ending 8 bits later, in place.
        print("a slipped byte: \(slipped) of \(tried) packets do not read whole")
        #expect(slipped >= tried / 2, "\(slipped) of \(tried)")
    }
}

/// Blocks written by hand with the tools ffmpeg's encoder leaves out (pulse data) or uses rarely
/// (book 11's escapes, grouped short windows with TNS, independent windows in a pair).
@Suite struct AACBlockLayoutSyntaxTests {
    typealias T = AACHuffmanTables

    /// Writes entry `entry` of a book.
    static func write(_ entry: Int, lengths: [UInt8], codes: [UInt32], to writer: inout AACBitWriter) {
        writer.write(Int(codes[entry]), Int(lengths[entry]))
    }

    @Test("a long window with book 11 escapes, noise substitution, pulse and TNS data reads to its last bit")
    func longWindowTools() throws {
        var writer = AACBitWriter()
        writer.write(0, 3)  // ID_SCE
        writer.write(5, 4)
        let gainBit = writer.count
        writer.write(120, 8)  // global_gain
        writer.write(0, 1); writer.write(0, 2); writer.write(1, 1)  // ics_info: long, KBD
        writer.write(3, 6); writer.write(0, 1)  // max_sfb 3, no prediction
        // Sections: book 11 over bands 0 and 1, book 13 (noise) over band 2.
        writer.write(11, 4); writer.write(2, 5)
        writer.write(13, 4); writer.write(1, 5)
        // Scalefactors: +0 and −3 (entries 60 and 57), then the first noise energy, 9 bits: −20.
        Self.write(60, lengths: T.scalefactorLengths, codes: T.scalefactorCodes, to: &writer)
        Self.write(57, lengths: T.scalefactorLengths, codes: T.scalefactorCodes, to: &writer)
        writer.write(256 - 20, 9)
        // Pulse data: two pulses from band 0.
        writer.write(1, 1); writer.write(1, 2); writer.write(0, 6)
        for _ in 0..<2 { writer.write(3, 5); writer.write(2, 4) }
        // TNS: one filter of order 2, 4-bit coefficients.
        writer.write(1, 1); writer.write(1, 2); writer.write(1, 1)
        writer.write(20, 6); writer.write(2, 5); writer.write(0, 1); writer.write(0, 1); writer.write(0b1010_0101, 8)
        writer.write(0, 1)  // no gain control
        // Spectral data: bands 0 and 1 hold 8 lines at 44.1 kHz, four pairs of book 11: (16, 3)
        // with an escape of prefix 110 and a 6-bit word, (0, 16) with an escape of prefix 0, then zeros.
        Self.write(16 * 17 + 3, lengths: T.lengths11, codes: T.codes11, to: &writer)
        writer.write(0b10, 2); writer.write(0b110, 3); writer.write(0b10_1010, 6)
        Self.write(16, lengths: T.lengths11, codes: T.codes11, to: &writer)
        writer.write(0b1, 1); writer.write(0b0, 1); writer.write(0b1111, 4)
        for _ in 0..<2 { Self.write(0, lengths: T.lengths11, codes: T.codes11, to: &writer) }
        writer.write(7, 3)  // ID_END
        let end = writer.count
        let layout = try AACBlockLayout(writer.bytes, range: 0..<writer.bytes.count, sampleRate: 44100)
        #expect(layout.endBit == end)
        let channel = try #require(layout.channels.first)
        #expect(layout.elements.map(\.tag) == [5] && channel.globalGainBit == gainBit && channel.globalGain == 120)
        #expect(channel.hasPulses && channel.hasTNS && channel.books == 1 << 11 | 1 << 13)
        #expect(
            channel.lowestScalefactor == 117 && channel.lowestNoiseEnergy == 120 - 90 - 20
                && channel.highestNoiseEnergy == 10)
        #expect(channel.lowers(by: 117) && !channel.lowers(by: 118))
    }

    @Test("a pair with windows of its own, short and grouped, and TNS in each short window, reads to its last bit")
    func shortWindowsInAPair() throws {
        var writer = AACBitWriter()
        writer.write(1, 3)  // ID_CPE
        writer.write(0, 4)
        writer.write(0, 1)  // common_window 0
        var gainBits: [Int] = []
        for channel in 0..<2 {
            gainBits.append(writer.count)
            writer.write(100 + channel, 8)
            writer.write(0, 1); writer.write(2, 2); writer.write(0, 1)  // EIGHT_SHORT, sine
            writer.write(2, 4); writer.write(0b110_0000, 7)  // max_sfb 2; groups of 3, 1, 1, 1, 1, 1
            // Group 0: book 1 over bands 0 and 1 (3 windows × 8 lines: 6 quadruples); the other groups: book 0.
            writer.write(1, 4); writer.write(2, 3)
            for _ in 1..<6 { writer.write(0, 4); writer.write(2, 3) }
            for _ in 0..<2 { Self.write(60, lengths: T.scalefactorLengths, codes: T.scalefactorCodes, to: &writer) }
            writer.write(0, 1)  // no pulse data
            writer.write(1, 1)  // TNS: window 0 one filter of order 1 (3-bit coefficients), the others none
            writer.write(1, 1); writer.write(0, 1); writer.write(4, 4); writer.write(1, 3); writer.write(1, 1);
            writer.write(1, 1)
            writer.write(0b01, 2)
            for _ in 1..<8 { writer.write(0, 1) }
            writer.write(0, 1)  // no gain control
            for _ in 0..<6 { Self.write(40, lengths: T.lengths1, codes: T.codes1, to: &writer) }
        }
        writer.write(6, 3); writer.write(2, 4); writer.write(0, 16)  // ID_FIL of 2 bytes
        writer.write(7, 3)
        let layout = try AACBlockLayout(writer.bytes, range: 0..<writer.bytes.count, sampleRate: 48000)
        #expect(layout.endBit == writer.count)
        #expect(layout.channels.map(\.globalGainBit) == gainBits && layout.channels.map(\.globalGain) == [100, 101])
        #expect(layout.channels.allSatisfy { $0.window.isShort && $0.window.groupCount == 6 && $0.hasTNS })
        #expect(layout.elements.first?.midSide == nil)
    }

    @Test(
        "coupling channel elements, program config elements and gain control are refused",
        arguments: [(2, "it holds a coupling element"), (5, "it holds a programConfig element")])
    func refusedElements(id: Int, reason: String) {
        var writer = AACBitWriter()
        writer.write(id, 3)
        writer.write(0, 29)
        #expect(throws: AACRawBlock.Failure.self) {
            try AACBlockLayout(writer.bytes, range: 0..<writer.bytes.count, sampleRate: 44100)
        }
        do {
            _ = try AACBlockLayout(writer.bytes, range: 0..<writer.bytes.count, sampleRate: 44100)
        } catch {
            #expect(error.description == reason)
        }
    }
}
