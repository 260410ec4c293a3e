import CensorKit

/// An error as `censor` prints it: the library's text, which says what is wrong, and for the
/// errors an option can resolve, which option that is.
enum ErrorText {
    /// `error`'s text with the command line's hint, if it has one.
    static func describe(_ error: any Error) -> String {
        "\(error)" + (hint(for: error).map { "; \($0)" } ?? "")
    }

    /// The option that resolves `error`, as a clause.
    static func hint(for error: any Error) -> String? {
        if error is TranscriptError || error is CensorListError, "\(error)".contains(SourceText.tooLarge) {
            return "raise the limit with \(Option.maxTextSize.name)"
        }
        return switch error as? CensorError {
        case .outputExists?: "use \(Option.force.name) to overwrite it"
        case .outputIsInput?: "choose another output with \(Option.output.short ?? Option.output.name)"
        case .hardLinked?: "use \(Option.force.name) to replace this name only"
        default: nil
        }
    }
}
