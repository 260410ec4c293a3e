/// A transcript's words as comparison tokens, prepared for looking entries up in a
/// `PhraseIndex`.
///
/// Each distinct word text is normalized once (a long transcript repeats its few thousand
/// distinct words many times) and each distinct token is looked up in the index once: its
/// literal id, its child at the root, and which of the root's globs it matches. Words that are
/// only punctuation have no tokens, so phrases match across them; a word with inner dashes or
/// apostrophes has several. An entry that is one word also matches its letters split over two
/// or three consecutive tokens (`motherfucker` matches "mother" "fucker", as some recognizers
/// cut it), when no longer entry matches there.
internal struct MatchingTokens {
    /// What one index knows about each distinct token, computed once per token.
    private struct IndexView {
        let index: PhraseIndex
        /// Each distinct token's literal id, or -1.
        var literals: [Int32] = []
        /// Each distinct token's child of the root through its literal, or -1.
        var rootChildren: [Int32] = []
        /// Each distinct token's children of the root through globs.
        var rootGlobs: [[Int32]] = []
        /// Whether each distinct token can be the first piece of a one-word entry split in pieces.
        var compoundStarts: [Bool] = []
        /// Whether any entry can start with each distinct token.
        var starts: [Bool] = []
        /// Each distinct masked token's mask and the literal ids it admits; `nil` for the
        /// others, and for every token of the exceptions, which a mask never matches: an
        /// exception cannot tell that the hidden word is not the word the recognizer hid.
        var masks: [(mask: MaskedWord, literals: [Int32])?] = []
        /// Whether masked tokens match this index's entries by their shown letters and length.
        let matchesMasks: Bool

        init(index: PhraseIndex, matchesMasks: Bool) {
            self.index = index
            self.matchesMasks = matchesMasks
        }

        /// Adds what the index knows about a new distinct token.
        mutating func add(_ token: String) {
            let literal = index.literalID(of: token) ?? -1
            let child = index.child(of: PhraseIndex.root, literal: literal)
            var globs: [Int32]
            if matchesMasks, let mask = MaskedWord(token: token) {
                let literals = index.literalIDs(admittedBy: mask)
                masks.append((mask, literals))
                globs = index.rootChildren(of: mask, literals: literals).filter { $0 != child }
            } else {
                masks.append(nil)
                globs = index.rootGlobChildren(of: Array(token.unicodeScalars))
            }
            literals.append(literal)
            rootChildren.append(child)
            rootGlobs.append(globs)
            let compound = index.isCompoundPrefix(token)
            compoundStarts.append(compound)
            starts.append(child >= 0 || !globs.isEmpty || compound)
        }
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
    /// The trie nodes reached so far and those reached by the next token, kept between
    /// lookups so that a lookup allocates nothing.
    private var frontier: [Int32] = []
    private var next: [Int32] = []

    /// The number of token positions.
    internal var count: Int { tokens.count }

    /// Tokenizes a transcript's words for a list.
    ///
    /// - Parameters:
    ///   - words: The transcript's words.
    ///   - list: The list whose indexes will be searched.
    /// - Complexity: O(*n*) hash lookups for *n* words, plus normalizing each distinct word once.
    internal init(words: [Word], list: CensorList) {
        censoring = IndexView(index: list.index, matchesMasks: true)
        exceptions = IndexView(index: list.exceptions, matchesMasks: false)
        // Each distinct word text's tokens, as a range of `tokensOfTexts`.
        var textIDs = TextIDs()
        var textRanges: [Range<Int32>] = []
        var tokensOfTexts: [Int32] = []
        var tokenIDs = TextIDs()
        tokens.reserveCapacity(words.count)
        wordOfToken.reserveCapacity(words.count)
        for wordIndex in words.indices {
            let text = words[wordIndex].text
            let range: Range<Int32>
            if let known = textIDs.id(of: text) {
                range = textRanges[Int(known)]
            } else {
                let start = Int32(tokensOfTexts.count)
                for token in comparisonTokens(of: text, foldingDiacritics: list.foldsDiacritics) {
                    if let id = tokenIDs.id(of: token) {
                        tokensOfTexts.append(id)
                        continue
                    }
                    tokensOfTexts.append(tokenIDs.add(token))
                    censoring.add(token)
                    exceptions.add(token)
                }
                range = start..<Int32(tokensOfTexts.count)
                _ = textIDs.add(text)
                textRanges.append(range)
            }
            for position in range {
                tokens.append(tokensOfTexts[Int(position)])
                wordOfToken.append(wordIndex)
            }
        }
        texts = tokenIDs.texts
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
    internal mutating func longestMatch(at start: Int, in kind: Kind, blocked: [Bool]? = nil) -> (
        count: Int, entry: Int
    )? {
        switch kind {
        case .censoring:
            guard censoring.starts[Int(tokens[start])] else { return nil }
            return Self.longestMatch(
                at: start, tokens: tokens, texts: texts, view: censoring, blocked: blocked, frontier: &frontier,
                next: &next)
        case .exceptions:
            guard exceptions.starts[Int(tokens[start])] else { return nil }
            return Self.longestMatch(
                at: start, tokens: tokens, texts: texts, view: exceptions, blocked: blocked, frontier: &frontier,
                next: &next)
        }
    }

    private static func longestMatch(
        at start: Int, tokens: [Int32], texts: [String], view: IndexView, blocked: [Bool]?,
        frontier: inout [Int32], next: inout [Int32]
    ) -> (count: Int, entry: Int)? {
        let index = view.index
        let first = Int(tokens[start])
        frontier.removeAll(keepingCapacity: true)
        if view.rootChildren[first] >= 0 { frontier.append(view.rootChildren[first]) }
        frontier.append(contentsOf: view.rootGlobs[first])
        var best = compoundMatch(at: start, tokens: tokens, texts: texts, view: view, blocked: blocked)
        var position = start
        while true {
            for node in frontier {
                let entry = Int(index.entry(at: node))
                guard entry >= 0 else { continue }
                let length = position - start + 1
                if let current = best, current.count > length || current.count == length && current.entry <= entry {
                    continue
                }
                best = (length, entry)
            }
            position += 1
            guard position < tokens.count, blocked?[position] != true else { break }
            let token = Int(tokens[position])
            let literal = view.literals[token]
            next.removeAll(keepingCapacity: true)
            for node in frontier {
                let child = index.child(of: node, literal: literal)
                if child >= 0 { next.append(child) }
                if let (mask, literals) = view.masks[token] {
                    index.appendMaskedChildren(
                        of: node, mask: mask, literals: literals.filter { $0 != literal }, to: &next)
                } else if index.hasGlobs(node) {
                    index.appendGlobChildren(of: node, scalars: Array(texts[token].unicodeScalars), to: &next)
                }
            }
            guard !next.isEmpty else { break }
            swap(&frontier, &next)
        }
        return best
    }

    /// A one-word entry matching the concatenation of the two or three tokens from `start`,
    /// the longest first; `nil` when none does.
    private static func compoundMatch(
        at start: Int, tokens: [Int32], texts: [String], view: IndexView, blocked: [Bool]?
    ) -> (count: Int, entry: Int)? {
        guard view.compoundStarts[Int(tokens[start])] else { return nil }
        var text = texts[Int(tokens[start])]
        var best: (count: Int, entry: Int)?
        for length in 2...3 {
            let position = start + length - 1
            guard position < tokens.count, blocked?[position] != true else { break }
            text += texts[Int(tokens[position])]
            if let entry = view.index.singleTokenEntry(text) { best = (length, Int(entry)) }
            guard view.index.isCompoundPrefix(text) else { break }
        }
        return best
    }
}
