import Foundation

/// What SRT and WebVTT share: blocks of timed cues, their markup, and how their words get times.
///
/// A cue's timing is coarse — a line or two of text — so its words are spread over it by their
/// lengths (`WordSpreading`) and marked as estimated. WebVTT's inline word stamps
/// (`hey<00:00:00.399><c> guys</c>`, as YouTube's auto-captions write) time each word from its
/// stamp to the next one (the first from the cue's start, the last to its end).
///
/// Auto-captions roll: each cue repeats the previous cue's last line above its new one, and a
/// 10 ms cue repeats the line again. A cue's leading lines that repeat the previous cue's last
/// lines are dropped — in a file with word stamps whenever they carry no stamps, and otherwise
/// only when the cue has a new line after them, so that a word said again in the next cue (
/// "No. / No.") is still read.
internal enum Subtitles {
    /// One cue: its times and its text lines, markup included.
    internal struct Cue {
        var start: Double
        var end: Double
        var lines: [Substring]
        /// The number of its timing line, from 1.
        var line: Int
    }

    /// A cue line's text between inline stamps.
    private struct Chunk {
        /// The stamp that starts the chunk; `nil` for the text before the first stamp.
        var time: Double?
        var text = ""
    }

    /// One cue line after markup: its chunks, speaker and plain text.
    private struct Line {
        var chunks: [Chunk] = [Chunk(time: nil)]
        var speaker: String?
        /// The texts the line marks as spoken now (`<u>`, `<b>`, `<font color=…>`, `<c.…>`), in order.
        var marks: [String] = []
        /// The text without markup, whitespace collapsed, for comparing repeated lines.
        var plain: String { chunks.map(\.text).joined().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        var isStamped: Bool { chunks.count > 1 }
    }

    /// Splits a subtitle file into cues.
    ///
    /// - Parameters:
    ///   - document: The file.
    ///   - format: `.srt` or `.webVTT`, for messages.
    ///   - separatesOnBlankLines: Whether a line of only spaces ends a cue (SRT), or only an
    ///     empty line or a line of spaces before a timing line does (WebVTT, whose
    ///     auto-captions hold lines of one space inside cues).
    ///   - skipsBlock: Whether a block without a timing line is to be skipped (WebVTT's header,
    ///     `NOTE`, `STYLE` and `REGION` blocks) rather than reported.
    /// - Returns: The cues in file order.
    /// - Throws: `TranscriptError` for a block without a timing line before the first cue, a
    ///   malformed time, or a cue that ends before it starts. In WebVTT a block without a
    ///   timing line after a cue is read leniently and logged in the document's repairs: a lone identifier
    ///   before a timing line as that cue's identifier, other text as the text of the cue
    ///   before it.
    internal static func cues(
        in document: TranscriptDocument, format: TranscriptFormat, separatesOnBlankLines: Bool,
        skipsBlock: (Substring) -> Bool
    ) throws(TranscriptError) -> [Cue] {
        let lines = SourceText.lines(of: document.text)
        var cues: [Cue] = []
        var index = 0
        let isTiming = { (index: Int) in index < lines.count && isTimingLine(lines[index]) }
        // A blank line ends a cue. In WebVTT a line of spaces does only before a timing line,
        // or before a cue identifier and its timing line (Netflix writes such separators);
        // YouTube's auto-captions hold lines of one space inside cues.
        let isSeparator = { (index: Int) in
            let line = lines[index]
            guard line.allSatisfy(\.isWhitespace) else { return false }
            return separatesOnBlankLines || line.isEmpty || isTiming(index + 1)
                || (index + 1 < lines.count && isIdentifier(lines[index + 1]) && isTiming(index + 2))
        }
        while index < lines.count {
            if isSeparator(index) {
                index += 1
                continue
            }
            let blockStart = index
            while index < lines.count, !isSeparator(index) { index += 1 }
            let block = lines[blockStart..<index]
            guard var timing = block.prefix(2).firstIndex(where: { $0.contains("-->") }) else {
                if skipsBlock(block[blockStart]) { continue }
                // Blank lines where none belong, as some WebVTT writers put them: a cue
                // identifier parted from its timing line, or cue text parted from its cue.
                if format == .webVTT {
                    var next = index
                    while next < lines.count, isSeparator(next) { next += 1 }
                    if block.count == 1, isIdentifier(block[blockStart]), isTiming(next) {
                        document.repairs.record(
                            TranscriptRepair(
                                place: SourceText.place(line: blockStart + 1, column: 1),
                                repair:
                                    "a blank line parts the cue identifier '\(block[blockStart])' from its timing line; "
                                    + "read as that cue's identifier"))
                        continue
                    }
                    if !cues.isEmpty {
                        document.repairs.record(
                            TranscriptRepair(
                                place: SourceText.place(line: blockStart + 1, column: 1),
                                repair:
                                    "a blank line parts this text from the cue before it, and no timing line follows; "
                                    + "read as that cue's text"))
                        cues[cues.count - 1].lines += block
                        continue
                    }
                }
                throw .malformed(
                    file: document.source, format: format, place: SourceText.place(line: blockStart + 1, column: 1),
                    expected: "a timing line like \(example(format))", found: "'\(block[blockStart])'")
            }
            // A timing line right after a cue's text, without a blank line, starts the next cue
            // (as YouTube captions saved by some tools have it); in SRT, the index line above it
            // belongs to it.
            while true {
                let (start, end) = try times(in: lines[timing], line: timing + 1, document: document, format: format)
                let next = block[(timing + 1)...].firstIndex(where: isTimingLine)
                var textEnd = next ?? block.endIndex
                if let next, format == .srt, next - 1 > timing, lines[next - 1].allSatisfy(\.isASCIIDigit) {
                    textEnd = next - 1
                }
                cues.append(Cue(start: start, end: end, lines: Array(block[(timing + 1)..<textEnd]), line: timing + 1))
                guard let next else { break }
                timing = next
            }
        }
        return cues
    }

