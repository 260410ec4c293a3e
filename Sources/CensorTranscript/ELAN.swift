/// Reads an ELAN annotation document (`.eaf`), as ELAN, pympi and forced aligners that export to
/// ELAN write it.
///
/// ```xml
/// <ANNOTATION_DOCUMENT FORMAT="3.0" VERSION="3.0">
///   <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds">…</HEADER>
///   <TIME_ORDER>
///     <TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="1280"/>
///     <TIME_SLOT TIME_SLOT_ID="ts2"/>
///     <TIME_SLOT TIME_SLOT_ID="ts3" TIME_VALUE="2620"/>
///   </TIME_ORDER>
///   <TIER TIER_ID="utterance" LINGUISTIC_TYPE_REF="utterance" PARTICIPANT="Ann">
///     <ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts3">
///       <ANNOTATION_VALUE>damn that hurt</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
///   </TIER>
///   <TIER TIER_ID="words" LINGUISTIC_TYPE_REF="words" PARENT_REF="utterance">
///     <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a2" ANNOTATION_REF="a1"><ANNOTATION_VALUE>damn</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
///   </TIER>
/// </ANNOTATION_DOCUMENT>
/// ```
///
/// Times are `TIME_VALUE`s in milliseconds. Which tiers are read: those whose `TIER_ID` or
/// `LINGUISTIC_TYPE_REF` contains "word", when there are any; else every top-level tier (no
/// `PARENT_REF`), one per speaker, whose annotations' words are spread over them by length and
/// marked estimated. Words of several tiers are put in time order; a tier's `PARTICIPANT` is the
/// speaker of its words.
///
/// An alignable annotation runs from its first time slot to its second. A slot without a
/// `TIME_VALUE` (ELAN leaves the inner boundaries of a time subdivision unaligned) gets its time
/// as ELAN shows it: the annotations chained through unaligned slots share the time between the
/// nearest aligned slots equally, marked estimated. A reference annotation takes its parent's
/// time; when several on a tier refer to one parent (a symbolic subdivision: the words of an
/// utterance) they share it by their lengths, marked estimated.
internal enum ELAN: TranscriptReader {
    internal static let detectionRule = "XML whose root is <ANNOTATION_DOCUMENT> (an ELAN .eaf file)"

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        document.json == nil && document.text.prefix(4096).contains("<ANNOTATION_DOCUMENT")
    }

    /// One tier's attributes.
    private struct Tier {
        var id: String
        var parent: String?
        var type: String?
        var participant: String?
    }

    /// One annotation as written.
    private struct Annotation {
        enum Link {
            case aligned(start: String, end: String)
            case reference(parent: String)
        }

        var id: String
        var tier: Int
        var link: Link
        var value = ""
        /// Where its tag starts, for messages.
        var place: String
    }

    /// An annotation's time.
    private struct Span {
        var start: Double
        var end: Double
        var isEstimated: Bool
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let content = try Content(document)
        let chosen = content.wordTiers ?? content.rootTiers
        var resolver = Resolver(content: content, source: document.source)
        var words: [Word] = []
        for index in content.annotations.indices where chosen.contains(content.annotations[index].tier) {
            let annotation = content.annotations[index]
            let span = try resolver.span(of: index)
            try WordTimeRule.check(
                start: span.start, end: span.end, file: document.source, format: .elan,
                startPlace: { annotation.place }, endPlace: { annotation.place }, repairs: nil)
            var spread = WordSpreading.words(
                in: annotation.value, start: span.start, end: span.end,
                speaker: content.tiers[annotation.tier].participant)
            if span.isEstimated {
                for wordIndex in spread.indices { spread[wordIndex].isTimeEstimated = true }
            }
            words += spread
        }
        if chosen.count > 1 { words.sort { $0.start < $1.start } }
        return words
    }
}

extension ELAN {
    /// The time slots, tiers and annotations of a document.
    private struct Content {
        /// Slot id → time in seconds, `nil` for an unaligned slot.
        var slots: [String: Double?] = [:]
        var tiers: [Tier] = []
        var annotations: [Annotation] = []

