import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Choosing the tier of a TextGrid that holds the words (named `…TranscriptTests` so the
/// Transcript filter runs it).
@Suite struct TierChoiceTranscriptTests {
    /// SPPAS 1.7.5's alignment, in Praat's short text format: `timmahrt/ProMo`
    /// examples/files/mary1.TextGrid (its first version, before the tiers were renamed).
    static let sppas = #"""
        File type = "ooTextFile"
        Object class = "TextGrid"

        0
        1.14997732426
        <exists>
        4
        "IntervalTier"
        "Tokens"
        0
        1.149977
        1
        0
        1.14997732426
        "mary rolled the barrel"
        "IntervalTier"
        "PhonAlign"
        0
        1.149977
        3
        0
        0.1372039584151871
        "m"
        0.1372039584151871
        0.285
        "E"
        0.285
        1.14997732426
        "r"
        "IntervalTier"
        "TokensAlign"
        0
        1.149977
        5
        0
        0.4032975614297392
        "mary"
        0.4032975614297392
        0.645
        "rolled"
        0.645
        0.715
        "the"
        0.715
        1.1499
        "barrel"
        1.1499
        1.14997732426
        ""
        "IntervalTier"
        "Information"
        0
        1.149977
        2
        0
        0.57498866213
        "This annotation was produced by SPPAS 1.7.5 on 2016-01-08"
        0.57498866213
        1.14997732426
        "Copyright (C) 2011-2015 Brigitte Bigi"

        """#

    static func read(tier: String?) throws -> Transcript {
        try Transcript(data: Data(sppas.utf8), source: "mary1.TextGrid", tier: tier)
    }

    @Test("SPPAS's TokensAlign tier is the word tier; its phones, tokens and information are not read")
    func tokensAlign() throws {
        let transcript = try Self.read(tier: nil)
        #expect(transcript.format == .textGrid)
        #expect(
            Milliseconds.timeline(transcript.words) == [
                "mary@0-403", "rolled@403-645", "the@645-715", "barrel@715-1150",
            ])
        #expect(!transcript.timesAreEstimated)
    }

    @Test("a tier named by the caller is read, whatever its name: here the utterance, spread over its words")
    func namedTier() throws {
        let transcript = try Self.read(tier: "Tokens")
        #expect(
            Milliseconds.timeline(transcript.words) == [
                "mary@0-242", "rolled@242-605", "the@605-787", "barrel@787-1150",
            ])
        #expect(transcript.words.allSatisfy { $0.isTimeEstimated })
    }

    @Test("a named tier that the file lacks is an error listing the tiers it has")
    func missingTier() {
        let error = #expect(throws: TranscriptError.self) { try Self.read(tier: "words") }
        #expect(
            error?.description == #"mary1.TextGrid (textgrid): tiers: expected a tier named "words", "#
                + #"found tiers "Tokens", "PhonAlign", "TokensAlign", "Information""#)
    }

    @Test("a file without a word tier names the tiers it has")
    func noWordTier() {
        let renamed = Self.sppas.replacingOccurrences(of: "\"TokensAlign\"", with: "\"Mots\"")
        #expect(
            TranscriptText.error(renamed, source: "mary1.TextGrid")?.description
                == #"mary1.TextGrid (textgrid): tiers: expected a tier named "words", "<speaker> - words" or "TokensAlign", "#
                + #"found tiers "Tokens", "PhonAlign", "Mots", "Information""#)
    }
}