    /// Whether a line is a timing line: a time, `-->` and more.
    private static func isTimingLine(_ line: Substring) -> Bool {
        guard let arrow = line.range(of: "-->") else { return false }
        return time(line[..<arrow.lowerBound].trimmingWhitespace) != nil
    }

    /// Whether a line can be a cue identifier: text without spaces, tags or an arrow (`1`,
    /// `cue-7`, a UUID).
    private static func isIdentifier(_ line: Substring) -> Bool {
        !line.isEmpty && !line.contains { $0.isWhitespace || $0 == "<" } && !line.contains("-->")
    }

    /// The words of cues, de-duplicated and timed as the type's documentation says.
    ///
    /// Karaoke cues (`karaokeWords(of:parsed:repairs:)`) give only their marked words.
    ///
    /// - Parameters:
    ///   - cues: The cues in file order.
    ///   - repairs: Where karaoke runs are logged.
    /// - Returns: The words in order.
    internal static func words(of cues: [Cue], repairs: RepairLog) -> [Word] {
        let parsed = cues.map { cue in
            cue.lines.map(parse).filter { !$0.plain.isEmpty }
        }
        let stampedFile = parsed.contains { $0.contains(where: \.isStamped) }
        let karaoke = karaokeWords(of: cues, parsed: parsed, repairs: repairs)
        var words: [Word] = []
        var previous: [String] = []
        for (index, (cue, lines)) in zip(cues, parsed).enumerated() {
            if let marked = karaoke[index] {
                words += marked
                previous = lines.map(\.plain)
                continue
            }
            let plain = lines.map(\.plain)
            var repeated =
                (0...min(lines.count, previous.count)).last {
                    plain.prefix($0).elementsEqual(previous.suffix($0))
                } ?? 0
            repeated = lines.prefix(repeated).prefix { !$0.isStamped }.count
            if !stampedFile, repeated == lines.count { repeated = 0 }
            previous = plain
            let kept = lines.dropFirst(repeated)
            for (speaker, unstamped) in runsBySpeaker(kept.filter { !$0.isStamped }) {
                words += WordSpreading.words(in: unstamped, start: cue.start, end: cue.end, speaker: speaker)
            }
            for line in kept where line.isStamped {
                for (index, chunk) in line.chunks.enumerated() {
                    let start = chunk.time ?? cue.start
                    let next = index + 1 < line.chunks.count ? line.chunks[index + 1].time ?? cue.end : cue.end
                    words += WordSpreading.words(
                        in: chunk.text, start: start, end: max(start, next), speaker: line.speaker)
                }
            }
        }
        return words
    }

