/// A trie of censor-list entries over their tokens, for matching in linear time.
///
/// Each node leads on to children by the next literal token (by its id in `literalIDs`) and by
/// the globs it holds. Looking up the longest entry at a transcript position walks the trie
/// along the following tokens, following every glob that matches, so its cost depends on the
/// longest entry's length and the globs' branching, not on the number of entries. The root's
/// globs are bucketed by their literal prefix (`shit` for `shit*`), or else by their last
/// literal scalar, so that a word is tested only against globs that could match it;
/// `MatchingTokens` asks once per distinct word.
///
/// The trie is stored flat, for a walk that neither hashes strings nor copies nodes: one table
/// of literal edges keyed by node and literal id, an entry per node and a glob list per node.
internal struct PhraseIndex: Sendable {
    /// The entry ending at each node: the first one inserted with its tokens; -1 for none.
    private var entries: [Int32] = [-1]
    /// The globs leading on from each node, with the child each leads to.
    private var globs: [[(glob: Glob, child: Int32)]] = [[]]
    /// The child each (node, glob text) leads to, so that adding a glob does not search the
    /// node's list: loading *n* globs is linear, not quadratic.
    private var globEdges: [GlobEdge: Int32] = [:]
    /// Literal edges: (node, literal id) → child.
    private var edges = EdgeTable()
    /// The id of each literal token of any entry.
    private var literalIDs: [String: Int32] = [:]
    /// Indices into the root's globs by literal prefix (the scalars before the first wildcard),
    /// with the lengths in scalars that those prefixes have; by last literal scalar for those
    /// starting with a wildcard; by their first literal scalar for those with a wildcard at
    /// both ends (`*shit*`: a word must contain an `s`); and the rest.
    private var rootGlobsByPrefix: [String: [Int]] = [:]
    private var rootGlobPrefixLengths: Set<Int> = []
    private var rootGlobsByLast: [Unicode.Scalar: [Int]] = [:]
    private var rootGlobsByContained: [Unicode.Scalar: [Int]] = [:]
    private var rootGlobsElse: [Int] = []
    /// The proper prefixes, of two scalars or more, of the entries that are one literal token,
    /// for matching such an entry against a word a recognizer split in two or three
    /// (`motherfucker` against "mother" "fucker").
    private var compoundPrefixes: Set<String> = []

    /// The root node's index, where every lookup starts.
    internal static let root: Int32 = 0

    /// Creates an empty index.
    internal init() {}

    /// Adds an entry. When two entries have the same tokens, the first one added is kept.
    ///
    /// - Parameters:
    ///   - tokens: The entry's tokens; an empty array is ignored, as it matches nothing.
    ///   - entry: The entry's index in its list.
    internal mutating func insert(_ tokens: [PatternToken], entry: Int) {
        guard !tokens.isEmpty else { return }
        var node: Int32 = Self.root
        for token in tokens {
            switch token {
            case .literal(let text):
                let id = literalIDs[text] ?? Int32(literalIDs.count)
                literalIDs[text] = id
                let existing = edges[node, id]
                if existing >= 0 {
                    node = existing
                } else {
                    let child = addNode()
                    edges[node, id] = child
                    node = child
                }
            case .glob(let glob):
                let edge = GlobEdge(node: node, text: glob.text)
                if let existing = globEdges[edge] {
                    node = existing
                } else {
                    let child = addNode()
                    if node == Self.root { bucket(glob, at: globs[0].count) }
                    globs[Int(node)].append((glob, child))
                    globEdges[edge] = child
                    node = child
                }
            }
        }
        if entries[Int(node)] < 0 {
            entries[Int(node)] = Int32(entry)
        }
        if tokens.count == 1, case .literal(let text) = tokens[0], text.unicodeScalars.count >= 4 {
            let scalars = Array(text.unicodeScalars)
            for length in 2..<scalars.count {
                compoundPrefixes.insert(String(String.UnicodeScalarView(scalars[..<length])))
            }
        }
    }

    /// Whether a text is a proper prefix of an entry that is one literal token: a transcript
    /// token that may be the first piece of a split word.
    internal func isCompoundPrefix(_ text: String) -> Bool {
        compoundPrefixes.contains(text)
    }

    /// The entry that is exactly this one literal token, or `nil`.
    internal func singleTokenEntry(_ text: String) -> Int32? {
        guard let id = literalIDs[text] else { return nil }
        let child = edges[Self.root, id]
        guard child >= 0, entries[Int(child)] >= 0 else { return nil }
        return entries[Int(child)]
    }

    private mutating func addNode() -> Int32 {
        entries.append(-1)
        globs.append([])
        return Int32(entries.count - 1)
    }

    /// The id of a literal token, or `nil` when no entry has it.
    ///
    /// - Parameter token: A transcript token in comparison form.
    internal func literalID(of token: String) -> Int32? {
        literalIDs[token]
    }

    /// The entry ending at a node, or -1 for none.
    internal func entry(at node: Int32) -> Int32 {
        entries[Int(node)]
    }

    /// The child a literal token leads to from a node, or -1 for none.
    ///
    /// - Parameters:
    ///   - node: A node.
    ///   - literal: The token's literal id; -1 (no entry has the token) leads nowhere.
    internal func child(of node: Int32, literal: Int32) -> Int32 {
        literal < 0 ? -1 : edges[node, literal]
    }

    /// Whether globs lead on from a node.
    internal func hasGlobs(_ node: Int32) -> Bool {
        !globs[Int(node)].isEmpty
    }

