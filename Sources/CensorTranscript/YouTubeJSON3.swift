/// Reads YouTube's json3 captions (`fmt=json3`, yt-dlp `--sub-format json3`).
///
/// ```json
/// {"wireMagic": "pb3", "pens": [{}], "wsWinStyles": [{}], "wpWinPositions": [{}],
///  "events": [{"tStartMs": 0, "dDurationMs": 1213080, "id": 1, "wpWinPosId": 1, "wsWinStyleId": 1},
///             {"tStartMs": 2399, "dDurationMs": 6801, "wWinId": 1, "segs": [
///               {"utf8": "hey", "acAsrConf": 0}, {"utf8": " in", "tOffsetMs": 201, "acAsrConf": 0}]},
///             {"tStartMs": 4430, "dDurationMs": 4770, "wWinId": 1, "aAppend": 1, "segs": [{"utf8": "\n"}]},
///             {"tStartMs": 4440, "dDurationMs": 6239, "wWinId": 1, "segs": [{"utf8": "you", "acAsrConf": 0}]}]}
/// ```
///
/// Automatic captions give every word a `seg` starting `tOffsetMs` after its event's `tStartMs`
/// (the first seg's offset, 0, is left out). A word lasts until the next word starts; the last
/// word of an event until the next event with words starts, or its own event ends, whichever
/// is first — an event's `dDurationMs` covers the time its line stays on screen, seconds after
/// the words. Events without `segs` (window definitions) and segs of only whitespace (the `"\n"`
/// of `aAppend` events) hold no words. Uploaded captions have one seg a line, without offsets:
/// its words are spread over the event and marked estimated.
internal enum YouTubeJSON3: TranscriptReader {
    internal static let detectionRule =
        #"a JSON object with "events" and "wireMagic", or events with "tStartMs" and "segs""#

    internal static func recognizes(_ document: TranscriptDocument) -> Bool {
        guard case .success(.object(let root))? = document.json, case .array(let events)? = root["events"] else {
            return false
        }
        if root.has("wireMagic") { return true }
        guard case .object(let first)? = events.first else { return false }
        return first.has("tStartMs")
    }

    /// One seg with words: its text and start; its end is found once the next start is known.
    private struct Piece {
        var text: String
        var start: Double
        /// The end of the event it belongs to.
        var eventEnd: Double
        /// Whether it is the last piece of its event.
        var endsEvent = false
        /// Where its start is, as a message names it.
        var path: String
    }

    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] {
        let fields = JSONFields(document, format: .youTubeJSON3)
        let root = try fields.object(
            try document.jsonValue(as: .youTubeJSON3), at: { "" }, expected: #"an object with "events""#)
        var pieces: [Piece] = []
        for (index, value) in try fields.array("events", of: root, at: { "" }).enumerated() {
            let eventPath = { JSONPath.index("events", index) }
            let event = try fields.object(value, at: eventPath)
            guard let segs = try fields.optionalArray("segs", of: event, at: eventPath) else { continue }
            let start = try fields.time("tStartMs", of: event, unit: .milliseconds, at: eventPath)
            let end =
                start + (try fields.optionalTime("dDurationMs", of: event, unit: .milliseconds, at: eventPath) ?? 0)
            let first = pieces.count
            for (segIndex, segValue) in segs.enumerated() {
                let segPath = { JSONPath.index(JSONPath.key(eventPath(), "segs"), segIndex) }
                let seg = try fields.object(segValue, at: segPath)
                let text = try fields.string("utf8", of: seg, at: segPath)
                guard text.contains(where: { !$0.isWhitespace }) else { continue }
                let offset = try fields.optionalTime("tOffsetMs", of: seg, unit: .milliseconds, at: segPath)
                let path = offset == nil ? JSONPath.key(eventPath(), "tStartMs") : JSONPath.key(segPath(), "tOffsetMs")
                pieces.append(
                    Piece(text: text, start: start + (offset ?? 0), eventEnd: end, path: JSONPath.place(path)))
            }
            if pieces.count > first { pieces[pieces.count - 1].endsEvent = true }
        }
        var words: [Word] = []
        for (index, piece) in pieces.enumerated() {
            let next = index + 1 < pieces.count ? pieces[index + 1].start : nil
            var end = piece.endsEvent ? min(piece.eventEnd, next ?? piece.eventEnd) : (next ?? piece.eventEnd)
            end = max(end, piece.start)
            let times = try WordTimeRule.check(
                start: piece.start, end: end, file: document.source, format: .youTubeJSON3,
                startPlace: { piece.path }, endPlace: { piece.path }, repairs: document.repairs)
            words += WordSpreading.words(in: piece.text, start: times.start, end: times.end)
        }
        return words
    }
}
