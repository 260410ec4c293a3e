/// A transcript's words as comparison tokens, prepared for looking entries up in a
/// `PhraseIndex`.
///
/// Each distinct word text is normalized once (a long transcript repeats its few thousand
/// distinct words many times) and each distinct token is looked up in the index once: its
/// literal id, and which of the root's globs it matches. Words that are only punctuation have no
/// tokens, so phrases match across them; a word with inner dashes has several.
internal struct MatchingTokens {
    /// What one index knows about each distinct token.
    private struct IndexView {
        let index: PhraseIndex
        /// Each distinct token's literal id, or -1.
        var literals: [Int32] = []
        /// Each distinct token's root glob children, once asked for.
        var rootGlobs: [[Int32]?] = []
    }

    /// Which index a lookup uses.
    internal enum Kind {
        case censoring
        case exceptions
    }

    /// The distinct token of each position.
    private var tokens: [Int32] = []
    /// The word each position belongs to.
    internal private(set) var wordOfToken: [Int] = []
    /// The distinct tokens' texts.
    private var texts: [String] = []
    private var censoring: IndexView
    private var exceptions: IndexView

    /// The number of token positions.
    internal var count: Int { tokens.count }

    /// Tokenizes a transcript's words for a list.
    ///
    /// - Parameters:
    ///   - words: The transcript's words.
    ///   - list: The list whose indexes will be searched.
    /// - Complexity: O(*n*) hash lookups for *n* words, plus normalizing each distinct word once.
    internal init(words: [Word], list: CensorList) {
        censoring = IndexView(index: list.index)
        exceptions = IndexView(index: list.exceptions)
        var idsOfText: [String: [Int32]] = [:]
        var idOfToken: [String: Int32] = [:]
        tokens.reserveCapacity(words.count)
        wordOfToken.reserveCapacity(words.count)
        for (wordIndex, word) in words.enumerated() {
            let ids: [Int32]
            if let known = idsOfText[word.text] {
                ids = known
            } else {
                ids = comparisonTokens(of: word.text, foldingDiacritics: list.foldsDiacritics).map { token in
                    if let id = idOfToken[token] { return id }
                    let id = Int32(texts.count)
                    idOfToken[token] = id
                    texts.append(token)
                    censoring.literals.append(censoring.index.literalID(of: token) ?? -1)
                    exceptions.literals.append(exceptions.index.literalID(of: token) ?? -1)
                    return id
                }
                idsOfText[word.text] = ids
            }
            for id in ids {
                tokens.append(id)
                wordOfToken.append(wordIndex)
            }
        }
        censoring.rootGlobs = Array(repeating: nil, count: texts.count)
        exceptions.rootGlobs = censoring.rootGlobs
    }

    /// The longest entry of an index whose tokens match the tokens from a position.
    ///
    /// - Parameters:
    ///   - start: The first position.
    ///   - kind: Which index to search.
    ///   - blocked: Positions an entry may not cover (words protected by exceptions).
    /// - Returns: How many positions the entry covers and its index in the list; of entries of
    ///   the same length, the first in the list.
    /// - Complexity: O(*k*·*b*) for entries of at most *k* tokens and *b* glob branches.
    internal mutating func longestMatch(at start: Int, in kind: Kind, blocked: [Bool]? = nil) -> (count: Int, entry: Int)? {
        switch kind {
        case .censoring: Self.longestMatch(at: start, tokens: tokens, texts: texts, view: &censoring, blocked: blocked)
        case .exceptions: Self.longestMatch(at: start, tokens: tokens, texts: texts, view: &exceptions, blocked: blocked)
        }
    }

    private static func longestMatch(
        at start: Int, tokens: [Int32], texts: [String], view: inout IndexView, blocked: [Bool]?
    ) -> (count: Int, entry: Int)? {
        let first = Int(tokens[start])
        let literal = view.literals[first]
        let literalChild = literal >= 0 ? view.index.rootLiteralChild(literal) : nil
        if view.rootGlobs[first] == nil {
            view.rootGlobs[first] = view.index.rootGlobChildren(of: Array(texts[first].unicodeScalars))
        }
        let globChildren = view.rootGlobs[first] ?? []
        guard literalChild != nil || !globChildren.isEmpty else { return nil }
        var frontier = globChildren
        if let literalChild { frontier.insert(literalChild, at: 0) }
        var best: (count: Int, entry: Int)?
        var position = start
        while true {
            for node in frontier {
                guard let entry = view.index.entry(at: node) else { continue }
                let length = position - start + 1
                if let current = best, current.count == length, current.entry <= entry { continue }
                best = (length, entry)
            }
            position += 1
            guard position < tokens.count, blocked?[position] != true else { break }
            let token = Int(tokens[position])
            let nextLiteral = view.literals[token]
            var next: [Int32] = []
            for node in frontier {
                view.index.appendChildren(
                    of: node, literal: nextLiteral >= 0 ? nextLiteral : nil,
                    scalars: { Array(texts[token].unicodeScalars) }, to: &next)
            }
            guard !next.isEmpty else { break }
            frontier = next
        }
        return best
    }
}
