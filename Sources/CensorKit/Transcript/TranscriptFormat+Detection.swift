import Foundation

extension TranscriptFormat {
    /// Detects the format of a transcript from its content.
    ///
    /// Formats are tried in the order of `allCases`; the first whose rule accepts the content
    /// wins. Whisper JSON is a JSON object with a `segments` key; Audacity labels are lines whose
    /// first label line reads `number<TAB>number<TAB>text`.
    ///
    /// - Parameter data: The file's bytes, UTF-8, with or without a byte-order mark.
    /// - Returns: `nil` when no format recognizes the content.
    public init?(detecting data: Data) {
        guard let text = try? SourceText(data: data) else { return nil }
        guard let format = Self.detected(in: TranscriptDocument(text: text.string, source: "")) else { return nil }
        self = format
    }

    /// The first format, in `allCases` order, that recognizes a document.
    ///
    /// - Parameter document: The decoded file.
    /// - Returns: `nil` when none does.
    internal static func detected(in document: TranscriptDocument) -> TranscriptFormat? {
        allCases.first { $0.reader.recognizes(document) }
    }

    /// The reader of this format. Adding a format adds its line here.
    internal var reader: any TranscriptReader.Type {
        switch self {
        case .whisperJSON: WhisperJSON.self
        case .audacityLabels: AudacityLabels.self
        }
    }
}
