import Foundation

/// Reads TTML subtitles — DFXP, IMSC, Netflix's and the broadcasters' timed text, and the
/// word-timed lyrics Apple Music writes.
///
/// ```xml
/// <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:tickRate="10000000">
///   <body><div>
///     <p begin="2.680s" end="5.880s">From fairest creatures we desire increase,</p>
///     <p begin="00:00:06.000" end="00:00:07.000"><span begin="00:00:06.000" end="00:00:06.400">Damn</span>
///        <span begin="00:00:06.400" end="00:00:07.000">it</span></p>
///   </div></body>
/// </tt>
/// ```
///
/// `begin`, `end` and `dur` are read on `body`, `div`, `p` and `span`: as given when they lie
/// within the parent's times (Apple Music and most writers give every element absolute times),
/// else as offsets from the parent's begin, as TTML defines them; times are clock times (`00:00:02.680`, or `00:00:02:17` in frames of
/// `ttp:frameRate`, or `1:00.433` and bare seconds `1.683` as Apple Music writes them) or
/// offsets (`2.68s`, `2680ms`, `0.5m`, `67f`, `26800000t` in ticks of `ttp:tickRate`). A paragraph's text is spread over it by length and marked as estimated;
/// a `span` with times of its own is a word (or words) timed by the writer, and untimed text
/// beside such spans (a comma) joins the span before it, and a timed span that follows another
/// with no space between continues its word (Apple Music times syllables: `lin`, `gers`).
/// `<br/>` separates words.
internal enum TTML: TranscriptReader {
    internal static let detectionRule = "XML whose root is <tt> (TTML, DFXP, IMSC)"

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        var rest = Substring(document.text)
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard rest.hasPrefix("<") else { return false }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!") {
                guard let close = rest.firstIndex(of: ">") else { return false }
                rest = rest[rest.index(after: close)...]
                continue
            }
            let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            return name == "tt" || name.hasSuffix(":tt")
        }
    }

    /// An open element with times.
    private struct Element {
        var name: String
        var begin: Double
        var end: Double?
        /// Whether a `span` gave its own begin, so that its text is a timed word.
        var timedSpan: Bool
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let tags: XMLTags
        do {
            tags = try XMLTags(document.text)
        } catch {
            throw .malformed(
                file: document.source, format: .ttml, place: SourceText.place(line: error.line, column: error.column),
                expected: error.expected, found: error.found)
        }
        var rates = Rates()
        var stack: [Element] = []
        var words: [Word] = []
        // The paragraph's untimed text, and whether it held timed spans.
        var paragraphText: [String] = []
        var paragraphHasSpans = false
        // Where the last timed span's end tag ended, and the word count then: a timed span that
        // starts right there, with no space between, continues that word (Apple Music times
        // syllables: "lin" "gers").
        var lastSpanEnd: (line: Int, column: Int, words: Int)?
        var spanContinues = false
        for (item, line, column) in tags.items {
            let place = { SourceText.place(line: line, column: column) }
            switch item {
            case let .start(name, attributes):
                let local = localName(name)
                if local == "tt" { rates = try Rates(attributes, document: document, place: place) }
                if local == "br" { paragraphText.append(" ") }
                let parent = stack.last
                let parentBegin = parent?.begin ?? 0
                func time(_ key: String) throws(TranscriptError) -> Double? {
                    guard let text = attributes[key] else { return nil }
                    guard let seconds = rates.seconds(text) else {
                        throw .malformed(
                            file: document.source, format: .ttml, place: place(),
                            expected: "a \(key) time like 00:00:01.280, 1.28s or 12800000t", found: "'\(text)'")
                    }
                    return seconds
                }
                let givenBegin = try time("begin"), givenEnd = try time("end")
                // Times that lie within the parent's as given are absolute, as Apple Music and
                // most writers mean them; others are offsets from the parent's begin, as TTML
                // defines them.
                let absolute =
                    parentBegin == 0
                    || (givenBegin ?? parentBegin) >= parentBegin
                        && (givenEnd ?? givenBegin ?? parentBegin) <= (parent?.end ?? .infinity)
                let offset = absolute ? 0 : parentBegin
                let begin = givenBegin.map { offset + $0 } ?? parentBegin
                var end = givenEnd.map { offset + $0 }
                if end == nil, let duration = try time("dur") { end = begin + duration }
                if let parentEnd = parent?.end { end = min(end ?? parentEnd, parentEnd) }
                let timedSpan = local == "span" && attributes["begin"] != nil
                if timedSpan {
                    paragraphHasSpans = true
                    spanContinues =
                        lastSpanEnd.map { $0.line == line && $0.column == column && $0.words == words.count } ?? false
                }
                if local == "p" {
                    paragraphText = []
                    paragraphHasSpans = false
                }
                stack.append(Element(name: local, begin: begin, end: end, timedSpan: timedSpan))
            case let .end(name):
                guard let element = stack.popLast() else { continue }
                if element.timedSpan { lastSpanEnd = (line, column + name.unicodeScalars.count + 3, words.count) }
                guard localName(name) == "p" else { continue }
                let text = paragraphText.joined()
                if paragraphHasSpans {
                    if !words.isEmpty, text.contains(where: { !$0.isWhitespace }) {
                        words[words.count - 1].text += text.trimmingCharacters(in: .whitespaces)
                    }
                } else if let end = element.end {
                    let times = try WordTimeRule.check(
                        start: element.begin, end: end, file: document.source, format: .ttml, startPlace: place,
                        endPlace: place, repairs: document.repairs)
                    words += WordSpreading.words(in: text, start: times.start, end: times.end)
                }
                paragraphText = []
            case let .text(text):
                guard let element = stack.last else { continue }
                if element.timedSpan, let end = element.end {
                    let times = try WordTimeRule.check(
                        start: element.begin, end: end, file: document.source, format: .ttml, startPlace: place,
                        endPlace: place, repairs: document.repairs)
                    if spanContinues, !words.isEmpty, !text.hasPrefix(" ") {
                        words[words.count - 1].text += text.trimmingCharacters(in: .whitespaces)
                        words[words.count - 1].end = max(words[words.count - 1].end, times.end)
                    } else {
                        words += WordSpreading.words(in: text, start: times.start, end: times.end)
                    }
                    spanContinues = false
                } else if stack.contains(where: { $0.name == "p" }) {
                    paragraphText.append(text)
                }
            }
        }
        return words
    }

    /// A name without its namespace prefix: `tt:p` is `p`.
    private static func localName(_ name: String) -> String {
        name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }

    /// The document's frame and tick rates, for times in frames and ticks.
    private struct Rates {
        var frameRate = 30.0
        var tickRate = 1.0

        init() {}

        init(_ attributes: [String: String], document: TranscriptDocument, place: () -> String) throws(TranscriptError)
        {
            func rate(_ key: String) throws(TranscriptError) -> Double? {
                guard let text = attributes.first(where: { TTML.localName($0.key) == key })?.value else { return nil }
                guard let value = Double(text.trimmingWhitespace), value > 0 else {
                    throw .malformed(
                        file: document.source, format: .ttml, place: place(), expected: "a positive \(key)",
                        found: "'\(text)'")
                }
                return value
            }
            frameRate = try rate("frameRate") ?? 30
            if let multiplier = attributes.first(where: { TTML.localName($0.key) == "frameRateMultiplier" })?.value {
                let parts = multiplier.split(separator: " ").compactMap { Double($0) }
                if parts.count == 2, parts[1] > 0 { frameRate *= parts[0] / parts[1] }
            }
            tickRate =
                try rate("tickRate") ?? (attributes.keys.contains { TTML.localName($0) == "frameRate" } ? frameRate : 1)
        }

        /// A TTML time expression in seconds, or `nil` when it is not one.
        func seconds(_ text: String) -> Double? {
            let text = text.trimmingWhitespace
            if text.contains(":") {
                // hh:mm:ss(.fff), hh:mm:ss:ff in frames, or Apple Music's m:ss.fff.
                let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
                guard (2...4).contains(parts.count), !parts.contains(nil) else { return nil }
                let values = parts.map { $0! }
                if values.count == 2 { return values[0] * 60 + values[1] }
                let frames = values.count == 4 ? values[3] / frameRate : 0
                return values[0] * 3600 + values[1] * 60 + values[2] + frames
            }
            // A bare number is seconds, as Apple Music writes them.
            if let seconds = Double(text) { return seconds }
            for (metric, scale) in [
                ("ms", 0.001), ("h", 3600), ("m", 60), ("s", 1), ("f", 1 / frameRate), ("t", 1 / tickRate),
            ]
            where text.hasSuffix(metric) {
                guard let value = Double(text.dropLast(metric.count)) else { return nil }
                return value * scale
            }
            return nil
        }
    }
}
