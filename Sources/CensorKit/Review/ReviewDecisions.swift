import Foundation

/// A reviewer's decisions on a run's edits: which to keep, drop, widen or nudge, and the words
/// the list missed, as a review page exports them and a run applies them (``matches``).
///
/// Every edit names the fully censored core in frames of the input's audio stream
/// (``sampleRate``, the file ``frames`` long), so a run that applies the file censors exactly
/// those frames, with the usual fades outside them; edits that overlap are joined.
///
/// ```json
/// {"format": "censor-decisions", "version": 1, "input": "talk.wav", "sampleRate": 22050, "frames": 176400,
///  "edits": [{"decision": "keep", "startFrame": 19845, "endFrame": 26460, "text": "damn,", "pattern": "damn"},
///            {"decision": "drop", "startFrame": 152145, "endFrame": 158760, "text": "crap", "pattern": "crap"},
///            {"decision": "add", "startFrame": 99225, "endFrame": 105840, "text": "quiet", "words": [3, 4]}]}
/// ```
public struct ReviewDecisions: Sendable, Hashable, Codable {
    /// What the reviewer decided about one edit.
    public enum Decision: String, Sendable, Hashable, Codable, CaseIterable {
        /// Censored as the run planned it.
        case keep
        /// Not censored.
        case drop
        /// Censored over a longer (or shorter) stretch than planned.
        case widen
        /// Censored over a stretch moved earlier or later.
        case nudge
        /// A word the list missed, censored.
        case add
    }

    /// One edit as decided.
    public struct Edit: Sendable, Hashable, Codable {
        /// What the reviewer decided.
        public var decision: Decision
        /// The first frame of the censored core.
        public var startFrame: Int
        /// The frame after the censored core's last.
        public var endFrame: Int
        /// The words, for reports and subtitles.
        public var text: String
        /// The list entry that matched, when a list did.
        public var pattern: String?
        /// What subtitles show instead of the words.
        public var replacement: String?
        /// The transcript words the edit covers, `[first, end)`, when known.
        public var words: [Int]?

        /// Creates an edit.
        public init(
            decision: Decision, startFrame: Int, endFrame: Int, text: String, pattern: String? = nil,
            replacement: String? = nil, words: [Int]? = nil
        ) {
            self.decision = decision
            self.startFrame = startFrame
            self.endFrame = endFrame
            self.text = text
            self.pattern = pattern
            self.replacement = replacement
            self.words = words
        }
    }

    /// The value of ``format`` every decisions file holds.
    public static let formatName = "censor-decisions"
    /// The schema version this library reads and writes.
    public static let currentVersion = 1

    /// Always ``formatName``.
    public var format: String
    /// Always ``currentVersion``.
    public var version: Int
    /// The reviewed file's name.
    public var input: String
    /// Frames per second of the reviewed audio stream.
    public var sampleRate: Int
    /// The reviewed audio stream's length in frames.
    public var frames: Int
    /// Every edit, in time order, the dropped ones included.
    public var edits: [Edit]

    /// Decisions on the audio of `input`, `frames` long at `sampleRate`.
    public init(input: String, sampleRate: Int, frames: Int, edits: [Edit]) {
        format = Self.formatName
        version = Self.currentVersion
        self.input = input
        self.sampleRate = sampleRate
        self.frames = frames
        self.edits = edits
    }

    /// Reads and checks a decisions file's contents.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The file's name, for errors.
    /// - Throws: ``ReviewDecisionsError`` naming the file and the place (`edits[2].endFrame`).
    public init(data: Data, path: String) throws(ReviewDecisionsError) {
        let decoded: ReviewDecisions
        do {
            decoded = try JSONDecoder().decode(ReviewDecisions.self, from: data)
        } catch let error as DecodingError {
            throw ReviewDecisionsError(decoding: error, path: path)
        } catch {
            throw ReviewDecisionsError(path: path, place: nil, reason: "\(error)")
        }
        try decoded.check(path: path)
        self = decoded
    }

    /// The edits that are censored: all but the dropped ones.
    public var applied: [Edit] { edits.filter { $0.decision != .drop } }

    /// The applied edits as matches whose times, planned with ``planOptions(_:)``, give exactly
    /// their frames: half a frame inside each edge, so that neither floor nor ceiling moves it.
    public var matches: [Match] {
        let rate = Double(sampleRate)
        return applied.map { edit in
            let words = edit.words.map { $0[0]..<$0[1] } ?? 0..<0
            return Match(
                wordIndices: words, text: edit.text, pattern: edit.pattern ?? "",
                start: (Double(edit.startFrame) + 0.5) / rate, end: (Double(edit.endFrame) - 0.5) / rate,
                replacement: edit.replacement)
        }
    }

    /// `options` with nothing that moves an edge: no padding, snapping, refinement or
    /// alignment; the crossfade stays.
    public static func planOptions(_ options: PlanOptions) throws(ParameterError) -> PlanOptions {
        try options.replacing(padBefore: 0, padAfter: 0, snapWindow: 0, refine: false, align: .off)
    }

    /// Checks that `report`, of the run that applied these decisions, read the same audio they
    /// were made on.
    ///
    /// - Throws: ``ReviewDecisionsError`` naming the file, the field and both values.
    public func check(_ report: Report, path: String) throws(ReviewDecisionsError) {
        if report.sampleRate != sampleRate {
            throw ReviewDecisionsError(
                path: path, place: "sampleRate",
                reason: "the decisions are in frames at "
                    + "\(sampleRate) Hz, but '\(report.input)' is \(report.sampleRate) Hz: they were made on another file"
            )
        }
        if report.frames != frames {
            throw ReviewDecisionsError(
                path: path, place: "frames",
                reason: "the decisions were made on \(frames) frames, "
                    + "but '\(report.input)' has \(report.frames): they were made on another file")
        }
    }

    /// The rules JSON types do not say: the format and version, the rate, and each edit's frames.
    private func check(path: String) throws(ReviewDecisionsError) {
        func fail(_ place: String, _ reason: String) -> ReviewDecisionsError {
            ReviewDecisionsError(path: path, place: place, reason: reason)
        }
        guard format == Self.formatName else {
            throw fail("format", "expected \"\(Self.formatName)\", found \"\(format)\"")
        }
        guard version == Self.currentVersion else {
            throw fail("version", "this censor reads version \(Self.currentVersion), found \(version)")
        }
        let rates = Int(Parameters.sampleRate.range.lowerBound)...Int(Parameters.sampleRate.range.upperBound)
        guard rates.contains(sampleRate) else {
            throw fail(
                "sampleRate",
                "expected frames per second from \(rates.lowerBound) to \(rates.upperBound), "
                    + "found \(sampleRate)")
        }
        guard frames > 0 else { throw fail("frames", "expected the file's length in frames, above 0, found \(frames)") }
        for (index, edit) in edits.enumerated() {
            let place = "edits[\(index)]"
            guard (0..<frames).contains(edit.startFrame) else {
                throw fail(place + ".startFrame", "expected a frame from 0 to \(frames - 1), found \(edit.startFrame)")
            }
            guard edit.endFrame > edit.startFrame, edit.endFrame <= frames else {
                throw fail(
                    place + ".endFrame",
                    "expected a frame after startFrame (\(edit.startFrame)) and at most "
                        + "\(frames), found \(edit.endFrame)")
            }
            if let words = edit.words, words.count != 2 || words[0] < 0 || words[1] < words[0] {
                throw fail(place + ".words", "expected [first, end) word indices, found \(words)")
            }
        }
    }
}
