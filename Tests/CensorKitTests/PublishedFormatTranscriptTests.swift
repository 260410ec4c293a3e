import Foundation
import Testing

@testable import CensorKit

/// Formats read from excerpts of real published files (each test names the file).
@Suite struct PublishedFormatTranscriptTests {
    /// Two of the Deepgram nova-3 wire frames recorded verbatim in loreline's tests of its
    /// Deepgram backend (a `_PARIS_INTERIM` and `_PARIS_SPEECH_FINAL` pair; metadata trimmed),
    /// after the stream's `Metadata` message, one message a line.
    static let deepgramStream = #"""
        {"type":"Metadata","request_id":"01a07aad-cb1e-78c3-80ef-181d08b56576"}
        {"type":"Results","channel_index":[0,1],"duration":1.0,"start":0.0,"is_final":false,"speech_final":false,"channel":{"alternatives":[{"transcript":"Paris at a moment","confidence":0.97998047,"words":[{"word":"paris","start":0.0,"end":0.39999998,"confidence":0.97265625,"speaker":0,"punctuated_word":"Paris"},{"word":"at","start":0.39999998,"end":0.64,"confidence":0.89990234,"speaker":0,"punctuated_word":"at"},{"word":"a","start":0.64,"end":0.79999995,"confidence":0.9941406,"speaker":0,"punctuated_word":"a"},{"word":"moment","start":0.79999995,"end":0.96,"confidence":0.97998047,"speaker":0,"punctuated_word":"moment"}]}]},"from_finalize":false}
        {"type":"Results","channel_index":[0,1],"duration":2.3,"start":0.0,"is_final":true,"speech_final":true,"channel":{"alternatives":[{"transcript":"Paris at a moment's notice.","confidence":0.9902344,"words":[{"word":"paris","start":0.0,"end":0.39999998,"confidence":0.9223633,"speaker":0,"punctuated_word":"Paris"},{"word":"at","start":0.39999998,"end":0.71999997,"confidence":0.9902344,"speaker":0,"punctuated_word":"at"},{"word":"a","start":0.71999997,"end":0.79999995,"confidence":0.99902344,"speaker":0,"punctuated_word":"a"},{"word":"moment's","start":0.79999995,"end":1.1999999,"confidence":0.9536133,"speaker":0,"punctuated_word":"moment's"},{"word":"notice","start":1.1999999,"end":1.5999999,"confidence":0.9921875,"speaker":0,"punctuated_word":"notice."}]}]},"from_finalize":false}
        {"type":"UtteranceEnd","channel":[0,1],"last_word_end":1.6}
        """#

    @Test("Deepgram live messages: the final results' words, interim ones and other messages skipped")
    func deepgramStreaming() throws {
        let transcript = try TranscriptText.read(Self.deepgramStream, source: "live.jsonl")
        #expect(transcript.format == .deepgramStreaming)
        #expect(Milliseconds.timeline(transcript.words) == [
            "Paris@0-400", "at@400-720", "a@720-800", "moment's@800-1200", "notice.@1200-1600",
        ])
        #expect(transcript.words.allSatisfy { $0.speaker == "0" })
        #expect(transcript.words[3].confidence == 0.9536133)
        // As a JSON array too.
        let array = "[" + Self.deepgramStream.split(separator: "\n").joined(separator: ",") + "]"
        #expect(try TranscriptText.read(array).words.count == 5)
        let bad = Self.deepgramStream.replacingOccurrences(of: #""start":1.1999999,"end":1.5999999"#, with: #""start":1.1999999,"end":"x""#)
        #expect(TranscriptText.error(bad, source: "live.jsonl")?.description
            == "live.jsonl (deepgram-streaming): line 3: channel.alternatives[0].words[4].end: expected a time in seconds, like 1.25, found 'x'")
    }

    /// The BBC News Labs Kaldi response in bbc/react-transcript-editor's bbc-kaldi adapter
    /// (packages/stt-adapters/bbc-kaldi, the doc comment of the adapter's first version).
    static let bbcKaldi = #"""
        {
           "action": "audio-transcribe",
           "retval": {
             "status": true,
             "wonid": "octo:2692ea33-d595-41d8-bfd5-aa7f2d2f89ee",
             "punct": "There is a day. About ten years ago when  ...",
             "words": [
               {"start": 13.02, "confidence": 0.68, "end": 13.17, "word": "there", "punct": "There", "index": 0},
               {"start": 13.17, "confidence": 0.61, "end": 13.38, "word": "is", "punct": "is", "index": 1},
               {"start": 13.38, "confidence": 0.99, "end": 13.44, "word": "a", "punct": "a", "index": 2},
               {"start": 13.44, "confidence": 1, "end": 13.86, "word": "day", "punct": "day.", "index": 3}
             ]
           }
        }
        """#

    @Test("BBC Kaldi: the punctuated words of retval, or of a bare words list; a job not done has none")
    func bbcKaldiWords() throws {
        let transcript = try TranscriptText.read(Self.bbcKaldi)
        #expect(transcript.format == .bbcKaldi)
        #expect(TranscriptText.timeline(transcript.words) == ["There@13.02-13.17", "is@13.17-13.38", "a@13.38-13.44", "day.@13.44-13.86"])
        #expect(transcript.words.map(\.confidence) == [0.68, 0.61, 0.99, 1])
        let bare = #"{"words": [{"start": 13.02, "confidence": 0.68, "end": 13.17, "word": "there", "punct": "There", "index": 0}]}"#
        #expect(TranscriptText.timeline(try TranscriptText.read(bare).words) == ["There@13.02-13.17"])
        // The not-ready response of the BBC API, as a client of it documents it in a comment.
        let pending = #"{"action": "audio-transcribe", "retval": {"status": true, "wonid": "octo:e9e9c250-75cb-40f0-9c1d-7ef4dd6e05fa", "punct": null, "words": null}, "elapsed": 0.011369943618774}"#
        #expect(try TranscriptText.read(pending).words.isEmpty)
        let bad = Self.bbcKaldi.replacingOccurrences(of: #""end": 13.38"#, with: #""end": -13.38"#)
        #expect(TranscriptText.error(bad)?.description
            == "talk.json (bbc-kaldi): retval.words[1].end: expected a time of 0 seconds or more, found -13.38")
    }

    /// The first words of bbc/react-transcript-editor's Trint sample,
    /// packages/stt-adapters/trint/sample/trint.sample.json.
    static let trint = #"""
        {
            "title": "testeisep.mp3",
            "words": [
                {"duration": 330, "time": 3050, "paragraphId": "p0-0", "value": "Primeiro", "speaker": null, "strikethrough": false},
                {"duration": 450, "time": 3380, "paragraphId": "p0-0", "value": "queria", "speaker": null, "strikethrough": false},
                {"duration": 320, "time": 4290, "paragraphId": "p0-0", "value": "saber", "speaker": null, "strikethrough": false},
                {"duration": 180, "time": 4610, "paragraphId": "p0-0", "value": "como", "speaker": null, "strikethrough": false},
                {"duration": 60, "time": 4790, "paragraphId": "p0-0", "value": "é", "speaker": null, "strikethrough": false}
            ]
        }
        """#

    @Test("Trint: each word from its time for its duration, in milliseconds")
    func trintWords() throws {
        let transcript = try TranscriptText.read(Self.trint)
        #expect(transcript.format == .trint)
        #expect(Milliseconds.timeline(transcript.words) == [
            "Primeiro@3050-3380", "queria@3380-3830", "saber@4290-4610", "como@4610-4790", "é@4790-4850",
        ])
        let bad = Self.trint.replacingOccurrences(of: #""duration": 450"#, with: #""duration": "long""#)
        #expect(TranscriptText.error(bad)?.description
            == "talk.json (trint): words[1].duration: expected a time in milliseconds, like 1250, found 'long'")
    }
}
