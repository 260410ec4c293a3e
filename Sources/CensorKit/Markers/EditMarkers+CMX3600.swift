import Foundation

extension EditMarkers {
    /// A CMX 3600 EDL with one cut event per span, its record and source times the span's
    /// frames from the file's timecode (drop-frame when the file's is).
    ///
    /// Each event carries its marker twice: DaVinci Resolve's marker comment
    /// (`|C:ResolveColorRed |M:words |D:frames`, which Timeline ▸ Import ▸ Timeline Markers
    /// from EDL reads) and an Avid locator (`* LOC: tc RED words`, which Avid and
    /// OpenTimelineIO's cmx_3600 adapter read). Events never overlap: one that would start
    /// inside the one before starts where it ends.
    var cmx3600: String {
        let stem = (mediaName as NSString).deletingPathExtension
        var lines = [
            "TITLE: \(Self.oneLine(stem)) censored", dropFrame ? "FCM: DROP FRAME" : "FCM: NON-DROP FRAME", "",
        ]
        let channel = hasVideo ? "V" : "A"
        var previousEnd = 0
        for (index, marker) in markers.enumerated() {
            var frames = frames(of: marker)
            if frames.lowerBound < previousEnd {
                frames = previousEnd..<max(previousEnd + 1, frames.upperBound)
            }
            previousEnd = frames.upperBound
            let start = Timecode.label(startFrame + frames.lowerBound, rate: frameRate, dropFrame: dropFrame)
            let end = Timecode.label(startFrame + frames.upperBound, rate: frameRate, dropFrame: dropFrame)
            let number = index + 1 < 1000 ? String(format: "%03d", index + 1) : "\(index + 1)"
            let name = Self.oneLine(marker.name)
            lines.append(
                "\(number)  AX       \(channel.padding(toLength: 5, withPad: " ", startingAt: 0)) C        "
                    + "\(start) \(end) \(start) \(end)")
            lines.append("* FROM CLIP NAME: \(Self.oneLine(mediaName))")
            lines.append("* LOC: \(start) RED     \(name)")
            lines.append(" |C:ResolveColorRed |M:\(name) |D:\(frames.count)")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
