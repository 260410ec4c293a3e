import Foundation

/// One word of a generated transcript.
struct GeneratedWord {
    /// As a recognizer writes it: leading space, attached punctuation.
    var text: String
    var start: Double
    var end: Double
    /// Whether the censor list matches it (end-to-end layouts only).
    var listed = false
}

/// Appends text and numbers to a byte buffer quickly (a million words' transcript in well under
/// a second, where `String(format:)` would take several).
struct ByteWriter {
    var bytes: [UInt8] = []

    var data: Data { Data(bytes) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ text: Substring) { bytes.append(contentsOf: text.utf8) }

    /// A JSON string literal (quotes and backslashes escaped; the generated text has no control
    /// characters).
    mutating func appendJSONString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func append(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes.append(contentsOf: digits.reversed())
    }

    /// `h:mm:ss.mmm` as subtitles write times (hours with as many digits as they need, two at
    /// least), with `decimalSeparator` before the milliseconds (`,` in SRT, `.` in WebVTT).
    mutating func appendClock(_ seconds: Double, decimalSeparator: Character) {
        let milliseconds = Int((seconds * 1000).rounded())
        let hours = milliseconds / 3_600_000
        if hours < 10 { append("0") }
        append(hours)
        for (value, separator) in [(milliseconds / 60_000 % 60, ":"), (milliseconds / 1000 % 60, ":")] {
            append(separator)
            if value < 10 { append("0") }
            append(value)
        }
        append(String(decimalSeparator))
        let fraction = milliseconds % 1000
        append(fraction < 10 ? "00" : fraction < 100 ? "0" : "")
        append(fraction)
    }

    /// A non-negative decimal with exactly `places` digits after the point.
    mutating func append(_ value: Double, places: Int) {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * Double(scale)).rounded())
        append(scaled / scale)
        guard places > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var fraction = scaled % scale
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: places)
        for index in stride(from: places - 1, through: 0, by: -1) {
            digits[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
        }
        bytes.append(contentsOf: digits)
    }
}

/// A large synthetic vocabulary, a 10,000-entry censor list over it and million-word
/// transcripts that hit the list the way real speech does: mostly unlisted common words, a few
/// per cent listed words, phrases and words a glob would catch; some capitalized, some with
/// punctuation attached, some not ASCII.
///
/// Unlisted and listed words are built from disjoint syllables, so which words are listed is
/// certain, and matching does the same work every run.
struct MatchingCorpus {
    /// Unlisted words, most common first.
    let vocabulary: [String]
    /// Listed single words.
    let listedWords: [String]
    /// Listed phrases of two or three of the 300 commonest unlisted words ("piece of crap").
    let phrases: [[String]]
    /// Stems of the listed globs (`stem*`).
    let globStems: [String]

    /// The censor list's entries: 6,000 words, 3,000 phrases, 1,000 globs, 10,000 in all.
    var listEntries: [String] {
        var entries: [String] = []
        entries.reserveCapacity(listedWords.count + phrases.count + globStems.count)
        for index in 0..<max(listedWords.count, phrases.count, globStems.count) {
            if index < listedWords.count { entries.append(listedWords[index]) }
            if index < phrases.count { entries.append(phrases[index].joined(separator: " ")) }
            if index < globStems.count { entries.append(globStems[index] + "*") }
        }
        return entries
    }

    /// The list as a censor list file.
    var listText: String { "# generated: 10,000 entries\n" + listEntries.joined(separator: "\n") + "\n" }

    init() {
        let plain = Self.syllables(consonants: ["b", "d", "f", "g", "l", "m", "n", "p", "r", "s", "t", "v", "c"])
        let marked = Self.syllables(consonants: ["k", "z", "x", "j", "w", "h", "y"])
        // 65 plain syllables: words of two syllables and up, so no word is a single syllable.
        vocabulary = (0..<5_000).map { Self.word(number: $0 + plain.count, syllables: plain) }
        listedWords = (0..<6_000).map { Self.word(number: $0 + marked.count * marked.count, syllables: marked) }
        var random = SeededRandom(seed: 42)
        phrases = (0..<3_000).map { index in
            (0..<(index % 3 == 0 ? 3 : 2)).map { _ in
                Self.word(number: random.below(300) + plain.count, syllables: plain)
            }
        }
        globStems = (0..<1_000).map { "sh" + Self.word(number: $0 + marked.count, syllables: marked) }
    }

    /// `count` transcript words, 0.4 s apart.
    func transcriptWords(count: Int, seed: UInt64 = 7) -> [GeneratedWord] {
        var random = SeededRandom(seed: seed)
        var words: [String] = []
        words.reserveCapacity(count + 2)
        let suffixes = ["", "ing", "ed", "er", "s"]
        while words.count < count {
            let draw = random.unit()
            if draw < 0.02 {
                words.append(listedWords[random.below(listedWords.count)])
            } else if draw < 0.03 {
                words.append(contentsOf: phrases[random.below(phrases.count)])
            } else if draw < 0.04 {
                words.append(globStems[random.below(globStems.count)] + suffixes[random.below(suffixes.count)])
            } else {
                // Skewed to the common words, as speech is.
                let common = Int(pow(random.unit(), 3) * Double(vocabulary.count))
                words.append(random.below(200) == 0 ? vocabulary[common] + "é" : vocabulary[common])
            }
        }
        var result: [GeneratedWord] = []
        result.reserveCapacity(count)
        var capitalize = true
        for (index, word) in words.prefix(count).enumerated() {
            var text = capitalize ? word.prefix(1).uppercased() + word.dropFirst() : word
            capitalize = false
            switch random.below(12) {
            case 0: text += ","
            case 1: text += "."; capitalize = true
            default: break
            }
            let start = Double(index) * 0.4 + 0.05
            result.append(GeneratedWord(text: " " + text, start: start, end: start + 0.3))
        }
        return result
    }

    private static func syllables(consonants: [String]) -> [String] {
        consonants.flatMap { consonant in ["a", "e", "i", "o", "u"].map { consonant + $0 } }
    }

    /// `number` written in base `syllables.count` with syllables as digits.
    private static func word(number: Int, syllables: [String]) -> String {
        var number = number
        var parts: [String] = []
        repeat {
            parts.append(syllables[number % syllables.count])
            number /= syllables.count
        } while number > 0
        return parts.reversed().joined()
    }
}
