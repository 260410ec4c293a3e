import Foundation

extension EditMarkers {
    /// An OpenTimelineIO timeline (`Timeline.1`) with one track holding the file as one clip,
    /// a marker (`Marker.2`) per span on it, times in frames of ``frameRate`` in the clip's
    /// media time (from the file's timecode). Each marker's metadata keeps the span's exact
    /// samples under `censor`.
    var otio: String {
        let rate = frameRate.framesPerSecond
        func time(_ frames: Int) -> [String: Any] {
            ["OTIO_SCHEMA": "RationalTime.1", "rate": rate, "value": Double(frames)]
        }
        func range(_ start: Int, _ count: Int) -> [String: Any] {
            ["OTIO_SCHEMA": "TimeRange.1", "start_time": time(start), "duration": time(count)]
        }
        func item(_ schema: String, _ name: String, _ fields: [String: Any]) -> [String: Any] {
            var item: [String: Any] = ["OTIO_SCHEMA": schema, "name": name, "metadata": [String: Any]()]
            if schema != "ExternalReference.1" {
                item.merge([
                    "source_range": NSNull(), "effects": [Any](), "markers": [Any](), "enabled": true,
                    "color": NSNull(),
                ]) { $1 }
            }
            return item.merging(fields) { $1 }
        }
        let whole = range(startFrame, durationFrames)
        let markers: [[String: Any]] = markers.map { marker in
            let frames = frames(of: marker)
            return [
                "OTIO_SCHEMA": "Marker.2", "name": marker.name, "color": "RED", "comment": marker.pattern,
                "marked_range": range(startFrame + frames.lowerBound, frames.count),
                "metadata": [
                    "censor": [
                        "pattern": marker.pattern, "startSample": marker.startSample,
                        "endSample": marker.endSample, "sampleRate": sampleRate,
                    ]
                ],
            ]
        }
        let reference = item(
            "ExternalReference.1", "",
            [
                "available_range": whole, "available_image_bounds": NSNull(), "target_url": mediaURL,
            ])
        let clip = item(
            "Clip.2", mediaName,
            [
                "source_range": whole, "markers": markers, "media_references": ["DEFAULT_MEDIA": reference],
                "active_media_reference_key": "DEFAULT_MEDIA",
            ])
        let track = item("Track.1", hasVideo ? "V1" : "A1", ["children": [clip], "kind": hasVideo ? "Video" : "Audio"])
        let stack = item("Stack.1", "tracks", ["children": [track]])
        let timeline: [String: Any] = [
            "OTIO_SCHEMA": "Timeline.1", "name": (mediaName as NSString).deletingPathExtension + " censored",
            "metadata": [String: Any](), "global_start_time": time(startFrame), "tracks": stack,
        ]
        let data =
            (try? JSONSerialization.data(withJSONObject: timeline, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
