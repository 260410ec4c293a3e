/// A trie of censor-list entries over their normalized tokens, for matching in linear time.
///
/// The root's children are the dictionary from an entry's first token to the entries that start
/// with it; each deeper level extends the phrase by one token. Looking up the longest entry at a
/// transcript position costs at most one dictionary lookup per token of the longest entry.
internal struct PhraseIndex: Sendable {
    /// One trie node: the next tokens, and the entry that ends here, if any.
    private struct Node: Sendable {
        var children: [String: Int] = [:]
        var pattern: String?
    }

    /// The nodes; `nodes[0]` is the root.
    private var nodes: [Node] = [Node()]

    /// Creates an empty index.
    internal init() {}

    /// Adds an entry. When two entries have the same tokens, the first one added is kept.
    ///
    /// - Parameters:
    ///   - tokens: The entry's normalized tokens; an empty array is ignored, as it matches nothing.
    ///   - pattern: The entry as the list wrote it.
    internal mutating func insert(tokens: [String], pattern: String) {
        guard !tokens.isEmpty else { return }
        var node = 0
        for token in tokens {
            if let child = nodes[node].children[token] {
                node = child
            } else {
                nodes.append(Node())
                nodes[node].children[token] = nodes.count - 1
                node = nodes.count - 1
            }
        }
        if nodes[node].pattern == nil {
            nodes[node].pattern = pattern
        }
    }

    /// The longest entry whose tokens equal `tokens[start...]`'s first tokens.
    ///
    /// - Parameters:
    ///   - tokens: Normalized transcript tokens.
    ///   - start: Where the entry must begin.
    /// - Returns: How many tokens the entry covers and its pattern, or `nil` when none matches.
    /// - Complexity: O(*k*), where *k* is the number of tokens in the longest entry.
    internal func longestMatch(in tokens: [String], from start: Int) -> (count: Int, pattern: String)? {
        var node = 0
        var best: (count: Int, pattern: String)?
        var position = start
        while position < tokens.count, let child = nodes[node].children[tokens[position]] {
            node = child
            position += 1
            if let pattern = nodes[node].pattern {
                best = (position - start, pattern)
            }
        }
        return best
    }
}