        init(_ document: TranscriptDocument) throws(TranscriptError) {
            let tags: XMLTags
            do {
                tags = try XMLTags(document.text)
            } catch {
                throw .malformed(
                    file: document.source, format: .elan,
                    place: SourceText.place(line: error.line, column: error.column),
                    expected: error.expected, found: error.found)
            }
            var current: Annotation?
            var inValue = false
            for (item, line, column) in tags.items {
                let place = SourceText.place(line: line, column: column)
                func required(_ name: String, of attributes: [String: String], in element: String)
                    throws(TranscriptError)
                    -> String
                {
                    guard let value = attributes[name] else {
                        throw .malformed(
                            file: document.source, format: .elan, place: place,
                            expected: "a \(name) attribute in <\(element)>",
                            found: "none")
                    }
                    return value
                }
                switch item {
                case .start("TIME_SLOT", let attributes):
                    let id = try required("TIME_SLOT_ID", of: attributes, in: "TIME_SLOT")
                    guard let text = attributes["TIME_VALUE"] else {
                        slots[id] = .some(nil)
                        continue
                    }
                    guard let milliseconds = Double(text) else {
                        throw .malformed(
                            file: document.source, format: .elan, place: place,
                            expected: "a TIME_VALUE in milliseconds, like 1280",
                            found: "'\(text)'")
                    }
                    slots[id] = milliseconds / 1000
                case .start("TIER", let attributes):
                    tiers.append(
                        Tier(
                            id: try required("TIER_ID", of: attributes, in: "TIER"), parent: attributes["PARENT_REF"],
                            type: attributes["LINGUISTIC_TYPE_REF"],
                            participant: attributes["PARTICIPANT"].flatMap { $0.isEmpty ? nil : $0 }))
                case .start(let name, let attributes) where name == "ALIGNABLE_ANNOTATION" || name == "REF_ANNOTATION":
                    guard !tiers.isEmpty else {
                        throw .malformed(
                            file: document.source, format: .elan, place: place,
                            expected: "an annotation inside a <TIER>",
                            found: "<\(name)> outside one")
                    }
                    let link: Annotation.Link =
                        name == "REF_ANNOTATION"
                        ? .reference(parent: try required("ANNOTATION_REF", of: attributes, in: name))
                        : .aligned(
                            start: try required("TIME_SLOT_REF1", of: attributes, in: name),
                            end: try required("TIME_SLOT_REF2", of: attributes, in: name))
                    current = Annotation(
                        id: try required("ANNOTATION_ID", of: attributes, in: name), tier: tiers.count - 1, link: link,
                        place: place)
                case .start("ANNOTATION_VALUE", _):
                    inValue = true
                case .end("ANNOTATION_VALUE"):
                    inValue = false
                case .text(let text) where inValue:
                    current?.value += text
                case .end(let name) where name == "ALIGNABLE_ANNOTATION" || name == "REF_ANNOTATION":
                    if let annotation = current { annotations.append(annotation) }
                    current = nil
                default:
                    continue
                }
            }
        }

        /// The tiers named for words (`TIER_ID` or `LINGUISTIC_TYPE_REF` containing "word") that
        /// hold annotations; `nil` when there are none.
        var wordTiers: Set<Int>? {
            let named = Set(
                tiers.indices.filter { index in
                    [tiers[index].id, tiers[index].type ?? ""].contains { $0.lowercased().contains("word") }
                })
            let used = named.intersection(annotations.map(\.tier))
            return used.isEmpty ? nil : used
        }

        /// The top-level tiers.
        var rootTiers: Set<Int> {
            Set(tiers.indices.filter { tiers[$0].parent == nil })
        }
    }

    /// Finds annotations' times, each once.
    private struct Resolver {
        let content: Content
        let source: String
        /// Annotation id → index.
        private let byID: [String: Int]
        /// Per tier: start slot → annotation, end slot → annotation, for chains of unaligned slots.
        private let byStart: [Int: [String: Int]]
        private let byEnd: [Int: [String: Int]]
        /// Per parent annotation id and tier: the reference annotations sharing it, in order.
        private let children: [String: [Int]]
        private var spans: [Int: Span] = [:]

        /// References may nest (words under morphemes under utterances), but not without end.
        private static let maximumDepth = 64

