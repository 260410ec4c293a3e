import CStderrFilter
import Foundation

/// Keeps the libraries' own lines off standard error: libmpg123, which libsndfile opens MP3
/// files with, prints `Note: …` and `Warning: …` lines of its own to C's `stderr` (a Xing
/// header's size a little off, a junk frame), which would read as censor's. C's `stderr` is
/// pointed at a stream that drops those lines and passes every other one (the Swift runtime's
/// report of a crash) on to descriptor 2, which censor writes its own messages to directly
/// (``Console``).
enum LibraryMessages {
    /// The starts of the lines dropped: libmpg123's notes, warnings and errors.
    static let dropped = ["Note: ", "Warning: ", "Error: ", "[src/libmpg123/"]

    /// Points C's `stderr` at the filtering stream; only the first call does anything.
    static func filter() {
        _ = installation
    }

    private static let installation: Void = {
        let copies = dropped.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        var pointers = copies.map { UnsafePointer($0) }
        _ = censor_filter_stderr(&pointers, Int32(pointers.count))
    }()
}
