/// Why the forced aligner cannot run.
public enum AlignmentError: Error, Equatable, CustomStringConvertible {
    /// A file of the model is not there.
    case modelMissing(path: String)
    /// PocketSphinx could not load the model in this folder.
    case modelUnreadable(path: String)
    /// The PocketSphinx library (this file name) could not be opened, or lacks a function.
    case libraryMissing(name: String)

    public var description: String {
        switch self {
        case .modelMissing(let path):
            "the PocketSphinx model file \(path) is missing; install pocketsphinx-en-us (apt-get install pocketsphinx-en-us) or turn alignment off"
        case .modelUnreadable(let path):
            "PocketSphinx could not load its model from \(path); reinstall pocketsphinx-en-us or turn alignment off"
        case .libraryMissing(let name):
            "the PocketSphinx library \(name) could not be opened; install libpocketsphinx3 (apt-get install libpocketsphinx3) or turn alignment off"
        }
    }
}
