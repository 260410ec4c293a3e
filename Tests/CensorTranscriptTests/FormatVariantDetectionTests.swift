import CensorTestTranscripts
import Foundation
import Testing

@testable import CensorTranscript

/// Every layout of the newer recognizers' formats is told apart from the formats that share its
/// keys (named `…TranscriptTests` so the Transcript filter runs it).
@Suite struct FormatVariantDetectionTranscriptTests {
    @Test(
        "detects each variant from its content",
        arguments: [
            // Real-time Speechmatics messages, the first line not yet a transcript.
            (SpeechmaticsTranscriptTests.realTime, TranscriptFormat.speechmatics),
            // A batch job whose results are still empty.
            (
                #"{"format": "2.9", "job": {"id": "x"}, "metadata": {"type": "transcription"}, "results": []}"#,
                .speechmatics
            ),
            // One Watson response, not a list, without result_index.
            (
                #"{"results": [{"alternatives": [{"timestamps": [["hi", 0.1, 0.4]], "transcript": "hi "}], "final": true}]}"#,
                .ibmWatson
            ),
            // Watson WebSocket messages as JSON lines.
            (
                "{\"result_index\": 0, \"results\": [{\"final\": false, \"alternatives\": [{\"transcript\": \"hi\"}]}]}\n{\"result_index\": 0, \"results\": [{\"final\": true, \"alternatives\": [{\"timestamps\": [[\"hi\", 0.1, 0.4]]}]}]}",
                .ibmWatson
            ),
            // Azure fast transcription, GA, saved without combinedPhrases.
            (
                #"{"durationMilliseconds": 900, "phrases": [{"offsetMilliseconds": 0, "durationMilliseconds": 900, "text": "hi"}]}"#,
                .azureFast
            ),
            // Azure fast transcription, preview, without combinedPhrases.
            (#"{"duration": 900, "phrases": [{"offset": 0, "duration": 900, "text": "hi"}]}"#, .azureFast),
            // ElevenLabs with several channels.
            (
                #"{"transcripts": [{"language_code": "en", "words": [{"text": "hi", "start": 0, "end": 1, "type": "word"}]}]}"#,
                .elevenLabs
            ),
            // NeMo: the word list alone, and a dumped hypothesis.
            (#"[{"word": "hi", "start_offset": 1, "end_offset": 5, "start": 0.08, "end": 0.4}]"#, .nemo),
            (#"{"text": "hi", "timestamp": {"word": [], "segment": [], "char": []}}"#, .nemo),
            // json3 without wireMagic.
            (#"{"events": [{"tStartMs": 0, "dDurationMs": 900, "segs": [{"utf8": "hi"}]}]}"#, .youTubeJSON3),
            // stable-ts before regroup_history and nonspeech_sections were written.
            (
                #"{"text": " hi", "segments": [{"start": 0, "end": 1, "text": " hi", "words": [{"word": " hi", "start": 0, "end": 1, "probability": 0.9}]}], "language": "en", "ori_dict": {}}"#,
                .stableTS
            ),
            // WhisperKit segments without timings.
            (
                #"{"text": " hi", "segments": [{"id": 0, "seek": 0, "start": 0, "end": 1, "text": " hi", "tokens": [], "tokenLogProbs": [[]], "temperature": 0, "avgLogprob": 0, "compressionRatio": 1, "noSpeechProb": 0}], "language": "en"}"#,
                .whisperKit
            ),
            // An ELAN document with a byte-order mark and no XML declaration.
            ("\u{FEFF}<ANNOTATION_DOCUMENT FORMAT=\"3.0\"><TIME_ORDER/></ANNOTATION_DOCUMENT>", .elan),
            // SBV whose first cue has a blank line before it; CTM with tabs and a comment.
            ("\n0:00:01.000,0:00:02.000\nhi\n", .sbv),
            (";; words\nrec\tA\t0.10\t0.30\thi\n", .ctm),
        ])
    func detectsVariant(text: String, format: TranscriptFormat) {
        #expect(TranscriptFormat(detecting: Data(text.utf8)) == format)
    }

    @Test(
        "leaves the older formats' look-alikes to them",
        arguments: [
            // Google results have alternatives too, but neither "final" nor "timestamps".
            (GoogleSpeechTranscriptTests.v1, TranscriptFormat.googleSpeech),
            // Azure batch files have "duration" too, as an ISO string, and no "phrases".
            (AzureSpeechTranscriptTests.batch, .azureSpeech),
            // A generic word list with "text" items but no "type".
            (#"{"words": [{"text": "hi", "start": 0, "end": 1}]}"#, .jsonWords),
            // whisper JSON with segment-level statistics in snake case.
            (
                #"{"segments": [{"seek": 0, "avg_logprob": -0.2, "no_speech_prob": 0.1, "words": [{"word": " hi", "start": 0, "end": 1}]}]}"#,
                .whisperJSON
            ),
            // An Audacity label with a five-word label is not a CTM line.
            ("1.000000\t2.000000\tpiece of shit right here\n", .audacityLabels),
            // Nor is one whose label is numbers, which a CTM line's fields would fit.
            ("1.000000\t2.000000\t3 4 5\n", .audacityLabels),
        ])
    func leavesLookAlikes(text: String, format: TranscriptFormat) {
        #expect(TranscriptFormat(detecting: Data(text.utf8)) == format)
    }
}
