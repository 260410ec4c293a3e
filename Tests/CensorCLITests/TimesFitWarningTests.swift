import CensorKit
import Testing

@testable import CensorCLI

/// The warning a run prints when `--align auto` judged the transcript's times not to fit the
/// audio (``CensorKit/TimesFit``): why, and what it did about it.
@Suite struct TimesFitWarningTests {
    /// The disagreements of a report of `talk.wav` carrying `fit`.
    static func warnings(_ fit: TimesFit?) -> [String] {
        var report = Report(
            input: "talk.wav", output: "out.wav", sampleRate: 22_050, channels: 1, frames: 44_100, mode: "mute",
            spans: [])
        report.timesFit = fit
        return Job.disagreements(transcriptPath: "talk.json", report: report)
    }

    @Test("times that do not fit, 3 words aligned: the shares weighed and the count aligned")
    func aligned() {
        var fit = TimesFit(edges: 100, meeting: 33, chance: 30)
        fit.alignedMatches = 3
        #expect(
            Self.warnings(fit) == [
                "talk.json's word times could not be confirmed against talk.wav's audio (33 % of the word edges weighed meet a "
                    + "pause or dip, 30 % would by chance), so every censored word was aligned to the audio with PocketSphinx (3 aligned, "
                    + "about 50 ms of CPU each; --align off keeps the times)"
            ])
    }

    @Test("more censored words than auto aligns: refined only, and --align pocketsphinx named")
    func tooMany() {
        var fit = TimesFit(edges: 744, meeting: 344, chance: 318.6)
        fit.tooManyToAlign = true
        #expect(
            Self.warnings(fit) == [
                "talk.json's word times could not be confirmed against talk.wav's audio (46 % of the word edges weighed meet a "
                    + "pause or dip, 43 % would by chance), but the censored words are more than --align auto aligns (250, about 50 ms of CPU "
                    + "each), so their times were only refined: give --align pocketsphinx to align them all, or review the output"
            ])
    }

    @Test(
        "none aligned (no model, unknown or overlong words): refined only, the reasons and --align pocketsphinx named")
    func noneAligned() {
        #expect(
            Self.warnings(TimesFit(edges: 100, meeting: 30, chance: 30)) == [
                "talk.json's word times could not be confirmed against talk.wav's audio (30 % of the word edges weighed meet a "
                    + "pause or dip, 30 % would by chance), but no censored word could be aligned to the audio (a word the model lacks, "
                    + "or one lasting more than a 10 s window, is not; --align pocketsphinx says if the model is missing), "
                    + "so their times were only refined: review the output"
            ])
    }

    @Test("times that fit, audio not judged (boundaries everywhere), or no judgement: no warning")
    func noWarning() {
        #expect(Self.warnings(TimesFit(edges: 100, meeting: 60, chance: 30)).isEmpty)
        #expect(Self.warnings(TimesFit(edges: 20, meeting: 20, chance: 20)).isEmpty)
        #expect(Self.warnings(nil).isEmpty)
    }
}
