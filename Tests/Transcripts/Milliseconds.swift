import CensorTranscript

/// Words as `text@start-end` in whole milliseconds, for comparing a reader's times with a
/// fixture's to the millisecond (sums such as offset + duration need not be bit-exact).
package enum Milliseconds {
    package static func timeline(_ words: [Word]) -> [String] {
        words.map { "\($0.text)@\(Int(($0.start * 1000).rounded()))-\(Int(($0.end * 1000).rounded()))" }
    }
}
