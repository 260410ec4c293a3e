import CensorKit

/// Writes generated words in one transcript format, as that format's producer would.
protocol TranscriptWriter {
    /// The format written, as CensorKit names it.
    static var format: TranscriptFormat { get }
    static func write(_ words: [GeneratedWord], into bytes: inout ByteWriter)
}

/// The transcript formats the parsing cases cover: adding a format adds one line here (and its
/// writer below). A format CensorKit reads but that has no line here shows as skipped.
enum TranscriptWriters {
    static var all: [any TranscriptWriter.Type] {
        [
            WhisperJSONWriter.self,
            DeepgramWriter.self,
            VoskWriter.self,
            WebVTTWriter.self,
            SRTWriter.self,
            AudacityLabelsWriter.self,
        ]
    }

    static func writer(for format: TranscriptFormat) -> (any TranscriptWriter.Type)? {
        all.first { $0.format == format }
    }
}

/// openai-whisper's `--word_timestamps True --output_format json`: segments of about 20 words
/// with their text, tokens and decoding statistics, each with its `words`.
enum WhisperJSONWriter: TranscriptWriter {
    static var format: TranscriptFormat { .whisperJSON }

    static func write(_ words: [GeneratedWord], into bytes: inout ByteWriter) {
        let segmentSize = 20
        bytes.append(#"{"text": ""#)
        for word in words { bytes.append(word.text) }
        bytes.append(#"", "segments": ["#)
        var segment = 0
        var first = 0
        while first < words.count {
            let part = words[first..<min(words.count, first + segmentSize)]
            if segment > 0 { bytes.append(", ") }
            bytes.append(#"{"id": "#); bytes.append(segment)
            bytes.append(#", "seek": "#); bytes.append(Int(part.first!.start * 100) / 3000 * 3000)
            bytes.append(#", "start": "#); bytes.append(part.first!.start, places: 2)
            bytes.append(#", "end": "#); bytes.append(part.last!.end, places: 2)
            bytes.append(#", "text": "#)
            bytes.appendJSONString(part.map(\.text).joined())
            bytes.append(#", "tokens": ["#)
            for (index, word) in part.enumerated() {
                if index > 0 { bytes.append(", ") }
                bytes.append(1_000 + (word.text.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF } % 49_000))
            }
            bytes.append(
                #"], "temperature": 0.0, "avg_logprob": -0.2104, "compression_ratio": 1.5213, "no_speech_prob": 0.0113, "words": ["#
            )
            for (index, word) in part.enumerated() {
                if index > 0 { bytes.append(", ") }
                bytes.append(#"{"word": "#); bytes.appendJSONString(word.text)
                bytes.append(#", "start": "#); bytes.append(word.start, places: 2)
                bytes.append(#", "end": "#); bytes.append(word.end, places: 2)
                bytes.append(#", "probability": 0."#); bytes.append(50 + (first + index) % 50)
                bytes.append("}")
            }
            bytes.append("]}")
            segment += 1
            first += segmentSize
        }
        bytes.append(#"], "language": "en"}"#)
        bytes.append("\n")
    }
}

/// Audacity's File → Export → Labels: `start<TAB>end<TAB>label`, six decimals, one word a label.
enum AudacityLabelsWriter: TranscriptWriter {
    static var format: TranscriptFormat { .audacityLabels }

    static func write(_ words: [GeneratedWord], into bytes: inout ByteWriter) {
        for word in words {
            bytes.append(word.start, places: 6)
            bytes.append("\t")
            bytes.append(word.end, places: 6)
            bytes.append("\t")
            bytes.append(plain(word.text))
            bytes.append("\n")
        }
    }
}

/// Deepgram's pre-recorded response: one object, every word of the first alternative in one
/// list, `word` in lower case and `punctuated_word` as said.
enum DeepgramWriter: TranscriptWriter {
    static var format: TranscriptFormat { .deepgram }

    static func write(_ words: [GeneratedWord], into bytes: inout ByteWriter) {
        bytes.append(#"{"metadata": {"request_id": "bench", "duration": "#)
        bytes.append(words.last?.end ?? 0, places: 3)
        bytes.append(#", "channels": 1}, "results": {"channels": [{"alternatives": [{"transcript": "#)
        bytes.appendJSONString(words.map { plain($0.text) }.joined(separator: " "))
        bytes.append(#", "confidence": 0.98, "words": ["#)
        for (index, word) in words.enumerated() {
            if index > 0 { bytes.append(", ") }
            let said = plain(word.text)
            bytes.append(#"{"word": "#)
            bytes.appendJSONString(said.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "'" })
            bytes.append(#", "start": "#); bytes.append(word.start, places: 3)
            bytes.append(#", "end": "#); bytes.append(word.end, places: 3)
            bytes.append(#", "confidence": 0.9"#); bytes.append(index % 10)
            bytes.append(#", "punctuated_word": "#); bytes.appendJSONString(said)
            bytes.append("}")
        }
        bytes.append("]}]}]}}\n")
    }
}

/// Vosk's `KaldiRecognizer.Result()` with words, one utterance of about 20 words a line (JSON
/// lines, as a script printing each result writes them).
enum VoskWriter: TranscriptWriter {
    static var format: TranscriptFormat { .vosk }

    static func write(_ words: [GeneratedWord], into bytes: inout ByteWriter) {
        var first = 0
        while first < words.count {
            let utterance = words[first..<min(words.count, first + 20)]
            bytes.append(#"{"result": ["#)
            for (index, word) in utterance.enumerated() {
                if index > 0 { bytes.append(", ") }
                bytes.append(#"{"conf": 0.9"#); bytes.append(index % 10)
                bytes.append(#", "end": "#); bytes.append(word.end, places: 6)
                bytes.append(#", "start": "#); bytes.append(word.start, places: 6)
                bytes.append(#", "word": "#)
                bytes.appendJSONString(plain(word.text).lowercased().filter { $0.isLetter || $0.isNumber || $0 == "'" })
                bytes.append("}")
            }
            bytes.append(#"], "text": "#)
            bytes.appendJSONString(utterance.map { plain($0.text).lowercased() }.joined(separator: " "))
            bytes.append("}\n")
            first += 20
        }
    }
}

/// WebVTT as YouTube's auto-captions write it: cues of about 8 words, each word after the first
/// with its inline time stamp (`<00:00:01.280><c> word</c>`).
enum WebVTTWriter: TranscriptWriter {
    static var format: TranscriptFormat { .webVTT }

    static func write(_ words: [GeneratedWord], into bytes: inout ByteWriter) {
        bytes.append("WEBVTT\nKind: captions\nLanguage: en\n\n")
        var first = 0
        while first < words.count {
            let cue = words[first..<min(words.count, first + 8)]
            bytes.appendClock(cue.first!.start, decimalSeparator: ".")
            bytes.append(" --> ")
            bytes.appendClock(cue.last!.end, decimalSeparator: ".")
            bytes.append(" align:start position:0%\n")
            for (index, word) in cue.enumerated() {
                if index == 0 {
                    bytes.append(plain(word.text))
                } else {
                    bytes.append("<"); bytes.appendClock(word.start, decimalSeparator: "."); bytes.append("><c> ")
                    bytes.append(plain(word.text)); bytes.append("</c>")
                }
            }
            bytes.append("\n\n")
            first += 8
        }
    }
}

/// SubRip: numbered cues of about 8 words, one line each; the words get their times by being
/// spread over the cue.
enum SRTWriter: TranscriptWriter {
    static var format: TranscriptFormat { .srt }

    static func write(_ words: [GeneratedWord], into bytes: inout ByteWriter) {
        var first = 0
        var number = 1
        while first < words.count {
            let cue = words[first..<min(words.count, first + 8)]
            bytes.append(number); bytes.append("\n")
            bytes.appendClock(cue.first!.start, decimalSeparator: ",")
            bytes.append(" --> ")
            bytes.appendClock(cue.last!.end, decimalSeparator: ",")
            bytes.append("\n")
            bytes.append(cue.map { plain($0.text) }.joined(separator: " "))
            bytes.append("\n\n")
            number += 1
            first += 8
        }
    }
}

/// A word as written without the recognizer's leading space.
private func plain(_ text: String) -> String {
    text.first == " " ? String(text.dropFirst()) : text
}