    /// The children of the root that a token leads to through a glob.
    ///
    /// - Parameter scalars: The token's scalars.
    /// - Returns: The children, in insertion order of their globs.
    internal func rootGlobChildren(of scalars: [Unicode.Scalar]) -> [Int32] {
        guard !globs[0].isEmpty, let last = scalars.last else { return [] }
        var candidates = (rootGlobsByLast[last] ?? []) + rootGlobsElse
        if !rootGlobsByContained.isEmpty {
            for scalar in Set(scalars) { candidates += rootGlobsByContained[scalar] ?? [] }
        }
        for length in rootGlobPrefixLengths where length <= scalars.count {
            let prefix = String(String.UnicodeScalarView(scalars[..<length]))
            candidates += rootGlobsByPrefix[prefix] ?? []
        }
        guard !candidates.isEmpty else { return [] }
        return candidates.sorted().compactMap { index in
            let (glob, child) = globs[0][index]
            return glob.matches(scalars) ? child : nil
        }
    }

    /// Appends the children a token leads to through the globs of a node that is not the root.
    ///
    /// - Parameters:
    ///   - node: A node other than the root.
    ///   - scalars: The token's scalars.
    ///   - children: Where to add the children.
    internal func appendGlobChildren(of node: Int32, scalars: [Unicode.Scalar], to children: inout [Int32]) {
        for (glob, child) in globs[Int(node)] where glob.matches(scalars) { children.append(child) }
    }

    /// The ids of the literal tokens of any entry that a masked transcript token could stand for.
    ///
    /// - Parameter mask: The masked token.
    /// - Complexity: O(*l*) for *l* distinct literal tokens in the list; asked once per
    ///   distinct masked token.
    internal func literalIDs(admittedBy mask: MaskedWord) -> [Int32] {
        literalIDs.compactMap { mask.admits($0.key) ? $0.value : nil }.sorted()
    }

    /// The children of the root that a masked token leads to: through the literals it admits
    /// (`literals`, from ``literalIDs(admittedBy:)``) and through the globs it admits.
    ///
    /// - Parameters:
    ///   - mask: The masked token.
    ///   - literals: The literal ids it admits.
    /// - Returns: The children, without repeats.
    internal func rootChildren(of mask: MaskedWord, literals: [Int32]) -> [Int32] {
        var children: [Int32] = []
        appendMaskedChildren(of: Self.root, mask: mask, literals: literals, to: &children)
        return children
    }

    /// Appends the children a masked token leads to from a node: through each literal it
    /// admits and each glob it admits.
    ///
    /// - Parameters:
    ///   - node: A node.
    ///   - mask: The masked token.
    ///   - literals: The literal ids it admits.
    ///   - children: Where to add the children.
    internal func appendMaskedChildren(of node: Int32, mask: MaskedWord, literals: [Int32], to children: inout [Int32])
    {
        for literal in literals {
            let child = edges[node, literal]
            if child >= 0 { children.append(child) }
        }
        for (glob, child) in globs[Int(node)] where mask.admits(glob) { children.append(child) }
    }

    private mutating func bucket(_ glob: Glob, at index: Int) {
        let prefix = glob.literalPrefix
        if !prefix.isEmpty {
            rootGlobsByPrefix[prefix, default: []].append(index)
            rootGlobPrefixLengths.insert(prefix.unicodeScalars.count)
        } else if let last = glob.lastLiteral {
            rootGlobsByLast[last, default: []].append(index)
        } else if let contained = glob.firstLiteral {
            rootGlobsByContained[contained, default: []].append(index)
        } else {
            rootGlobsElse.append(index)
        }
    }
}

/// A glob edge of the trie: the node it leaves and the glob's text.
private struct GlobEdge: Hashable, Sendable {
    let node: Int32
    let text: String
}

/// An open-addressing hash table from (node, literal id) to a child node, for the trie's
/// literal edges: one multiplication to hash, no allocation to look up.
private struct EdgeTable: Sendable {
    /// Keys as `node << 32 | literal`; `UInt64.max` marks an empty slot.
    private var keys: [UInt64] = Array(repeating: .max, count: 16)
    private var values: [Int32] = Array(repeating: -1, count: 16)
    private var count = 0

    /// The child for an edge, or -1; setting adds or replaces an edge.
    subscript(node: Int32, literal: Int32) -> Int32 {
        get {
            let key = Self.key(node, literal)
            var slot = slot(of: key)
            while true {
                let found = keys[slot]
                if found == key { return values[slot] }
                if found == .max { return -1 }
                slot = (slot + 1) & (keys.count - 1)
            }
        }
        set {
            if (count + 1) * 2 > keys.count { grow() }
            let key = Self.key(node, literal)
            var slot = slot(of: key)
            while keys[slot] != key, keys[slot] != .max { slot = (slot + 1) & (keys.count - 1) }
            if keys[slot] == .max { count += 1 }
            keys[slot] = key
            values[slot] = newValue
        }
    }

    private static func key(_ node: Int32, _ literal: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: node)) << 32 | UInt64(UInt32(bitPattern: literal))
    }

    private func slot(of key: UInt64) -> Int {
        // Fibonacci hashing: the high bits of the product, as many as the table needs.
        let shift = UInt64(64 - keys.count.trailingZeroBitCount)
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow() {
        let old = zip(keys, values).filter { $0.0 != .max }
        keys = Array(repeating: .max, count: keys.count * 2)
        values = Array(repeating: -1, count: keys.count)
        count = 0
        for (key, value) in old {
            self[Int32(bitPattern: UInt32(key >> 32)), Int32(bitPattern: UInt32(truncatingIfNeeded: key))] = value
        }
    }
}
