import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Reading whisper's TSV, whisper-timestamped's CSV, whisper.cpp's LRC, Speechmatics' first API
/// and IBM Watson's asynchronous jobs, each from a published file (named `…TranscriptTests` so
/// the Transcript filter runs it).
@Suite struct PublishedTableTranscriptTests {
    /// whisper-timestamped's `.words.tsv`: `linto-ai/whisper-timestamped`
    /// tests/expected/punctuations_yes/punctuations.mp3.words.tsv (whole milliseconds).
    static let wordsTSV =
        "start\tend\ttext\n380\t1080\tDis-moi,\n1280\t1500\test-ce\n1500\t1660\tque\n1660\t2040\tl'avion\n2040\t2340\tvole?\n"

    /// The same recording's segment `.tsv`: `linto-ai/whisper-timestamped`
    /// tests/expected/punctuations_yes/punctuations.mp3.tsv.
    static let segmentTSV = "start\tend\ttext\n380\t2340\tDis-moi, est-ce que l'avion vole?\n"

    /// whisper-timestamped's `.words.csv` (text first, seconds, no header): `linto-ai/whisper-timestamped`
    /// tests/expected/punctuations_yes/punctuations.mp3.words.csv.
    static let wordsCSV = "\"Dis-moi,\",0.38,1.1\nest-ce,1.28,1.5\nque,1.5,1.66\nl'avion,1.66,2.04\nvole?,2.04,2.34\n"

    /// The first lines of a whisper.cpp `-olrc` transcript of a live stream, as published in an
    /// episode's show notes (the layout of `ggerganov/whisper.cpp` examples/cli/cli.cpp, `output_lrc`).
    static let lrc = """
        [by:whisper.cpp]
        [00:00.00] Hello everyone, and welcome to my stream today. How's everyone doing today? Come say hi.
        [00:09.00] It's been a little while, I think it's been like three weeks since we've done a stream.
        [00:19.00] Just doing green smoothie today. Staking it up a little bit.

        """

