/// A transcript file format censor can read.
public enum TranscriptFormat: String, Sendable, Hashable, CaseIterable {
    /// openai-whisper's JSON (`segments[].words[]` with `word`, `start`, `end`).
    case whisperJSON = "whisper-json"
    /// An Audacity label track (`start<TAB>end<TAB>label` lines).
    case audacityLabels = "audacity-labels"
}
