import CSndFile

/// The descriptive metadata of an audio file that censor carries from input to output.
public struct AudioMetadata: Sendable, Hashable {
    /// The text fields libsndfile knows, in its order, with their names.
    static let fields: [(id: Int32, name: String)] = [
        (Int32(SF_STR_TITLE), "title"), (Int32(SF_STR_COPYRIGHT), "copyright"),
        (Int32(SF_STR_SOFTWARE), "software"), (Int32(SF_STR_ARTIST), "artist"),
        (Int32(SF_STR_COMMENT), "comment"), (Int32(SF_STR_DATE), "date"),
        (Int32(SF_STR_ALBUM), "album"), (Int32(SF_STR_LICENSE), "license"),
        (Int32(SF_STR_TRACKNUMBER), "tracknumber"), (Int32(SF_STR_GENRE), "genre"),
    ]

    /// Text fields by name (`title`, `artist`, `comment`, `date`, `album`, `genre`, …).
    public var strings: [String: String]
    /// The speaker position of each channel (libsndfile's `SF_CHANNEL_MAP_*`), when the file
    /// declares them.
    var channelMap: [Int32]

    /// Creates metadata.
    ///
    /// - Parameter strings: Text fields by name.
    public init(strings: [String: String] = [:]) {
        self.strings = strings
        channelMap = []
    }

    /// Reads what `file` declares.
    init(reading file: OpaquePointer, channelCount: Int) {
        strings = [:]
        for field in Self.fields {
            if let value = sf_get_string(file, field.id) { strings[field.name] = String(cString: value) }
        }
        var map = [Int32](repeating: 0, count: channelCount)
        let found = sf_command(file, Int32(SFC_GET_CHANNEL_MAP_INFO), &map, Int32(channelCount * 4)) == SF_TRUE
        channelMap = found ? map : []
    }

    /// Writes these fields into `file`, which is open for writing and has no audio yet.
    /// Fields the container cannot hold are left out.
    func write(into file: OpaquePointer) {
        for field in Self.fields {
            if let value = strings[field.name] { _ = sf_set_string(file, field.id, value) }
        }
        if !channelMap.isEmpty {
            var map = channelMap
            _ = sf_command(file, Int32(SFC_SET_CHANNEL_MAP_INFO), &map, Int32(map.count * 4))
        }
    }
}
