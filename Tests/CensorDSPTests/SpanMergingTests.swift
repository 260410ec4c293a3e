import CensorDSP
import Testing

/// Merging spans in the DSP target, which knows frames only: what a span censors rides along
/// as the caller's payload.
@Suite struct SpanMergingTests {
    static func span(_ fadeStart: Int, _ start: Int, _ end: Int, _ fadeEnd: Int) -> Span {
        Span(ordered: fadeStart, start: start, end: end, fadeEnd: fadeEnd)
    }

    @Test("touching and overlapping spans merge into one covering them, sorted; a one-frame gap keeps them apart")
    func spansMerge() {
        let spans = [
            Self.span(900, 950, 960, 1000), Self.span(300, 350, 360, 400), Self.span(0, 10, 20, 30),
            Self.span(400, 420, 430, 500), Self.span(1001, 1001, 1002, 1002), Self.span(310, 315, 317, 320),
        ]
        #expect(
            spans.merged() == [
                Self.span(0, 10, 20, 30), Self.span(300, 315, 430, 500),
                Self.span(900, 950, 960, 1000), Self.span(1001, 1001, 1002, 1002),
            ])
    }

    /// A caller's span with what it censors beside it.
    struct Labelled: Equatable {
        var span: Span
        var labels: [String]
    }

    @Test("a payload is folded into its group's first element in span order")
    func payloadMerges() {
        let items = [
            Labelled(span: Self.span(400, 500, 600, 700), labels: ["b"]),
            Labelled(span: Self.span(100, 200, 300, 400), labels: ["a"]),
            Labelled(span: Self.span(701, 800, 900, 950), labels: ["c"]),
        ]
        let merged = items.mergedBySpan(\.span) { group, next in group.labels += next.labels }
        #expect(
            merged == [
                Labelled(span: Self.span(100, 200, 600, 700), labels: ["a", "b"]),
                Labelled(span: Self.span(701, 800, 900, 950), labels: ["c"]),
            ])
    }
}