        init(content: Content, source: String) {
            self.content = content
            self.source = source
            var byID: [String: Int] = [:]
            var byStart: [Int: [String: Int]] = [:]
            var byEnd: [Int: [String: Int]] = [:]
            var children: [String: [Int]] = [:]
            for (index, annotation) in content.annotations.enumerated() {
                byID[annotation.id] = index
                switch annotation.link {
                case .aligned(let start, let end):
                    byStart[annotation.tier, default: [:]][start] = index
                    byEnd[annotation.tier, default: [:]][end] = index
                case .reference(let parent):
                    children["\(annotation.tier) \(parent)", default: []].append(index)
                }
            }
            (self.byID, self.byStart, self.byEnd, self.children) = (byID, byStart, byEnd, children)
        }

        mutating func span(of index: Int, depth: Int = 0) throws(TranscriptError) -> Span {
            if let known = spans[index] { return known }
            let annotation = content.annotations[index]
            guard depth < Self.maximumDepth else {
                throw malformed(
                    annotation, expected: "references nested at most \(Self.maximumDepth) deep", found: "more")
            }
            let span: Span
            switch annotation.link {
            case .aligned(let start, let end):
                span = try alignedSpan(of: index, start: start, end: end)
            case .reference(let parent):
                guard let parentIndex = byID[parent] else {
                    throw malformed(
                        annotation, expected: "an ANNOTATION_REF naming an annotation", found: "'\(parent)'")
                }
                let whole = try self.span(of: parentIndex, depth: depth + 1)
                let siblings = children["\(annotation.tier) \(parent)"] ?? [index]
                let lengths = siblings.map { max(1, content.annotations[$0].value.count) }
                let total = Double(lengths.reduce(0, +))
                var before = 0
                for (sibling, length) in zip(siblings, lengths) {
                    let start = whole.start + (whole.end - whole.start) * Double(before) / total
                    before += length
                    let end =
                        sibling == siblings.last
                        ? whole.end : whole.start + (whole.end - whole.start) * Double(before) / total
                    spans[sibling] = Span(start: start, end: end, isEstimated: whole.isEstimated || siblings.count > 1)
                }
                return spans[index]!
            }
            spans[index] = span
            return span
        }

        /// The span between two slots; an unaligned end is found along the tier's chain of
        /// annotations that share slots, up to the nearest aligned slot on each side.
        private func alignedSpan(of index: Int, start: String, end: String) throws(TranscriptError) -> Span {
            let annotation = content.annotations[index]
            func time(_ slot: String) throws(TranscriptError) -> Double? {
                guard let time = content.slots[slot] else {
                    throw malformed(annotation, expected: "a TIME_SLOT_REF naming a TIME_SLOT", found: "'\(slot)'")
                }
                return time
            }
            var left = (slot: start, count: 0)
            while try time(left.slot) == nil {
                guard let previous = byEnd[annotation.tier]?[left.slot], left.count < content.annotations.count,
                    case .aligned(let previousStart, _) = content.annotations[previous].link
                else {
                    throw malformed(
                        annotation, expected: "an aligned time slot before this annotation's", found: "none")
                }
                left = (previousStart, left.count + 1)
            }
            var right = (slot: end, count: 0)
            while try time(right.slot) == nil {
                guard let next = byStart[annotation.tier]?[right.slot], right.count < content.annotations.count,
                    case .aligned(_, let nextEnd) = content.annotations[next].link
                else {
                    throw malformed(annotation, expected: "an aligned time slot after this annotation's", found: "none")
                }
                right = (nextEnd, right.count + 1)
            }
            let from = try time(left.slot)!, to = try time(right.slot)!
            let share = (to - from) / Double(left.count + 1 + right.count)
            let isEstimated = left.count + right.count > 0
            return isEstimated
                ? Span(
                    start: from + share * Double(left.count), end: from + share * Double(left.count + 1),
                    isEstimated: true)
                : Span(start: from, end: to, isEstimated: false)
        }

        private func malformed(_ annotation: Annotation, expected: String, found: String) -> TranscriptError {
            .malformed(file: source, format: .elan, place: annotation.place, expected: expected, found: found)
        }
    }
}
