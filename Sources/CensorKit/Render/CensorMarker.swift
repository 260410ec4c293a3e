import Foundation

/// The note a censored file carries in its metadata:
/// `censored by censor 0.1.0: 2 spans at 0.500–0.800, 1.250–1.550 s`. A second in-place run
/// finds it (``find(inFileAt:)``) and leaves the file alone rather than censor it again (and
/// widen every span by its padding).
///
/// Where it goes, by the path that writes the file:
/// - libsndfile (WAV, AIFF, FLAC, Ogg, CAF, …): the `software` text field, after whatever the
///   input had there; raw and AU have no field to hold it.
/// - ffmpeg (MP4, M4A, MOV, MKV, WebM, AVI, WMA, MP3 re-encoded): the global `comment` tag,
///   after the input's comment (the one tag every one of these muxers keeps); bare AAC and AC-3
///   streams have none.
/// - The direct MP3 pass, when it replaces its input: an ID3v2 tag of its own after the file's
///   leading ones, holding a `TXXX` frame named `censor` (``MP3MarkerTag``), which replaces
///   an earlier run's. Otherwise it adds
///   no byte, as it promises to change none outside the censored granules.
public enum CensorMarker {
    /// The words that start the marker.
    public static let phrase = "censored by censor "
    /// The most spans the marker lists by time; the rest are counted.
    public static let listedSpans = 16

    /// The field holding the marker of a file censored with `spans`, after `previous` (the input's).
    ///
    /// - Parameters:
    ///   - spans: The censored spans.
    ///   - sampleRate: Frames per second of their frames.
    ///   - previous: The input's field, kept in front (without an earlier marker).
    /// - Returns: The field's new text.
    static func text(spans: [Span], sampleRate: Int, previous: String?) -> String {
        let rate = Double(max(1, sampleRate))
        let times = spans.prefix(listedSpans).map {
            String(format: "%.3f–%.3f", Double($0.start) / rate, Double($0.end) / rate)
        }
        var note = phrase + Censor.version + ": \(spans.count) span\(spans.count == 1 ? "" : "s")"
        if !times.isEmpty { note += " at " + times.joined(separator: ", ") + " s" }
        if spans.count > listedSpans { note += " and \(spans.count - listedSpans) more" }
        // libsndfile appends its own name to the field; what was there is kept, once, but an
        // earlier run's marker, which this one replaces.
        let kept = previous.map(withoutLibraryName).map { text in
            String(text[..<(text.range(of: phrase)?.lowerBound ?? text.endIndex)]).replacingOccurrences(
                of: #"(; )?$"#, with: "", options: .regularExpression)
        }
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

    /// The marker of the file at `path`, or `nil` when it has none (or cannot be read): for a
    /// container ffmpeg writes (``MediaContainer``, MP3 included), in any of the file's or its
    /// streams' tags ffprobe reports; for any other file, in libsndfile's `software` field.
    ///
    /// - Parameter path: An audio or media file.
    /// - Returns: The marker, from ``phrase`` to the end of its tag.
    public static func find(inFileAt path: String) -> String? {
        guard MediaContainer.named(byPathOf: path) != nil else {
            return (try? AudioReader(path: path)).flatMap { find(in: $0.metadata) }
        }
        guard let probe = try? MediaProbe(path: path) else { return nil }
        // The direct MP3 pass's own tag first: a comment may hold an older marker.
        let values = (probe.tags[MP3MarkerTag.name].map { [$0] } ?? [])
            + probe.tags.sorted { $0.key < $1.key }.map(\.value) + probe.streams.flatMap { $0.tags.values.sorted() }
        for value in values {
            if let found = value.range(of: phrase) { return String(value[found.lowerBound...]) }
        }
        return nil
    }

    /// `text` without the ` (libsndfile-1.2.0)` libsndfile appends to the field it writes.
    private static func withoutLibraryName(_ text: String) -> String {
        text.replacingOccurrences(of: #" \(libsndfile-[^)]*\)"#, with: "", options: .regularExpression)
    }
}
