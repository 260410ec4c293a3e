import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

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
        #expect(
            Milliseconds.timeline(transcript.words) == [
                "Paris@0-400", "at@400-720", "a@720-800", "moment's@800-1200", "notice.@1200-1600",
            ])
        #expect(transcript.words.allSatisfy { $0.speaker == "0" })
        #expect(transcript.words[3].confidence == 0.9536133)
        // As a JSON array too.
        let array = "[" + Self.deepgramStream.split(separator: "\n").joined(separator: ",") + "]"
        #expect(try TranscriptText.read(array).words.count == 5)
        let bad = Self.deepgramStream.replacingOccurrences(
            of: #""start":1.1999999,"end":1.5999999"#, with: #""start":1.1999999,"end":"x""#)
        #expect(
            TranscriptText.error(bad, source: "live.jsonl")?.description
                == "live.jsonl (deepgram-streaming): line 3: channel.alternatives[0].words[4].end: expected a time in seconds, like 1.25, found 'x'"
        )
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
        #expect(
            TranscriptText.timeline(transcript.words) == [
                "There@13.02-13.17", "is@13.17-13.38", "a@13.38-13.44", "day.@13.44-13.86",
            ])
        #expect(transcript.words.map(\.confidence) == [0.68, 0.61, 0.99, 1])
        let bare =
            #"{"words": [{"start": 13.02, "confidence": 0.68, "end": 13.17, "word": "there", "punct": "There", "index": 0}]}"#
        #expect(TranscriptText.timeline(try TranscriptText.read(bare).words) == ["There@13.02-13.17"])
        // The not-ready response of the BBC API, as a client of it documents it in a comment.
        let pending =
            #"{"action": "audio-transcribe", "retval": {"status": true, "wonid": "octo:e9e9c250-75cb-40f0-9c1d-7ef4dd6e05fa", "punct": null, "words": null}, "elapsed": 0.011369943618774}"#
        #expect(try TranscriptText.read(pending).words.isEmpty)
        let bad = Self.bbcKaldi.replacingOccurrences(of: #""end": 13.38"#, with: #""end": -13.38"#)
        #expect(
            TranscriptText.error(bad)?.description
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
        #expect(
            Milliseconds.timeline(transcript.words) == [
                "Primeiro@3050-3380", "queria@3380-3830", "saber@4290-4610", "como@4610-4790", "é@4790-4850",
            ])
        let bad = Self.trint.replacingOccurrences(of: #""duration": 450"#, with: #""duration": "long""#)
        #expect(
            TranscriptText.error(bad)?.description
                == "talk.json (trint): words[1].duration: expected a time in milliseconds, like 1250, found 'long'")
    }
}

/// aeneas sync maps and TTML, read from the aligner's and the writers' published files.
@Suite struct SyncMapAndTTMLTranscriptTests {
    /// The first fragments of readbeyond/aeneas aeneas/tests/res/syncmaps/sonnet001.json.
    static let aeneasJSON = #"""
        {
         "fragments": [
          {"begin": "0.000", "end": "2.680", "id": "f000001", "language": "en", "lines": ["1"]},
          {"begin": "2.680", "end": "5.880", "id": "f000002", "language": "en", "lines": ["From fairest creatures we desire increase,"]}
         ]
        }
        """#

    @Test("aeneas JSON: each fragment's lines spread over it, marked as estimated")
    func aeneasFragments() throws {
        let transcript = try TranscriptText.read(Self.aeneasJSON)
        #expect(transcript.format == .aeneas)
        // "From fairest creatures we desire increase," has 37 letters and marks over 3.2 s.
        #expect(
            Milliseconds.timeline(transcript.words) == [
                "1@0-2680", "From@2680-3026", "fairest@3026-3631", "creatures@3631-4410", "we@4410-4583",
                "desire@4583-5102",
                "increase,@5102-5880",
            ])
        #expect(transcript.estimatedWordCount == 6)
        let children =
            #"{"fragments": [{"begin": "0.0", "end": "1.0", "id": "p1", "lines": ["oh damn"], "children": [{"begin": "0.1", "end": "0.4", "id": "w1", "lines": ["oh"], "children": []}, {"begin": "0.5", "end": "0.9", "id": "w2", "lines": ["damn"], "children": []}]}]}"#
        #expect(TranscriptText.timeline(try TranscriptText.read(children).words) == ["oh@0.1-0.4", "damn@0.5-0.9"])
        let bad = Self.aeneasJSON.replacingOccurrences(of: #""end": "5.880""#, with: #""end": "soon""#)
        #expect(
            TranscriptText.error(bad)?.description
                == "talk.json (aeneas-json): fragments[1].end: expected a time in seconds, like 1.25, found 'soon'")
    }

    /// The first paragraphs of readbeyond/aeneas aeneas/tests/res/syncmaps/sonnet001.ttml.
    static let aeneasTTML = """
        <?xml version='1.0' encoding='ASCII'?>
        <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en">
          <body>
            <div>
              <p xml:id="f000001" begin="0.000s" end="2.680s">1</p>
              <p xml:id="f000002" begin="2.680s" end="5.880s">From fairest creatures we desire increase,</p>
            </div>
          </body>
        </tt>
        """

    @Test("TTML paragraphs in offset seconds: each spread over its times")
    func ttmlParagraphs() throws {
        let transcript = try TranscriptText.read(Self.aeneasTTML, source: "sonnet.ttml")
        #expect(transcript.format == .ttml)
        #expect(
            Milliseconds.timeline(transcript.words).prefix(3) == ["1@0-2680", "From@2680-3026", "fairest@3026-3631"])
        #expect(transcript.words.count == 7)
    }

    /// A Netflix DFXP paragraph in ticks, as quoted in a published TTML parser's tests
    /// ("Real Netflix DFXP format with tick-based timing"; the index names no repository).
    static let netflixDFXP = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:tickRate="10000000" ttp:timeBase="media">
          <body>
            <div>
              <p begin="101770001t" end="117625006t">
                <span>Test subtitle one</span>
              </p>
              <p begin="255260003t" end="295717505t">
                Bad word here
              </p>
            </div>
          </body>
        </tt>
        """

