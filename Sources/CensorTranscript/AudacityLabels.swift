/// Reads an Audacity label track export: `start<TAB>end<TAB>label` lines, times in seconds.
///
/// ```
/// 1.280000	1.630000	damn
/// 10.000000	11.300000	piece of shit
/// \	200.000000	3000.000000
/// ```
///
/// Lines starting with `\` (the spectral selection Audacity writes after a label) and blank lines
/// are skipped. A label of several words becomes several `Word`s sharing the label's time range
/// in proportion to their lengths in characters (`WordSpreading`), so that phrases can match;
/// their times are marked as estimated.
internal enum AudacityLabels: TranscriptReader {
    internal static let detectionRule = "lines of start<TAB>end<TAB>label"

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard let first = SourceText.Lines(text: document.text).first(where: isLabelLine) else { return false }
        return (try? Label(parsing: first)) != nil
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        var words: [Word] = []
        for (index, line) in SourceText.lines(of: document.text).enumerated() where isLabelLine(line) {
            let place = { (column: Int) in SourceText.place(line: index + 1, column: column) }
            let label: Label
            do {
                label = try Label(parsing: line)
            } catch {
                throw TranscriptError.malformed(
                    file: document.source, format: .audacityLabels, place: place(error.column),
                    expected: error.expected, found: error.found)
            }
            try WordTimeRule.check(
                start: label.start, end: label.end, file: document.source, format: .audacityLabels,
                startPlace: { place(1) }, endPlace: { place(label.endColumn) }, repairs: nil)
            words.append(contentsOf: label.words)
        }
        return words
    }

    /// Whether a line holds a label: not blank and not a `\` spectral selection line.
    private static func isLabelLine(_ line: Substring) -> Bool {
        line.first != "\\" && line.contains { !$0.isWhitespace }
    }
}

extension AudacityLabels {
    /// One parsed label line; its times are not yet checked.
    private struct Label {
        /// A line that is not `start<TAB>end[<TAB>label]`.
        struct SyntaxError: Error {
            /// Column in Unicode scalars, from 1.
            var column: Int
            var expected: String
            var found: String
        }

        var start: Double
        var end: Double
        /// Column where the end time starts, for messages.
        var endColumn: Int
        var text: String

        /// Parses a line; trailing whitespace is ignored.
        init(parsing line: Substring) throws(SyntaxError) {
            var scalars = Array(line.unicodeScalars)
            while scalars.last?.properties.isWhitespace == true { scalars.removeLast() }
            var position = 0
            start = try Self.time(in: scalars, at: &position, naming: "a start time in seconds, like 1.25")
            try Self.expectTab(in: scalars, at: &position, before: "the end time")
            endColumn = position + 1
            end = try Self.time(in: scalars, at: &position, naming: "an end time in seconds, like 1.63")
            if position < scalars.count {
                try Self.expectTab(in: scalars, at: &position, before: "the label")
            }
            text = Self.string(scalars[position...])
        }

        /// The label's words, spread over its time range in proportion to their lengths.
        var words: [Word] {
            WordSpreading.words(in: text, start: start, end: end)
        }

        /// Reads a number up to the next tab, space or the end of the line.
        private static func time(in scalars: [Unicode.Scalar], at position: inout Int, naming expected: String)
            throws(SyntaxError) -> Double
        {
            let tokenStart = position
            while position < scalars.count, !scalars[position].properties.isWhitespace { position += 1 }
            let token = string(scalars[tokenStart..<position])
            guard let value = Double(token) else {
                throw SyntaxError(
                    column: tokenStart + 1, expected: expected,
                    found: token.isEmpty ? describe(scalars, at: tokenStart) : "'\(token)'")
            }
            return value
        }

        private static func expectTab(in scalars: [Unicode.Scalar], at position: inout Int, before next: String)
            throws(SyntaxError)
        {
            guard position < scalars.count, scalars[position] == "\t" else {
                throw SyntaxError(
                    column: position + 1, expected: "a tab, then \(next)", found: describe(scalars, at: position))
            }
            position += 1
        }

        private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
            var string = String.UnicodeScalarView()
            string.append(contentsOf: scalars)
            return String(string)
        }

        private static func describe(_ scalars: [Unicode.Scalar], at position: Int) -> String {
            guard position < scalars.count else { return "end of line" }
            switch scalars[position] {
            case "\t": return "a tab"
            case " ": return "a space"
            case let scalar: return "'\(scalar)'"
            }
        }
    }
}
