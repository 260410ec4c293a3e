import CSndFile
import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit

/// The review page's excerpts are mixed as planning mixes the channels (``ChannelMix``).
@Suite struct ReviewExcerptMixTests {
    @Test("speech recorded in antiphase keeps its level in an excerpt instead of cancelling out")
    func antiphaseDoesNotCancel() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        let rate = 16_000, path = folder.path("antiphase.wav")
        let tone = (0..<rate).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / Double(rate))) }
        let format = AudioFiles.format(Int(SF_FORMAT_WAV), Int(SF_FORMAT_FLOAT), rate: rate, channels: 2)
        try AudioFiles.write(.float(tone.flatMap { [$0, -$0] }), to: path, format: format)
        let excerpts = try ReviewExcerpts.encode([0.0...1.0], input: path, output: nil)
        let ogg = folder.path("excerpt.ogg")
        try #require(excerpts.count == 1)
        try excerpts[0].0.write(to: URL(fileURLWithPath: ogg))
        let decoded = try AudioFiles.read(ogg, as: .float)
        #expect(decoded.channels == 1 && decoded.sampleRate == rate)
        let count = decoded.samples.count
        let power = (count / 4..<(3 * count / 4)).map { pow(decoded.samples.normalized(at: $0), 2) }.reduce(0, +)
        let rms = (power / Double(count / 2)).squareRoot()
        // The tone's RMS is 0.5/√2 ≈ 0.354; the plain mean of the channels would be silence.
        #expect(abs(rms - 0.354) < 0.05, "excerpt RMS \(rms)")
    }
}