    /// The words of karaoke cues, by cue index: runs of two or more cues that repeat one
    /// sentence and each mark the word being spoken (`<u>`, `<b>`, `<font color=…>`, `<c.…>`;
    /// openai-whisper's `--highlight_words` writes `<u>`), whose marks, read in order, are
    /// the sentence's words. Each marked word is read over its own cue; a cue of the run
    /// without a mark (the pause between two words) gives none. A mark that grows (the
    /// sentence so far highlighted) gives the words it adds. A run whose marks do not spell
    /// its sentence is read as other cues are. Each run is logged.
    private static func karaokeWords(of cues: [Cue], parsed: [[Line]], repairs: RepairLog) -> [Int: [Word]] {
        let sentences = parsed.map { lines in lines.map(\.plain).joined(separator: " ") }
        var result: [Int: [Word]] = [:]
        var runStart = 0
        while runStart < cues.count {
            var runEnd = runStart + 1
            while runEnd < cues.count, sentences[runEnd] == sentences[runStart] { runEnd += 1 }
            defer { runStart = runEnd }
            let run = runStart..<runEnd
            guard run.count > 1, !sentences[runStart].isEmpty,
                !run.contains(where: { parsed[$0].contains(where: \.isStamped) })
            else { continue }
            var spoken: [Int: String] = [:]
            var previousMark: [Substring] = []
            var tokens: [Substring] = []
            for index in run {
                let marks = parsed[index].flatMap(\.marks)
                guard marks.count <= 1 else { break }
                guard let mark = marks.first else { continue }
                let markTokens = WordSpreading.spokenTokens(of: mark)
                let added =
                    markTokens.starts(with: previousMark) && markTokens.count > previousMark.count
                    ? Array(markTokens.dropFirst(previousMark.count)) : markTokens
                previousMark = markTokens
                spoken[index] = added.joined(separator: " ")
                tokens += added
            }
            guard !spoken.isEmpty,
                tokens.map(String.init) == WordSpreading.spokenTokens(of: sentences[runStart]).map(String.init)
            else { continue }
            for index in run {
                let speaker = parsed[index].first?.speaker
                result[index] =
                    spoken[index].map {
                        WordSpreading.words(in: $0, start: cues[index].start, end: cues[index].end, speaker: speaker)
                    } ?? []
            }
            repairs.record(
                TranscriptRepair(
                    place: SourceText.place(line: cues[runStart].line, column: 1),
                    repair: "\(run.count) cues to line \(cues[runEnd - 1].line) repeat one sentence and mark the word "
                        + "spoken in each (karaoke); each marked word read over its own cue"))
        }
        return result
    }