    @Test("TTML tick times, with text in untimed spans and bare in the paragraph")
    func ttmlTicks() throws {
        let words = try TranscriptText.read(Self.netflixDFXP, source: "ep1.dfxp").words
        #expect(
            Milliseconds.timeline(words) == [
                "Test@10177-10600", "subtitle@10600-11445", "one@11445-11763", "Bad@25526-26629", "word@26629-28101",
                "here@28101-29572",
            ])
        let frames =
            #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:frameRate="25"><body><div><p begin="00:00:01:05" dur="12f">damn</p></div></body></tt>"#
        #expect(TranscriptText.timeline(try TranscriptText.read(frames).words) == ["damn@1.2-1.68"])
        let bad = Self.netflixDFXP.replacingOccurrences(of: #"end="117625006t""#, with: #"end="later""#)
        #expect(
            TranscriptText.error(bad, source: "ep1.dfxp")?.description
                == "ep1.dfxp (ttml): line 5:column 7: expected a end time like 00:00:01.280, 1.28s or 12800000t, found 'later'"
        )
    }

    /// Apple Music's word-timed lyrics (itunes:timing="Word") for "Cold Heart", as quoted in a
    /// published lyrics tool's tests ("extracts from real-world iTunes TTML"; the index names
    /// no repository): bare seconds, m:ss.fff, and syllables in spans with no space between.
    static let appleMusic =
        #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:itunes="http://music.apple.com/lyric-ttml-internal" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" itunes:timing="Word" xml:lang="en"><body dur="3:22.735"><div begin="15.104" end="30.623" itunes:songPart="Verse"><p begin="23.371" end="26.379" itunes:key="L6" ttm:agent="v1"><span begin="23.371" end="23.686">When</span> <span begin="23.686" end="23.931">the</span> <span begin="23.931" end="24.247">scent</span> <span begin="24.247" end="24.491">of</span> <span begin="24.491" end="24.871">her</span> <span begin="24.871" end="25.353">lin</span><span begin="25.353" end="26.379">gers</span></p></div><div begin="50.278" end="1:19.521" itunes:songPart="Chorus" ttm:agent="v2"><p begin="58.803" end="1:02.531" itunes:key="L14" ttm:agent="v2"><span begin="58.803" end="59.158">I'm</span> <span begin="59.158" end="59.429">not</span> <span begin="59.429" end="59.879">the</span> <span begin="59.879" end="1:00.433">man</span></p></div></body></tt>"#

    @Test("Apple Music word-timed spans: each word its own times, syllables joined")
    func appleMusicWords() throws {
        let transcript = try TranscriptText.read(Self.appleMusic, source: "cold-heart.ttml")
        #expect(
            Milliseconds.timeline(transcript.words) == [
                "When@23371-23686", "the@23686-23931", "scent@23931-24247", "of@24247-24491", "her@24491-24871",
                "lingers@24871-26379", "I'm@58803-59158", "not@59158-59429", "the@59429-59879", "man@59879-60433",
            ])
        #expect(transcript.estimatedWordCount == 0)
    }
}
