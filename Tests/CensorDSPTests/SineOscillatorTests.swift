import Foundation
import Testing

@testable import CensorDSP

/// The beep's tone copied from a table of its first frames is the tone the lanes compute.
@Suite struct SineOscillatorTests {
    /// `count` frames from `start` (an offset from the origin), filled in pieces of `pieces` frames.
    static func tone(
        frequency: Double, origin: Int, from start: Int, count: Int, pieces: Int, table: [Float] = []
    ) -> [Float] {
        var oscillator = SineOscillator(frequency: frequency, sampleRate: 48_000, origin: origin, table: table)
        if start != 0 { oscillator.seek(to: origin + start) }
        var values = [Float](repeating: .nan, count: count)
        values.withUnsafeMutableBufferPointer { values in
            var done = 0
            while done < count {
                let piece = min(pieces, count - done)
                oscillator.fill(values.baseAddress! + done, count: piece)
                done += piece
            }
        }
        return values
    }

    @Test(
        "fills inside, across and past the table give the computed tone to the bit",
        arguments: [
            (0, 3000, 256), (0, 3000, 7), (1000, 2500, 256), (2999, 700, 13), (4096, 2048, 256), (17, 5000, 1023),
        ])
    func tableIsTheTone(start: Int, count: Int, pieces: Int) {
        let table = SineOscillator.table(frequency: 997, sampleRate: 48_000, frames: 3000)
        #expect(table.count == 3000)
        let origin = 123_457
        let computed = Self.tone(frequency: 997, origin: origin, from: start, count: count, pieces: pieces)
        let copied = Self.tone(frequency: 997, origin: origin, from: start, count: count, pieces: pieces, table: table)
        #expect(copied.map(\.bitPattern) == computed.map(\.bitPattern))
        #expect(!computed.contains { $0.isNaN })
    }

    @Test("the table's values are the tone's from its origin, whatever the origin")
    func tableIsOriginFree() {
        let table = SineOscillator.table(frequency: 1000, sampleRate: 48_000, frames: 2048)
        let later = Self.tone(frequency: 1000, origin: 999_983, from: 0, count: 2048, pieces: 100)
        #expect(table.map(\.bitPattern) == later.map(\.bitPattern))
        #expect(SineOscillator.table(frequency: 1000, sampleRate: 48_000, frames: 0).isEmpty)
    }

    @Test(
        "a whole-hertz tone repeats its cycle: a table of whole cycles gives the sine far past its end, however it is cut",
        arguments: [(1000.0, 48, 480), (997.0, 48_000, 48_000), (440.0, 1200, 2400)])
    func cyclesRepeat(frequency: Double, cycle: Int, tableFrames: Int) {
        #expect(SineOscillator.cycle(frequency: frequency, sampleRate: 48_000) == cycle)
        let table = SineOscillator.table(frequency: frequency, sampleRate: 48_000, frames: tableFrames)
        let origin = 5_000
        let start = 3 * 65_536 + 11
        let whole = Self.tone(
            frequency: frequency, origin: origin, from: start, count: 10_000, pieces: 10_000, table: table)
        let pieces = Self.tone(
            frequency: frequency, origin: origin, from: start, count: 10_000, pieces: 333, table: table)
        #expect(whole.map(\.bitPattern) == pieces.map(\.bitPattern))
        // Each value is the table's at its offset within the cycle, and the sine's to within a float's precision.
        let step = 2 * Double.pi * frequency / 48_000
        for (index, value) in whole.enumerated() {
            let offset = start + index
            #expect(value.bitPattern == table[offset % tableFrames].bitPattern)
            #expect(abs(Double(value) - sin(step * Double(offset))) < 1e-6, "offset \(offset)")
        }
        #expect(SineOscillator.cycle(frequency: 1000.5, sampleRate: 48_000) == nil)
    }
}
