import Foundation

/// Something slightly off in a transcript that was read leniently rather than refused, with
/// its place, for the report's `transcript.repairs` and a warning.
///
/// ```
/// line 7:column 13: the end 0.89 s lies 0.01 s before the start 0.9 s; read as 0.89–0.9 s
/// ```
public struct TranscriptRepair: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where in the file: `line 7:column 13`, `segments[3].words[7].end`.
    public var place: String
    /// What was off and how it was read.
    public var repair: String

    /// Creates a repair.
    ///
    /// - Parameters:
    ///   - place: Where in the file.
    ///   - repair: What was off and how it was read.
    public init(place: String, repair: String) {
        self.place = place
        self.repair = repair
    }

    /// `place: repair`.
    public var description: String { "\(place): \(repair)" }
}

/// The repairs the readers make while reading one document, in file order.
internal final class RepairLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [TranscriptRepair] = []

    /// The repairs so far.
    internal var repairs: [TranscriptRepair] {
        lock.withLock { items }
    }

    /// Records a repair.
    internal func record(_ repair: TranscriptRepair) {
        lock.withLock { items.append(repair) }
    }
}
