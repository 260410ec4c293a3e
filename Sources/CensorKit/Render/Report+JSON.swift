extension Report {
    /// The report as JSON, keys in a fixed order, one span a line.
    ///
    /// ```json
    /// {"input": "in.wav", "output": "in.censored.wav", "sampleRate": 48000, "channels": 2,
    ///  "frames": 665907, "mode": "beep",
    ///  "transcript": {"format": "whisper-json", "words": 1284, "estimatedWords": 0, "firstTime": 0.03, "lastTime": 196},
    ///  "spans": [{"text": "damn", "pattern": "damn", "start": 1.2797, "end": 1.6331,
    ///             "refinedStart": 1.2561, "refinedEnd": 1.6331,
    ///             "startFrame": 60292, "endFrame": 78401, "fadeStartFrame": 60052, "fadeEndFrame": 78641}]}
    /// ```
    ///
    /// - Returns: The JSON text, ending with a newline.
    public func json() -> String {
        var text = "{\"input\": \(quoted(input)), \"output\": \(output.map(quoted) ?? "null"), "
        text += "\"sampleRate\": \(sampleRate), \"channels\": \(channels), \"frames\": \(frames), "
        text += "\"mode\": \(quoted(mode)),\n "
        if let direct { text += "\"direct\": \(direct.json),\n " }
        if let transcript {
            text +=
                "\"transcript\": {\"format\": \(quoted(transcript.format)), \"words\": \(transcript.words), "
                + "\"estimatedWords\": \(transcript.estimatedWords), "
                + "\"firstTime\": \(transcript.firstTime.map(decimal) ?? "null"), "
                + "\"lastTime\": \(transcript.lastTime.map(decimal) ?? "null")"
                + (transcript.maskedWords > 0 ? ", \"maskedWords\": \(transcript.maskedWords)" : "")
                + (transcript.repairs.isEmpty
                    ? "" : ", \"repairs\": [" + transcript.repairs.map(quoted).joined(separator: ", ") + "]")
                + (transcript.subtitleStream.map { ", \"subtitleStream\": \($0)" } ?? "")
                + "},\n "
        }
        if !streams.isEmpty {
            text +=
                "\"streams\": ["
                + streams.map { stream in
                    "{\"index\": \(stream.index), \"codec\": \(quoted(stream.codec)), "
                        + "\"language\": \(stream.language.map(quoted) ?? "null"), \"spans\": \(stream.spans)}"
                }.joined(separator: ", ") + "],\n "
        }
        text += "\"spans\": ["
        text += spans.map { entry in
            "{\"text\": \(quoted(entry.text)), \"pattern\": \(quoted(entry.pattern)), "
                + "\"start\": \(decimal(entry.start)), \"end\": \(decimal(entry.end)), "
                + "\"refinedStart\": \(decimal(entry.refinedStart)), \"refinedEnd\": \(decimal(entry.refinedEnd)), "
                + "\"startFrame\": \(entry.startFrame), \"endFrame\": \(entry.endFrame), "
                + "\"fadeStartFrame\": \(entry.fadeStartFrame), \"fadeEndFrame\": \(entry.fadeEndFrame)"
                + optionalKeys(entry) + "}"
        }.joined(separator: ",\n  ")
        text += "],\n \"skipped\": ["
        text += skipped.map { match in
            "{\"text\": \(quoted(match.text)), \"pattern\": \(quoted(match.pattern)), "
                + "\"start\": \(decimal(match.start)), \"end\": \(decimal(match.end))}"
        }.joined(separator: ",\n  ")
        return text + "]" + cutsJSON + "}\n"
    }

    /// The keys a span has only when the transcript or list gives them: confidence, speakers,
    /// replacement, `timesEstimated` when the words' times were estimated, and `doubts` when
    /// their times are doubtful (`"zero-length"`, `"long"`, `"low-confidence"`), and `alignment`
    /// (why each match was or was not aligned) when alignment is on.
    private func optionalKeys(_ entry: Entry) -> String {
        var text = ""
        if let confidence = entry.confidence { text += ", \"confidence\": \(decimal(confidence))" }
        if !entry.speakers.isEmpty {
            text += ", \"speakers\": [" + entry.speakers.map(quoted).joined(separator: ", ") + "]"
        }
        if let replacement = entry.replacement { text += ", \"replacement\": \(quoted(replacement))" }
        if entry.timesEstimated { text += ", \"timesEstimated\": true" }
        if !entry.doubts.isEmpty {
            text += ", \"doubts\": [" + entry.doubts.map { quoted($0.rawValue) }.joined(separator: ", ") + "]"
        }
        if let alignment = entry.alignment {
            text += ", \"alignment\": [" + alignment.map(quoted).joined(separator: ", ") + "]"
        }
        return text
    }

    /// A number to six decimals (seconds to the microsecond), in the shortest form that reads
    /// back the same: a whole number without a fraction, one past 2^53 in exponent form (a
    /// transcript's 1e19 s is reported as such, never converted to an integer), and `null` for
    /// what JSON cannot hold (infinity, NaN).
    private func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let scaled = value * 1_000_000
        let nearest = scaled.isFinite ? scaled.rounded() / 1_000_000 : value
        guard abs(nearest) < 0x1p53 else { return "\(nearest)" }
        return nearest == nearest.rounded() ? String(Int(nearest)) : "\(nearest)"
    }

    /// `value` as a JSON string literal.
    private func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
