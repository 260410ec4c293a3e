/// Published transcripts that suites of more than one test target read: the transcript suites
/// check how they are read, the matching suites what they match.
package enum TranscriptFixtures {
    /// Abridged `whisper talk.mp3 --word_timestamps True --output_format json` output: leading
    /// spaces, attached and standalone punctuation, float noise, a `\u2019` escape, a segment with
    /// empty `words` and one without `words`.
    package static let whisperJSON = #"""
        {"text": " Damn, that hurt. You piece of shit! Don\u2019t - ever.", "segments": [{"id": 0, "seek": 0, "start": 1.28, "end": 2.62, "text": " Damn, that hurt.", "tokens": [50364, 23116, 11, 300, 4607, 13], "temperature": 0.0, "avg_logprob": -0.2519, "compression_ratio": 1.1, "no_speech_prob": 0.0123, "words": [{"word": " Damn,", "start": 1.2799999999999998, "end": 1.63, "probability": 0.9312}, {"word": " that", "start": 1.63, "end": 1.9, "probability": 0.98}, {"word": " hurt", "start": 1.9, "end": 2.5, "probability": 0.9711}, {"word": ".", "start": 2.5, "end": 2.62, "probability": 0.61}]}, {"id": 1, "seek": 0, "start": 2.62, "end": 3.0, "text": "", "tokens": [], "temperature": 0.0, "avg_logprob": -1.2, "compression_ratio": 0.5, "no_speech_prob": 0.8, "words": []},
         {"id": 2, "seek": 300, "start": 3.5, "end": 5.2, "text": " You piece of shit!", "tokens": [50539, 509], "temperature": 0.0, "avg_logprob": -0.31, "compression_ratio": 1.1, "no_speech_prob": 0.02, "words": [{"word": " You", "start": 3.5, "end": 3.72, "probability": 0.88}, {"word": " piece", "start": 3.72, "end": 4.0600000000000005, "probability": 0.95}, {"word": " of", "start": 4.0600000000000005, "end": 4.2, "probability": 0.99}, {"word": " shit!", "start": 4.2, "end": 4.7, "probability": 0.9}]},
         {"id": 3, "seek": 300, "start": 5.2, "end": 6.6, "text": " Don\u2019t - ever.", "tokens": [1468], "temperature": 0.0, "avg_logprob": -0.4, "compression_ratio": 1.0, "no_speech_prob": 0.03, "words": [{"word": " Don\u2019t", "start": 5.2, "end": 5.5, "probability": 0.8}, {"word": " -", "start": 5.5, "end": 5.8, "probability": 0.4}, {"word": " ever.", "start": 5.8, "end": 6.6, "probability": 0.92}]},
         {"id": 4, "seek": 600, "start": 6.6, "end": 8.0, "text": " Of course.", "tokens": [2720], "temperature": 0.0, "avg_logprob": -0.3, "compression_ratio": 1.0, "no_speech_prob": 0.05}], "language": "en"}
        """#

    /// Abridged `whisper-cli -ojf` output: special tokens, sub-word tokens without a leading
    /// space, a punctuation token, and a segment whose tokens have no offsets.
    package static let whisperCppJSON = #"""
        {
          "systeminfo": "AVX = 1 | AVX2 = 1 | NEON = 0",
          "model": {"type": "base", "multilingual": false, "vocab": 51864},
          "params": {"model": "models/ggml-base.en.bin", "language": "en", "translate": false},
          "result": {"language": "en"},
          "transcription": [
            {
              "timestamps": {"from": "00:00:01,280", "to": "00:00:02,620"},
              "offsets": {"from": 1280, "to": 2620},
              "text": " Damn, that hurt.",
              "tokens": [
                {"text": "[_BEG_]", "timestamps": {"from": "00:00:01,280", "to": "00:00:01,280"}, "offsets": {"from": 1280, "to": 1280}, "id": 50363, "p": 0.98, "t_dtw": -1},
                {"text": " Dam", "timestamps": {"from": "00:00:01,280", "to": "00:00:01,450"}, "offsets": {"from": 1280, "to": 1450}, "id": 14550, "p": 0.71, "t_dtw": -1},
                {"text": "n", "timestamps": {"from": "00:00:01,450", "to": "00:00:01,600"}, "offsets": {"from": 1450, "to": 1600}, "id": 77, "p": 0.9, "t_dtw": -1},
                {"text": ",", "timestamps": {"from": "00:00:01,600", "to": "00:00:01,630"}, "offsets": {"from": 1600, "to": 1630}, "id": 11, "p": 0.8, "t_dtw": -1},
                {"text": " that", "timestamps": {"from": "00:00:01,630", "to": "00:00:01,900"}, "offsets": {"from": 1630, "to": 1900}, "id": 326, "p": 0.97, "t_dtw": -1},
                {"text": " hurt", "timestamps": {"from": "00:00:01,900", "to": "00:00:02,500"}, "offsets": {"from": 1900, "to": 2500}, "id": 5938, "p": 0.95, "t_dtw": -1},
                {"text": ".", "timestamps": {"from": "00:00:02,500", "to": "00:00:02,620"}, "offsets": {"from": 2500, "to": 2620}, "id": 13, "p": 0.6, "t_dtw": -1},
                {"text": "[_TT_67]", "timestamps": {"from": "00:00:02,620", "to": "00:00:02,620"}, "offsets": {"from": 2620, "to": 2620}, "id": 50430, "p": 0.4, "t_dtw": -1}
              ]
            },
            {
              "timestamps": {"from": "00:00:03,500", "to": "00:00:04,700"},
              "offsets": {"from": 3500, "to": 4700},
              "text": " piece of shit",
              "tokens": [{"text": "[_BEG_]", "id": 50363, "p": 0.9}, {"text": " piece", "id": 3704, "p": 0.9}]
            }
          ]
        }
        """#
}
