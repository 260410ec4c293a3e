/// Reads a Praat TextGrid in the long or the short text format, as Praat and the Montreal
/// Forced Aligner write it (UTF-8, or UTF-16 with a byte-order mark, which `SourceText` decodes).
///
/// ```
/// File type = "ooTextFile"
/// Object class = "TextGrid"
///
/// xmin = 0
/// xmax = 8.0
/// tiers? <exists>
/// size = 2
/// item []:
///     item [1]:
///         class = "IntervalTier"
///         name = "words"
///         xmin = 0
///         xmax = 8.0
///         intervals: size = 3
///         intervals [1]:
///             xmin = 0
///             xmax = 1.28
///             text = ""
///         …
/// ```
///
/// Both formats are the same sequence of numbers, quoted strings (`""` escapes a quote) and
/// `<exists>` flags; the long one adds labels (`xmin =`, `item [1]:`) that the reader skips, as
/// Praat does. Word tiers are chosen by `AlignerTiers` (`words`, or `<speaker> - words` per
/// speaker); point tiers are skipped; blank intervals are skipped; an interval holding several
/// words is spread over its time (`WordSpreading`). A word interval of no length (a word the
/// aligner could not place, as MFA leaves some) is estimated over the gap between its aligned
/// neighbours (`WordSpreading.gap(between:and:)`), never read as a point, and logged.
internal enum TextGrid: TranscriptReader {
    internal static let detectionRule = #"File type = "ooTextFile" and Object class = "TextGrid""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        document.text.trimmingWhitespace.hasPrefix(#"File type = "ooTextFile""#)
            && document.text.prefix(200).contains(#""TextGrid""#)
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        var tokens = Tokens(document: document)
        guard try tokens.string("the file type \"ooTextFile\"") == "ooTextFile" else {
            throw tokens.malformed(expected: #"the file type "ooTextFile""#, at: tokens.last)
        }
        guard try tokens.string(#"the object class "TextGrid""#) == "TextGrid" else {
            throw tokens.malformed(expected: #"the object class "TextGrid""#, at: tokens.last)
        }
        _ = try tokens.number("the TextGrid's xmin")
        _ = try tokens.number("the TextGrid's xmax")
        guard try tokens.flag("<exists> or <absent>") == "exists" else { return [] }
        let tierCount = try tokens.count("the number of tiers")
        var tiers: [(name: String, intervals: [Interval], span: ClosedRange<Double>)] = []
        for tier in 1..<(tierCount + 1) {
            let tierClass = try tokens.string("a tier class (\"IntervalTier\" or \"TextTier\")")
            let name = try tokens.string("the name of tier \(tier)")
            let tierStart = try tokens.number("the xmin of tier \(tier)")
            let tierEnd = try tokens.number("the xmax of tier \(tier)")
            let count = try tokens.count("the number of items in tier \(tier)")
            var intervals: [Interval] = []
            for item in 1..<(count + 1) {
                switch tierClass {
                case "IntervalTier":
                    let (start, startToken) = try tokens.numberToken("the xmin of interval \(item) of tier \(tier)")
                    let (end, endToken) = try tokens.numberToken("the xmax of interval \(item) of tier \(tier)")
                    let text = try tokens.string("the text of interval \(item) of tier \(tier)")
                    let times = try WordTimeRule.check(
                        start: start, end: end, file: document.source, format: .textGrid,
                        startPlace: { startToken.place }, endPlace: { endToken.place }, repairs: document.repairs)
                    intervals.append(Interval(start: times.start, end: times.end, text: text, place: startToken.place))
                case "TextTier":
                    _ = try tokens.number("the time of point \(item) of tier \(tier)")
                    _ = try tokens.string("the mark of point \(item) of tier \(tier)")
                default:
                    throw tokens.malformed(expected: #"a tier class "IntervalTier" or "TextTier""#, at: tokens.last)
                }
            }
            if tierClass == "IntervalTier" {
                tiers.append((name, intervals, tierStart...max(tierStart, tierEnd)))
            }
        }
        let names = tiers.map(\.name)
        guard let chosen = AlignerTiers.wordTiers(among: names, named: document.tier) else {
            throw TranscriptError.malformed(
                file: document.source, format: .textGrid, place: "tiers",
                expected: AlignerTiers.expected(named: document.tier),
                found: AlignerTiers.describe(names))
        }
        return AlignerTiers.merged(
            chosen.map { choice in
                let tierWords =
                    tiers.first { $0.name == choice.name }.map {
                        Self.words(of: $0.intervals, within: $0.span, repairs: document.repairs)
                    } ?? []
                return tierWords.map { word in
                    var word = word
                    word.speaker = choice.speaker
                    return word
                }
            })
    }
}

extension TextGrid {
    /// One interval of a tier, its times checked.
    private struct Interval {
        var start: Double
        var end: Double
        var text: String
        /// Where its xmin is, for repairs.
        var place: String

        var isWord: Bool { text.contains { !$0.isWhitespace } }
    }

    /// A tier's words: each interval's words spread over it, and each run of word intervals of
    /// no length spread over the gap its aligned neighbours (or the tier's ends) leave.
    private static func words(of intervals: [Interval], within tier: ClosedRange<Double>, repairs: RepairLog) -> [Word]
    {
        var words: [Word] = []
        var index = 0
        while index < intervals.count {
            let interval = intervals[index]
            guard interval.isWord, interval.end == interval.start else {
                words += WordSpreading.words(in: interval.text, start: interval.start, end: interval.end)
                index += 1
                continue
            }
            var runEnd = index + 1
            while runEnd < intervals.count, intervals[runEnd].end == intervals[runEnd].start { runEnd += 1 }
            let run = intervals[index..<runEnd].filter(\.isWord)
            let previous = words.last ?? Word(text: "", start: tier.lowerBound, end: tier.lowerBound)
            let next =
                intervals[runEnd...].first { $0.isWord && $0.end > $0.start }
                .map { Word(text: $0.text, start: $0.start, end: $0.end) }
                ?? Word(text: "", start: tier.upperBound, end: tier.upperBound)
            let gap = WordSpreading.gap(between: previous, and: next)
            for var word in WordSpreading.words(
                in: run.map(\.text).joined(separator: " "), start: gap.start, end: gap.end)
            {
                word.isTimeEstimated = true
                words.append(word)
            }
            repairs.record(
                TranscriptRepair(
                    place: interval.place,
                    repair:
                        "'\(run.map(\.text).joined(separator: " "))' has no length (a word the aligner did not place); "
                        + "estimated over \(WordTimeRule.describe(gap.start))–\(WordTimeRule.describe(gap.end)) s, "
                        + "between its aligned neighbours"))
            index = runEnd
        }
        return words
    }
}

extension TextGrid {
    /// A token of a Praat text file, with its place for messages.
    fileprivate struct Token {
        enum Kind: Equatable {
            case number(Double)
            case string(String)
            case flag(String)
            case end
        }

        var kind: Kind
        var line: Int
        var column: Int

        var place: String { SourceText.place(line: line, column: column) }

        var description: String {
            switch kind {
            case .number(let value): "the number \(value)"
            case .string(let text): "the text \"\(text)\""
            case .flag(let flag): "<\(flag)>"
            case .end: "end of file"
            }
        }
    }

    /// Reads the numbers, strings and flags of a Praat text file, skipping labels (`xmin =`),
    /// bracketed indices (`[1]`) and `!` comments.
    fileprivate struct Tokens {
        private let scalars: [Unicode.Scalar]
        private let source: String
        private var index = 0
        private var line = 1
        private var column = 1
        /// The token read last, for messages about its value.
        private(set) var last = Token(kind: .end, line: 1, column: 1)

        init(document: TranscriptDocument) {
            scalars = Array(document.text.unicodeScalars)
            source = document.source
        }

        func malformed(expected: String, at token: Token) -> TranscriptError {
            .malformed(
                file: source, format: .textGrid, place: token.place, expected: expected, found: token.description)
        }

        mutating func string(_ expected: String) throws(TranscriptError) -> String {
            let token = next()
            guard case .string(let text) = token.kind else {
                throw malformed(expected: "a quoted string (\(expected))", at: token)
            }
            return text
        }

        mutating func number(_ expected: String) throws(TranscriptError) -> Double {
            try numberToken(expected).0
        }

        mutating func numberToken(_ expected: String) throws(TranscriptError) -> (Double, Token) {
            let token = next()
            guard case .number(let value) = token.kind else {
                throw malformed(expected: "a number (\(expected))", at: token)
            }
            return (value, token)
        }

        mutating func count(_ expected: String) throws(TranscriptError) -> Int {
            let (value, token) = try numberToken(expected)
            guard value >= 0, value == value.rounded(), value < Double(Int32.max) else {
                throw malformed(expected: "a whole number (\(expected))", at: token)
            }
            return Int(value)
        }

        mutating func flag(_ expected: String) throws(TranscriptError) -> String {
            let token = next()
            guard case .flag(let flag) = token.kind else { throw malformed(expected: expected, at: token) }
            return flag
        }

        private mutating func next() -> Token {
            while index < scalars.count {
                let scalar = scalars[index]
                let start = (line, column)
                switch scalar {
                case "\"":
                    advance()
                    var text = String.UnicodeScalarView()
                    while index < scalars.count {
                        if scalars[index] == "\"" {
                            advance()
                            guard index < scalars.count, scalars[index] == "\"" else { break }
                        }
                        text.append(scalars[index])
                        advance()
                    }
                    last = Token(kind: .string(String(text)), line: start.0, column: start.1)
                    return last
                case "<":
                    let word = skipWord()
                    last = Token(
                        kind: .flag(String(word.dropFirst().prefix { $0 != ">" })), line: start.0, column: start.1)
                    return last
                case "!":
                    while index < scalars.count, scalars[index] != "\n" { advance() }
                case "[":
                    while index < scalars.count, scalars[index] != "]" { advance() }
                case "-", "+", ".", "0"..."9":
                    let word = skipWord()
                    if let value = Double(word) {
                        last = Token(kind: .number(value), line: start.0, column: start.1)
                        return last
                    }
                default:
                    if scalar.properties.isWhitespace { advance() } else { _ = skipWord() }
                }
            }
            last = Token(kind: .end, line: line, column: column)
            return last
        }

        /// Skips to the next whitespace, returning what was skipped.
        private mutating func skipWord() -> String {
            var word = String.UnicodeScalarView()
            while index < scalars.count, !scalars[index].properties.isWhitespace {
                word.append(scalars[index])
                advance()
            }
            return String(word)
        }

        private mutating func advance() {
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
    }
}
