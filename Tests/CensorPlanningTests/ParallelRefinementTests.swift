import CensorTestSignals
import Foundation
import Testing

@testable import CensorPlanning

/// Many matches are refined on several threads, each with its own reader: the plan is the one
/// a single thread makes, and a reader's failure on any thread is the planner's error.
@Suite struct ParallelRefinementTests {
    static let rate = 16000

    /// `InterleavedBuffer` without a reopener: planning stays on one thread.
    struct OneThread: FrameSource {
        var audio: InterleavedBuffer
        var channelCount: Int { audio.channelCount }
        var frameCount: Int { audio.frameCount }
        func readFrames(_ range: Range<Int>, into buffer: inout [Float]) { audio.readFrames(range, into: &buffer) }
    }

    /// Audio whose reopened copies fail to read past `failingFrom`.
    struct FailingCopies: FrameSource {
        struct ReadFailure: Error {}
        var audio: InterleavedBuffer
        var failingFrom: Int?
        var channelCount: Int { audio.channelCount }
        var frameCount: Int { audio.frameCount }
        func readFrames(_ range: Range<Int>, into buffer: inout [Float]) throws {
            if let failingFrom, range.upperBound > failingFrom { throw ReadFailure() }
            audio.readFrames(range, into: &buffer)
        }
        var reopener: (@Sendable () throws -> any FrameSource)? {
            { [audio] in FailingCopies(audio: audio, failingFrom: audio.frameCount / 2) }
        }
    }

    /// A minute of noise holding 300 bursts, and matches off by up to ±80 ms, in shuffled order.
    static func scene(channels: Int) -> (InterleavedBuffer, [Match]) {
        var generator = Signals.Random(seed: 7)
        var samples = Signals.background(seconds: 60, sampleRate: rate, level: -45)
        var matches: [Match] = []
        for word in 0..<300 {
            let start = 0.1 + Double(word) * 0.198, length = Double.random(in: 0.06...0.12, using: &generator)
            Signals.addBurst(to: &samples, from: start, to: start + length, sampleRate: rate)
            let given = (
                start + Double.random(in: -0.08...0.08, using: &generator),
                start + length + Double.random(in: -0.08...0.08, using: &generator)
            )
            matches.append(
                Match(
                    wordIndices: word..<(word + 1), text: "damn", pattern: "damn",
                    start: min(given.0, given.1), end: max(given.0, given.1)))
        }
        let interleaved = channels == 1 ? samples : samples.flatMap { [$0, -$0 / 2] }
        return (InterleavedBuffer(samples: interleaved, channelCount: channels), matches.shuffled(using: &generator))
    }

    @Test("300 matches planned on several threads give the plan one thread gives", arguments: [1, 2])
    func sameAsOneThread(channels: Int) throws {
        let (audio, matches) = Self.scene(channels: channels)
        let planner = Planner(options: try PlanOptions(snapWindow: 0.002))
        var shared = audio, single = OneThread(audio: audio)
        let parallel = try planner.plan(matches, sampleRate: Self.rate, audio: &shared)
        let sequential = try planner.plan(matches, sampleRate: Self.rate, audio: &single)
        #expect(parallel == sequential)
        #expect(parallel.spans.filter { $0.refinedStart != nil || $0.refinedEnd != nil }.count > 100)
        // Each word was refined as if it were alone in the recording.
        for index in [0, 137, 299] {
            var alone = OneThread(audio: audio)
            let one = try planner.plan([matches[index]], sampleRate: Self.rate, audio: &alone)
            let span = try #require(parallel.spans.first { $0.matches.contains(matches[index]) })
            if span.matches.count == 1 { #expect(one.spans == [span]) }
        }
    }

    @Test("refined times do not depend on how many threads share the matches", arguments: [2, 3, 5])
    func anyNumberOfThreads(threads: Int) throws {
        var (audio, matches) = Self.scene(channels: 2)
        let planner = Planner()
        let one = try planner.refinedTimes(matches, sampleRate: Self.rate, audio: &audio, threads: 1)
        let many = try planner.refinedTimes(matches, sampleRate: Self.rate, audio: &audio, threads: threads)
        #expect(one.count == 300 && one.allSatisfy { $0 != nil })
        #expect(zip(one, many).allSatisfy { $0!.start == $1!.start && $0!.end == $1!.end })
    }

    /// The scene's transcript: one word per burst, at the matches' given times, so that the
    /// transcript's offset is weighed (on each thread, its levels then taken by the refinement).
    static func words(_ matches: [Match]) -> [Word] {
        matches.sorted { $0.wordIndices.lowerBound < $1.wordIndices.lowerBound }.map {
            Word(text: $0.text, start: $0.start, end: $0.end)
        }
    }

    @Test(
        "with the transcript's words, refined times do not depend on how many threads weigh the offset and refine",
        arguments: [2, 3])
    func offsetOnThreads(threads: Int) throws {
        var (audio, matches) = Self.scene(channels: 2)
        // Late as a whole by 60 ms: the offset moves the words.
        for index in matches.indices {
            matches[index].start += 0.06
            matches[index].end += 0.06
        }
        let planner = Planner(transcriptWords: Self.words(matches))
        let one = try planner.refinedTimes(matches, sampleRate: Self.rate, audio: &audio, threads: 1)
        let many = try planner.refinedTimes(matches, sampleRate: Self.rate, audio: &audio, threads: threads)
        var single = OneThread(audio: audio)
        let unopenable = try planner.refinedTimes(matches, sampleRate: Self.rate, audio: &single, threads: threads)
        #expect(one.count == 300 && one.allSatisfy { $0 != nil })
        #expect(zip(one, many).allSatisfy { $0!.start == $1!.start && $0!.end == $1!.end })
        #expect(zip(one, unopenable).allSatisfy { $0!.start == $1!.start && $0!.end == $1!.end })
        // Without the words, other times: they were weighed.
        let alone = try Planner().refinedTimes(matches, sampleRate: Self.rate, audio: &audio, threads: threads)
        #expect(zip(one, alone).contains { $0!.start != $1!.start || $0!.end != $1!.end })
    }

    @Test("a read failing on one thread while the offset is weighed fails the plan with that error")
    func failureWhileWeighingTheOffset() throws {
        let (audio, matches) = Self.scene(channels: 1)
        var source = FailingCopies(audio: audio)
        #expect(throws: FailingCopies.ReadFailure.self) {
            try Planner(transcriptWords: Self.words(matches)).refinedTimes(
                matches, sampleRate: Self.rate, audio: &source, threads: 2)
        }
    }

    @Test("a read failing on one thread fails the plan with that error")
    func failureOnAThread() throws {
        let (audio, matches) = Self.scene(channels: 1)
        var source = FailingCopies(audio: audio)
        #expect(throws: FailingCopies.ReadFailure.self) {
            try Planner().refinedTimes(matches, sampleRate: Self.rate, audio: &source, threads: 2)
        }
    }
}
