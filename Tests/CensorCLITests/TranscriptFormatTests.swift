import Foundation
import Testing

/// End to end, each recognizer's own layout of the workspace's sentence (" Well, damn, this
/// crap works.", "damn" at 0.5–0.8 s and "crap" at 1.25–1.55 s) is detected and censored: none
/// is read as zero words and copied through uncensored.
@Suite struct TranscriptFormatTests {
    static let expectedSpans = "0.500\t0.800\tdamn,\tdamn\n1.250\t1.550\tcrap\tcrap\n"

    /// The sentence in each of these formats, named as a user would name the file.
    static let sentences: [(file: String, text: String)] = [
        (
            "talk.speechmatics.json",
            #"""
            {"format": "2.9", "metadata": {"type": "transcription"}, "results": [
             {"type": "word", "start_time": 0.1, "end_time": 0.4, "alternatives": [{"content": "Well", "confidence": 0.9, "speaker": "S1"}]},
             {"type": "punctuation", "attaches_to": "previous", "start_time": 0.4, "end_time": 0.4, "alternatives": [{"content": ","}]},
             {"type": "word", "start_time": 0.5, "end_time": 0.8, "alternatives": [{"content": "damn"}]},
             {"type": "punctuation", "attaches_to": "previous", "start_time": 0.8, "end_time": 0.8, "alternatives": [{"content": ","}]},
             {"type": "word", "start_time": 0.95, "end_time": 1.15, "alternatives": [{"content": "this"}]},
             {"type": "word", "start_time": 1.25, "end_time": 1.55, "alternatives": [{"content": "crap"}]},
             {"type": "word", "start_time": 1.6, "end_time": 1.9, "alternatives": [{"content": "works"}]},
             {"type": "punctuation", "attaches_to": "previous", "is_eos": true, "start_time": 1.9, "end_time": 1.9, "alternatives": [{"content": "."}]}]}
            """#
        ),
        (
            "talk.watson.json",
            #"""
            {"result_index": 0, "results": [{"final": true, "alternatives": [{"transcript": "well damn this crap works ", "confidence": 0.9,
              "timestamps": [["Well, ", 0.1, 0.4], ["damn, ", 0.5, 0.8], ["this ", 0.95, 1.15], ["crap ", 1.25, 1.55], ["works. ", 1.6, 1.9]]}]}]}
            """#
        ),
        (
            "talk.azure.json",
            #"""
            {"durationMilliseconds": 2000, "combinedPhrases": [{"text": "Well, damn, this crap works."}], "phrases": [{"offsetMilliseconds": 100, "durationMilliseconds": 1800,
              "text": "Well, damn, this crap works.", "locale": "en-US", "confidence": 0.9, "words": [{"text": "Well,", "offsetMilliseconds": 100, "durationMilliseconds": 300},
              {"text": "damn,", "offsetMilliseconds": 500, "durationMilliseconds": 300}, {"text": "this", "offsetMilliseconds": 950, "durationMilliseconds": 200},
              {"text": "crap", "offsetMilliseconds": 1250, "durationMilliseconds": 300}, {"text": "works.", "offsetMilliseconds": 1600, "durationMilliseconds": 300}]}]}
            """#
        ),
        (
            "talk.scribe.json",
            #"""
            {"language_code": "en", "language_probability": 0.99, "text": "Well, damn, this crap works.", "words": [
             {"text": "Well,", "start": 0.1, "end": 0.4, "type": "word", "logprob": -0.1}, {"text": " ", "start": 0.4, "end": 0.5, "type": "spacing"},
             {"text": "damn,", "start": 0.5, "end": 0.8, "type": "word", "logprob": -0.1}, {"text": "(sighs)", "start": 0.8, "end": 0.95, "type": "audio_event"},
             {"text": "this", "start": 0.95, "end": 1.15, "type": "word"}, {"text": "crap", "start": 1.25, "end": 1.55, "type": "word"},
             {"text": "works.", "start": 1.6, "end": 1.9, "type": "word"}]}
            """#
        ),
        (
            "talk.nemo.json",
            #"""
            [{"word": "Well,", "start_offset": 1, "end_offset": 5, "start": 0.1, "end": 0.4}, {"word": "damn,", "start_offset": 6, "end_offset": 10, "start": 0.5, "end": 0.8},
             {"word": "this", "start_offset": 12, "end_offset": 14, "start": 0.95, "end": 1.15}, {"word": "crap", "start_offset": 16, "end_offset": 19, "start": 1.25, "end": 1.55},
             {"word": "works.", "start_offset": 20, "end_offset": 24, "start": 1.6, "end": 1.9}]
            """#
        ),
        (
            "talk.stable.json",
            Workspace.transcript.replacingOccurrences(
                of: #""language": "en"}"#, with: #""language": "en", "ori_dict": {}}"#)
        ),
        (
            "talk.whisperkit.json",
            Workspace.transcript.replacingOccurrences(
                of: #""language": "en"}"#, with: #""language": "en", "timings": {"fullPipeline": 1.2}}"#)
        ),
        (
            "talk.json3",
            #"""
            {"wireMagic": "pb3", "events": [{"tStartMs": 0, "dDurationMs": 2000, "id": 1, "wpWinPosId": 1, "wsWinStyleId": 1},
             {"tStartMs": 100, "dDurationMs": 1800, "wWinId": 1, "segs": [{"utf8": "Well,"}, {"utf8": " damn,", "tOffsetMs": 400}, {"utf8": " this", "tOffsetMs": 700},
               {"utf8": " crap", "tOffsetMs": 1150}, {"utf8": " works.", "tOffsetMs": 1450}]}]}
            """#
        ),
        (
            "talk.sbv",
            "0:00:00.100,0:00:00.400\nWell,\n\n0:00:00.500,0:00:00.800\ndamn,\n\n0:00:00.950,0:00:01.150\nthis\n\n0:00:01.250,0:00:01.550\ncrap\n\n0:00:01.600,0:00:01.900\nworks.\n"
        ),
        (
            "talk.ctm",
            "talk 1 0.10 0.30 Well,\ntalk 1 0.50 0.30 damn,\ntalk 1 0.95 0.20 this\ntalk 1 1.25 0.30 crap\ntalk 1 1.60 0.30 works.\n"
        ),
        (
            "talk.eaf",
            #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <ANNOTATION_DOCUMENT FORMAT="3.0" VERSION="3.0"><HEADER MEDIA_FILE="" TIME_UNITS="milliseconds"/>
             <TIME_ORDER><TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="500"/><TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="800"/><TIME_SLOT TIME_SLOT_ID="ts3" TIME_VALUE="1250"/><TIME_SLOT TIME_SLOT_ID="ts4" TIME_VALUE="1550"/></TIME_ORDER>
             <TIER LINGUISTIC_TYPE_REF="words" TIER_ID="words">
              <ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2"><ANNOTATION_VALUE>damn,</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
              <ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="ts3" TIME_SLOT_REF2="ts4"><ANNOTATION_VALUE>crap</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
             </TIER></ANNOTATION_DOCUMENT>
            """#
        ),
    ]

