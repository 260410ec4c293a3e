/// The one UTF-8 check of the library: where bytes stop being well-formed UTF-8, without
/// decoding them.
///
/// The JSON reader checks the strings of undecoded files with it; `SourceText` finds the byte a
/// message names with it, after the standard library's decoder has refused the file.
package enum UTF8Validation {
    /// The offset of the first byte that does not start a well-formed sequence, as
    /// `String(validating:as:)` judges them: no overlong forms, surrogates, scalars past
    /// U+10FFFF or sequences cut short by the end.
    ///
    /// ```swift
    /// UTF8Validation.firstInvalidOffset(in: Array("Crème".utf8))  // nil
    /// UTF8Validation.firstInvalidOffset(in: [0x61, 0xC3, 0x28])   // 1
    /// ```
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: The offset of the invalid sequence's first byte; `nil` when all are valid.
    /// - Complexity: O(*n*).
    package static func firstInvalidOffset(in bytes: some Collection<UInt8>) -> Int? {
        let offset = bytes.withContiguousStorageIfAvailable { firstInvalidOffset(in: $0) }
        return offset ?? firstInvalidOffset(in: Array(bytes))
    }

    /// `firstInvalidOffset(in:)` over contiguous bytes.
    package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < count && range.contains(bytes[index + offset])
        }
        while index < count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F:
                length = 1
            case 0xC2...0xDF:
                guard continuation(1) else { return index }
                length = 2
            case 0xE0:
                guard continuation(1, 0xA0...0xBF), continuation(2) else { return index }
                length = 3
            case 0xE1...0xEC, 0xEE...0xEF:
                guard continuation(1), continuation(2) else { return index }
                length = 3
            case 0xED:
                guard continuation(1, 0x80...0x9F), continuation(2) else { return index }
                length = 3
            case 0xF0:
                guard continuation(1, 0x90...0xBF), continuation(2), continuation(3) else { return index }
                length = 4
            case 0xF1...0xF3:
                guard continuation(1), continuation(2), continuation(3) else { return index }
                length = 4
            case 0xF4:
                guard continuation(1, 0x80...0x8F), continuation(2), continuation(3) else { return index }
                length = 4
            default:
                return index
            }
            index += length
        }
        return nil
    }
}
