import Foundation

/// The note a censored file carries in its `software` metadata field, after whatever the input
/// had there: `censored by censor 0.1.0: 2 spans at 0.500–0.800, 1.250–1.550 s`. A second
/// in-place run finds it and leaves the file alone rather than censor it again (and widen
/// every span by its padding).
///
/// Containers libsndfile keeps text fields in (WAV, AIFF, FLAC, Ogg, CAF, …) hold it; others
/// (raw, AU) have nowhere to put it.
public enum CensorMarker {
    /// The words that start the marker.
    public static let phrase = "censored by censor "
    /// The most spans the marker lists by time; the rest are counted.
    public static let listedSpans = 16

    /// The `software` field of a file censored from `plan`, after `previous` (the input's).
    ///
    /// - Parameters:
    ///   - spans: The censored spans.
    ///   - sampleRate: Frames per second of their frames.
    ///   - previous: The input's `software` field, kept in front.
    /// - Returns: The field's new text.
    static func text(spans: [Span], sampleRate: Int, previous: String?) -> String {
        let rate = Double(max(1, sampleRate))
        let times = spans.prefix(listedSpans).map {
            String(format: "%.3f–%.3f", Double($0.start) / rate, Double($0.end) / rate)
        }
        var note = phrase + Censor.version + ": \(spans.count) span\(spans.count == 1 ? "" : "s")"
        if !times.isEmpty { note += " at " + times.joined(separator: ", ") + " s" }
        if spans.count > listedSpans { note += " and \(spans.count - listedSpans) more" }
        // libsndfile appends its own name to the field; what was there is kept, once.
        let kept = previous.map(withoutLibraryName)
        return kept.map { $0.isEmpty ? note : $0 + "; " + note } ?? note
    }

    /// The marker in `metadata`, or `nil` when the file was not censored by censor.
    ///
    /// - Parameter metadata: A file's metadata.
    /// - Returns: The marker, from ``phrase`` to the end of the field.
    public static func find(in metadata: AudioMetadata) -> String? {
        guard let software = metadata.strings["software"], let range = software.range(of: phrase) else { return nil }
        return withoutLibraryName(String(software[range.lowerBound...]))
    }

    /// `text` without the ` (libsndfile-1.2.0)` libsndfile appends to the field it writes.
    private static func withoutLibraryName(_ text: String) -> String {
        text.replacingOccurrences(of: #" \(libsndfile-[^)]*\)"#, with: "", options: .regularExpression)
    }
}
