extension StringProtocol {
    /// The text without leading and trailing whitespace and line ends, as a slice of it.
    package var trimmingWhitespace: SubSequence {
        if let trimmed = asciiTrimmingWhitespace { return trimmed }
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return self[endIndex...] }
        return self[first...last]
    }

    /// `trimmingWhitespace` for ASCII text, byte by byte: there every character is one byte
    /// (or CR LF) and the whitespace characters are tab, line feed, vertical tab, form feed,
    /// carriage return and space. `nil` when the text is not all ASCII.
    private var asciiTrimmingWhitespace: SubSequence? {
        let bytes = utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var first: String.Index?
        var last = endIndex
        for index in bytes.indices where bytes[index] != 0x20 && !(0x09...0x0D).contains(bytes[index]) {
            if first == nil { first = index }
            last = index
        }
        guard let first else { return self[endIndex...] }
        return self[first...last]
    }
}
