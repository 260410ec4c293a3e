/// A file format that carries the censored spans to a video editor or a media player.
public enum MarkerFormat: String, Sendable, CaseIterable {
    /// CMX 3600 EDL, one event with a marker per span, as DaVinci Resolve imports timeline
    /// markers (`|M:`) and Avid and OpenTimelineIO read locators (`* LOC:`).
    case cmx3600
    /// Final Cut Pro X XML (FCPXML 1.8): the file as one clip with a marker per span.
    case fcpxml
    /// OpenTimelineIO JSON: one clip with a marker per span.
    case otio
    /// MPlayer and Kodi EDL: `start end action` lines in seconds, 1 muting and 0 skipping.
    case playerEDL

    /// The file name endings, one per format, as help lists them.
    public static let extensions = [".edl", ".fcpxml", ".otio", ".kodi.edl"]

    /// The format a file name's ending names (`.kodi.edl` before `.edl`), case-insensitively.
    public init?(path: String) {
        let name = path.lowercased()
        if name.hasSuffix(".kodi.edl") {
            self = .playerEDL
        } else if name.hasSuffix(".edl") {
            self = .cmx3600
        } else if name.hasSuffix(".fcpxml") {
            self = .fcpxml
        } else if name.hasSuffix(".otio") {
            self = .otio
        } else {
            return nil
        }
    }
}