    /// A subtitle time: `hh:mm:ss,mmm`, `hh:mm:ss.mmm` or WebVTT's `mm:ss.mmm`; minutes and
    /// seconds have two digits, hours any number, the fraction is optional.
    ///
    /// - Parameter text: The time's text.
    /// - Returns: Seconds; `nil` when the text is not such a time.
    internal static func time(_ text: some StringProtocol) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let seconds = parts[parts.count - 1].split(
            maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == "." })
        let fields = parts.dropLast() + [seconds[0]]
        guard fields.dropFirst().allSatisfy({ $0.count == 2 }),
            fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
            seconds.count == 1 || (!seconds[1].isEmpty && seconds[1].allSatisfy(\.isASCIIDigit))
        else { return nil }
        let whole = fields.reduce(0) { $0 * 60 + Double($1)! }
        return seconds.count == 1 ? whole : whole + Double("0." + seconds[1])!
    }

    /// Consecutive unstamped lines with the same speaker, joined.
    private static func runsBySpeaker(_ lines: [Line]) -> [(String?, String)] {
        var runs: [(String?, String)] = []
        for line in lines {
            let text = line.chunks.map(\.text).joined()
            if let last = runs.last, last.0 == line.speaker {
                runs[runs.count - 1].1 += " " + text
            } else {
                runs.append((line.speaker, text))
            }
        }
        return runs
    }

    /// Reads a cue line's markup: `<v Name>` voices, inline stamps, other tags (`<c>`, `<i>`,
    /// `<font …>`) and `{\an8}` overrides dropped, character references decoded.
    private static func parse(_ text: Substring) -> Line {
        var line = Line()
        var index = text.startIndex
        // How many marking tags are open around the text being read.
        var marking = 0
        func append(_ decoded: some StringProtocol) {
            line.chunks[line.chunks.count - 1].text += decoded
            if marking > 0 { line.marks[line.marks.count - 1] += decoded }
        }
        while index < text.endIndex {
            let character = text[index]
            if character == "<", let close = text[index...].firstIndex(of: ">") {
                let tag = text[text.index(after: index)..<close]
                if let stamp = time(tag) {
                    line.chunks.append(Chunk(time: stamp))
                } else if tag.hasPrefix("v ") || tag.hasPrefix("v."), let space = tag.firstIndex(of: " ") {
                    line.speaker = tag[space...].trimmingCharacters(in: .whitespaces)
                } else if let opens = markingTag(tag) {
                    if opens {
                        if marking == 0 { line.marks.append("") }
                        marking += 1
                    } else {
                        marking = max(0, marking - 1)
                    }
                }
                index = text.index(after: close)
            } else if character == "{", text[index...].dropFirst().first == "\\",
                let close = text[index...].firstIndex(of: "}")
            {
                index = text.index(after: close)
            } else if character == "&", let (decoded, next) = entity(in: text, at: index) {
                append(decoded)
                index = next
            } else {
                append(String(character))
                index = text.index(after: index)
            }
        }
        if line.chunks.count > 1, line.chunks[0].text.allSatisfy(\.isWhitespace) {
            line.chunks.removeFirst()
        }
        return line
    }

    /// Whether a tag opens (`true`) or closes (`false`) a mark of the word being spoken, as
    /// karaoke subtitles write one: underline, bold, a font colour, a WebVTT class; `nil` for
    /// other tags.
    private static func markingTag(_ tag: Substring) -> Bool? {
        let closes = tag.first == "/"
        let name = tag.dropFirst(closes ? 1 : 0).prefix { $0.isLetter }.lowercased()
        guard ["u", "b", "font", "c"].contains(name) else { return nil }
        if !closes, name == "font", !tag.lowercased().contains("color") { return nil }
        return !closes
    }

    private static let entities: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "#39": "'", "nbsp": " ", "lrm": "", "rlm": "",
    ]

    /// The character reference at `index` (`&amp;`), and the index after it.
    private static func entity(in text: Substring, at index: Substring.Index) -> (String, Substring.Index)? {
        guard let semicolon = text[index...].prefix(8).firstIndex(of: ";"),
            let decoded = entities[text[text.index(after: index)..<semicolon]]
        else { return nil }
        return (decoded, text.index(after: semicolon))
    }

    /// Reads `start --> end [settings]`, checking both times.
    private static func times(
        in line: Substring, line number: Int, document: TranscriptDocument, format: TranscriptFormat
    )
        throws(TranscriptError) -> (Double, Double)
    {
        let arrow = line.range(of: "-->")!
        let column = { (index: Substring.Index) in line.unicodeScalars[line.startIndex..<index].count + 1 }
        let place = { (index: Substring.Index) in SourceText.place(line: number, column: column(index)) }
        let startText = line[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
        let afterArrow = line[arrow.upperBound...]
        let endStart = afterArrow.firstIndex { !$0.isWhitespace } ?? afterArrow.endIndex
        let endText = afterArrow[endStart...].prefix { !$0.isWhitespace }
        let startIndex = line.firstIndex { !$0.isWhitespace } ?? line.startIndex
        guard let start = time(startText) else {
            throw .malformed(
                file: document.source, format: format, place: place(startIndex),
                expected: "a start time like \(example(format).prefix(12))", found: "'\(startText)'")
        }
        guard let end = time(endText) else {
            throw .malformed(
                file: document.source, format: format, place: place(endStart),
                expected: "an end time like \(example(format).suffix(12))",
                found: endText.isEmpty ? "end of line" : "'\(endText)'")
        }
        return try WordTimeRule.check(
            start: start, end: end, file: document.source, format: format, startPlace: { place(startIndex) },
            endPlace: { place(endStart) }, repairs: document.repairs)
    }

    /// A timing line of the format, for messages.
    private static func example(_ format: TranscriptFormat) -> String {
        format == .srt ? "00:00:01,280 --> 00:00:02,620" : "00:00:01.280 --> 00:00:02.620"
    }
}

extension Character {
    /// Whether the character is one of the ASCII digits 0–9.
    internal var isASCIIDigit: Bool { isASCII && isNumber }
}
