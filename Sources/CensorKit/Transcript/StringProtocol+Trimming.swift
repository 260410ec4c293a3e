extension StringProtocol {
    /// The text without leading and trailing whitespace and line ends, as a slice of it.
    internal var trimmingWhitespace: SubSequence {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return self[endIndex...] }
        return self[first...last]
    }
}
