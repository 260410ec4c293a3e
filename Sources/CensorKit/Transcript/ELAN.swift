internal enum ELAN: TranscriptReader {
    internal static let detectionRule = "x"
    internal static func recognizes(_ document: TranscriptDocument) -> Bool { false }
    internal static func words(in document: TranscriptDocument) throws(TranscriptError) -> [Word] { [] }
}