    @Test("each new format's transcript is detected and its listed words censored", arguments: sentences)
    func censorsEachFormat(file: String, text: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(text.utf8).write(to: workspace.file(file))
        let result = try workspace.run(["talk.wav", "--transcript", file, "--words", "words.txt", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == Self.expectedSpans, "\(file): \(result)")
    }

    @Test("a Speechmatics transcript, once read as Google's and copied through, now censors the audio")
    func speechmaticsCensors() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data(Self.sentences[0].text.utf8).write(to: workspace.file("sm.json"))
        let result = try workspace.run(["talk.wav", "--transcript", "sm.json", "--words", "words.txt", "-o", "out.wav"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("2 spans censored"), "\(result)")
        #expect(try workspace.bytes("out.wav") != workspace.bytes("talk.wav"))
    }

    @Test(
        "without --transcript, finds a .sbv, .json3, .eaf or .ctm transcript beside the input",
        arguments: [("talk.sbv", 8), ("talk.json3", 7), ("talk.eaf", 10), ("talk.ctm", 9)])
    func foundBeside(file: String, index: Int) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.removeItem(at: workspace.file("talk.json"))
        #expect(Self.sentences[index].file.hasSuffix((file as NSString).pathExtension))
        try Data(Self.sentences[index].text.utf8).write(to: workspace.file(file))
        let result = try workspace.run(["talk.wav", "--words", "words.txt", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == Self.expectedSpans, "\(file): \(result)")
    }

    @Test("--list-formats names each new format with what detection looks for")
    func listed() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(["--list-formats"])
        #expect(result.status == 0, "\(result)")
        for line in [
            #"  speechmatics        JSON with "results" of items with "type" and "start_time""#,
            #"  ibm-watson          JSON with "results" of "alternatives" with "timestamps""#,
            #"  azure-fast          a JSON object with "phrases" and "combinedPhrases""#,
            #"  elevenlabs          a JSON object with "words" of "type" items"#,
            #"  nemo                JSON with word items with "start_offset""#,
            #"  stable-ts           a JSON object with "segments" and "ori_dict""#,
            #"  whisperkit          a JSON object with "segments" and "timings""#,
            #"  youtube-json        a JSON object with "events" and "wireMagic""#,
            "  sbv                 a first line of two times 0:00:01.280,0:00:02.620",
            "  elan                XML whose root is <ANNOTATION_DOCUMENT>",
            "  ctm                 lines of recording channel start duration word [confidence]",
        ] {
            #expect(result.stdout.contains(line), "missing \(line)")
        }
    }

    @Test("a forced format is named in its errors")
    func forcedFormat() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try workspace.run(
            [
                "talk.wav", "--transcript", "talk.json", "--transcript-format", "ctm", "--words", "words.txt", "-o",
                "out.wav",
            ])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("Error: talk.json (ctm): line 1:column "), "\(result)")
        #expect(!workspace.exists("out.wav"))
    }
}
