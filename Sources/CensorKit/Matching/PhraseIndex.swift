/// A trie of censor-list entries over their tokens, for matching in linear time.
///
/// Each node maps the next literal token (by its id in `literalIDs`) to a child, and holds the
/// globs that lead on from it. Looking up the longest entry at a transcript position walks the
/// trie along the following tokens, following every glob that matches, so its cost depends on
/// the longest entry's length and the globs' branching, not on the number of entries. The
/// root's globs are bucketed by their first or last literal scalar, so that a word is tested
/// only against globs that could match it; `MatchingTokens` asks once per distinct word.
internal struct PhraseIndex: Sendable {
    /// One trie node.
    private struct Node: Sendable {
        var literals: [Int32: Int32] = [:]
        var globs: [(glob: Glob, child: Int32)] = []
        /// The entry that ends here: the first one inserted with these tokens; -1 for none.
        var entry: Int32 = -1
    }

    /// The nodes; `nodes[0]` is the root.
    private var nodes: [Node] = [Node()]
    /// The id of each literal token of any entry.
    private var literalIDs: [String: Int32] = [:]
    /// Indices into the root's globs by first literal scalar, by last literal scalar (for those
    /// starting with a wildcard), and the rest.
    private var rootGlobsByFirst: [Unicode.Scalar: [Int]] = [:]
    private var rootGlobsByLast: [Unicode.Scalar: [Int]] = [:]
    private var rootGlobsElse: [Int] = []

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
                if let child = nodes[Int(node)].literals[id] {
                    node = child
                } else {
                    let child = Int32(nodes.count)
                    nodes.append(Node())
                    nodes[Int(node)].literals[id] = child
                    node = child
                }
            case .glob(let glob):
                if let existing = nodes[Int(node)].globs.first(where: { $0.glob == glob }) {
                    node = existing.child
                } else {
                    let child = Int32(nodes.count)
                    nodes.append(Node())
                    if node == Self.root { bucket(glob, at: nodes[0].globs.count) }
                    nodes[Int(node)].globs.append((glob, child))
                    node = child
                }
            }
        }
        if nodes[Int(node)].entry < 0 {
            nodes[Int(node)].entry = Int32(entry)
        }
    }

    /// The id of a literal token, or `nil` when no entry has it.
    ///
    /// - Parameter token: A transcript token in comparison form.
    internal func literalID(of token: String) -> Int32? {
        literalIDs[token]
    }

    /// The entry ending at a node, if any.
    internal func entry(at node: Int32) -> Int? {
        let entry = nodes[Int(node)].entry
        return entry < 0 ? nil : Int(entry)
    }

    /// The children of the root that a token leads to through a glob.
    ///
    /// - Parameter scalars: The token's scalars.
    /// - Returns: The children, in insertion order of their globs.
    internal func rootGlobChildren(of scalars: [Unicode.Scalar]) -> [Int32] {
        guard !nodes[0].globs.isEmpty, let first = scalars.first, let last = scalars.last else { return [] }
        let candidates = (rootGlobsByFirst[first] ?? []) + (rootGlobsByLast[last] ?? []) + rootGlobsElse
        return candidates.sorted().compactMap { index in
            let (glob, child) = nodes[0].globs[index]
            return glob.matches(scalars) ? child : nil
        }
    }

    /// Appends the children a token leads to from a node that is not the root.
    ///
    /// - Parameters:
    ///   - node: A node other than the root.
    ///   - literal: The token's literal id, if any entry has it.
    ///   - scalars: The token's scalars, computed only when the node has globs.
    ///   - children: Where to add the children.
    internal func appendChildren(
        of node: Int32, literal: Int32?, scalars: () -> [Unicode.Scalar], to children: inout [Int32]
    ) {
        let node = nodes[Int(node)]
        if let literal, let child = node.literals[literal] { children.append(child) }
        guard !node.globs.isEmpty else { return }
        let word = scalars()
        for (glob, child) in node.globs where glob.matches(word) { children.append(child) }
    }

    /// The root's child for a literal token, if any.
    internal func rootLiteralChild(_ literal: Int32) -> Int32? {
        nodes[0].literals[literal]
    }

    private mutating func bucket(_ glob: Glob, at index: Int) {
        if let first = glob.firstLiteral {
            rootGlobsByFirst[first, default: []].append(index)
        } else if let last = glob.lastLiteral {
            rootGlobsByLast[last, default: []].append(index)
        } else {
            rootGlobsElse.append(index)
        }
    }
}
