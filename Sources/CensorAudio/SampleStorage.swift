/// How samples travel from the reader through the engine to the writer.
///
/// Chosen so that untouched samples are never converted: integer PCM to integer PCM moves as
/// left-justified `Int16` (up to 16 bits, libsndfile's cheapest path) or `Int32`, float to float as `Float`, double to double as `Double`. Any other
/// pairing changes the encoding anyway and moves as normalized `Float`.
package enum SampleStorage: Equatable {
    /// `Int16` samples up to 16 bits, else `Int32`, rounded to `bits` bits when the engine
    /// changes them.
    case integer(bits: Int)
    /// `Float` samples.
    case float
    /// `Double` samples.
    case double

    /// The storage for reading `input` and writing `output`.
    package init(input: AudioFileFormat, output: AudioFileFormat) {
        if input.integerBits != nil, let bits = output.integerBits {
            self = .integer(bits: bits)
        } else if input.isDouble, output.isDouble {
            self = .double
        } else {
            self = .float
        }
    }
}
