/// Checks that an output's file name names a container censor writes, so that no file gets the
/// bytes of another container under its name.
public enum OutputName {
    /// The extensions censor writes: libsndfile's containers, then ffmpeg's (``MediaContainer``).
    public static let extensions: [String] =
        [
            "wav", "aiff", "aif", "flac", "ogg", "oga", "opus", "mp3", "caf", "w64",
            "rf64", "au",
        ] + MediaContainer.allCases.map(\.rawValue).filter { $0 != "mp3" }

    /// The extension of the last component of `path`, lowercased; `nil` when it has none.
    static func fileExtension(_ path: String) -> String? {
        guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: "."),
            dot != name.startIndex
        else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Checks `output`'s extension: one of ``extensions``, the input's own (a container kept
    /// as it is), or none.
    ///
    /// - Throws: ``MediaError/unknownOutput(path:choices:)`` listing the choices.
    public static func check(_ output: String, input: String?) throws(MediaError) {
        guard let name = fileExtension(output), !extensions.contains(name),
            input.flatMap(fileExtension) != name
        else { return }
        throw .unknownOutput(path: output, choices: extensions.map { "." + $0 }.joined(separator: " "))
    }
}
