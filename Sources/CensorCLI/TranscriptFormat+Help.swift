import CensorKit

extension TranscriptFormat {
    /// How `--list-formats` says this format is recognized.
    var detectionSummary: String {
        switch rawValue {
        case "whisper-json": "JSON object with segments[].words[] (word, start, end)"
        case "audacity-labels": "lines of start<TAB>end<TAB>label"
        default: "detected from its content"
        }
    }
}