    /// A transcript of Speechmatics' v1.0 API as `PRX/speechmatics` test/user/jobs_test.rb serves it
    /// (`transcript.to_json`), with the job's `format` and `job` members the API sends beside it.
    static let speechmaticsLegacy = #"""
        {"format": "1.0", "job": {"id": 1, "lang": "en-US", "name": "test.mp3", "duration": 244},
         "speakers": [{"duration": "1.270", "name": "M1", "time": "0.590"}],
         "words": [{"duration": "0.230", "name": "Hello", "time": "0.590"}, {"duration": "0.070", "name": "World", "time": "0.960"},
                   {"duration": "0.000", "name": ".", "time": "1.270"}]}
        """#

    /// A completed asynchronous job, `GET /v1/recognitions/{id}`: `IBM-Bluemix-Docs/speech-to-text-icp`
    /// async.md ("Example of status with results"), with the timestamps it elides left out.
    static let ibmJob = #"""
        {"id": "398fcd80-330a-22ba-93ce-1a73f454dd98",
         "results": [{"result_index": 0, "results": [{"final": true, "alternatives": [{
           "transcript": "several tornadoes touch down as a line of severe thunderstorms swept through Colorado on Sunday ",
           "timestamps": [["several", 1, 1.52], ["tornadoes", 1.52, 2.15], ["Sunday", 5.74, 6.33]], "confidence": 0.885}]}]}],
         "created": "2016-08-17T19:11:04.298Z", "updated": "2016-08-17T19:11:16.003Z", "status": "completed"}
        """#

    @Test("whisper-timestamped's word TSV: whole milliseconds, one exact word a line")
    func wordsTSVRead() throws {
        let transcript = try TranscriptText.read(Self.wordsTSV, source: "talk.tsv")
        #expect(transcript.format == .whisperTSV)
        #expect(
            Milliseconds.timeline(transcript.words)
                == ["Dis-moi,@380-1080", "est-ce@1280-1500", "que@1500-1660", "l'avion@1660-2040", "vole?@2040-2340"])
        #expect(!transcript.timesAreEstimated)
    }

    @Test("whisper's segment TSV: the segment's words spread over it by length, estimated")
    func segmentTSVRead() throws {
        let transcript = try TranscriptText.read(Self.segmentTSV, source: "talk.tsv")
        #expect(
            Milliseconds.timeline(transcript.words)
                == ["Dis-moi,@380-921", "est-ce@921-1326", "que@1326-1529", "l'avion@1529-2002", "vole?@2002-2340"])
        #expect(transcript.words.allSatisfy { $0.isTimeEstimated })
    }

    @Test("a TSV with the same header over decimal times, or a header naming seconds, is read in seconds (hand-made)")
    func secondsTSV() throws {
        let decimal = try TranscriptText.read("start\tend\ttext\n0.380\t1.080\tDis-moi,\n", source: "talk.tsv")
        #expect(Milliseconds.timeline(decimal.words) == ["Dis-moi,@380-1080"])
        let named = try TranscriptText.read("start (s)\tend (s)\ttext\n1\t2\tDis-moi,\n", source: "talk.tsv")
        #expect(Milliseconds.timeline(named.words) == ["Dis-moi,@1000-2000"])
        let milliseconds = try TranscriptText.read(
            "start_ms\tend_ms\ttext\n380.5\t1080\tDis-moi,\n", source: "talk.tsv")
        #expect(Milliseconds.timeline(milliseconds.words) == ["Dis-moi,@381-1080"])
    }

    @Test("a TSV time that is no number is an error at its line and column, in the file's unit")
    func malformedTSV() {
        let text = Self.wordsTSV.replacingOccurrences(of: "1500\t1660\tque", with: "15x0\t1660\tque")
        #expect(
            TranscriptText.error(text, source: "talk.tsv")?.description
                == "talk.tsv (whisper-tsv): line 4:column 1: expected a time in milliseconds, like 1250, found '15x0'")
        #expect(
            TranscriptText.error("start\tend\ttext\n380\t1080\n", source: "talk.tsv")?.description
                == "talk.tsv (whisper-tsv): line 2:column 1: expected start<TAB>end<TAB>text, found 2 fields")
    }

    @Test("whisper-timestamped's word CSV: text first, seconds, with or without its header")
    func wordsCSVRead() throws {
        for text in [Self.wordsCSV, "text,start,end\n" + Self.wordsCSV] {
            let transcript = try TranscriptText.read(text, source: "talk.csv")
            #expect(transcript.format == .whisperTimestampedCSV)
            #expect(
                Milliseconds.timeline(transcript.words)
                    == [
                        "Dis-moi,@380-1100", "est-ce@1280-1500", "que@1500-1660", "l'avion@1660-2040",
                        "vole?@2040-2340",
                    ])
        }
    }

    @Test("a whisper-timestamped CSV time that is no number is an error at its line and column")
    func malformedCSV() {
        let text = Self.wordsCSV.replacingOccurrences(of: "vole?,2.04,2.34", with: "vole?,2.04,later")
        #expect(
            TranscriptText.error(text, source: "talk.csv")?.description
                == "talk.csv (whisper-timestamped-csv): line 5:column 12: expected a time in seconds, like 1.25, found 'later'"
        )
    }

    @Test("whisper.cpp's LRC: each line lasts to the next line's start, the last 80 ms a character; all estimated")
    func lrcRead() throws {
        let transcript = try TranscriptText.read(Self.lrc, source: "talk.lrc")
        #expect(transcript.format == .lrc)
        let words = transcript.words
        #expect(words.count == 15 + 17 + 11)
        // Line 1 (74 characters in words, over 9 s), line 2 over 10 s, line 3 (60 characters) over 60 × 80 ms.
        #expect(
            Milliseconds.timeline([words[0], words[14], words[15], words[31], words[32], words[42]])
                == [
                    "Hello@0-608", "hi.@8635-9000", "It's@9000-9563", "stream.@18014-19000", "Just@19000-19384",
                    "bit.@23416-23800",
                ])
        #expect(words.allSatisfy { $0.isTimeEstimated })
    }

    @Test("a malformed LRC time tag is an error at its line and column")
    func malformedLRC() {
        let text = Self.lrc.replacingOccurrences(of: "[00:09.00]", with: "[00:6x.00]")
        #expect(
            TranscriptText.error(text, source: "talk.lrc")?.description
                == "talk.lrc (lrc): line 3:column 1: expected a time tag [mm:ss.xx], found '[00:6x.00]'")
    }

    @Test("Speechmatics v1: time plus duration, punctuation joined to its word, the speaker whose span holds it")
    func speechmaticsLegacyRead() throws {
        let transcript = try TranscriptText.read(Self.speechmaticsLegacy)
        #expect(transcript.format == .speechmaticsLegacy)
        #expect(Milliseconds.timeline(transcript.words) == ["Hello@590-820", "World.@960-1030"])
        #expect(transcript.words.map(\.speaker) == ["M1", "M1"])
        let bad = Self.speechmaticsLegacy.replacingOccurrences(
            of: #""duration": "0.070""#, with: #""duration": "long""#)
        #expect(
            TranscriptText.error(bad)?.description
                == "talk.json (speechmatics-legacy): words[1].duration: expected a time in seconds, like 1.25, found 'long'"
        )
    }

    @Test("IBM Watson's asynchronous job: the responses inside its envelope, errors at their place in it")
    func ibmJobRead() throws {
        let transcript = try TranscriptText.read(Self.ibmJob)
        #expect(transcript.format == .ibmWatson)
        #expect(
            Milliseconds.timeline(transcript.words) == ["several@1000-1520", "tornadoes@1520-2150", "Sunday@5740-6330"])
        let bad = Self.ibmJob.replacingOccurrences(
            of: #"["tornadoes", 1.52, 2.15]"#, with: #"["tornadoes", 1.52, "x"]"#)
        #expect(
            TranscriptText.error(bad)?.description
                == "talk.json (ibm-watson): results[0].results[0].alternatives[0].timestamps[1][2]: expected a time in seconds, like 1.25, found 'x'"
        )
    }
}
