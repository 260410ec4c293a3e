import CSndFile

/// What this build's libsndfile can read and write, asked at run time.
public enum AudioLibrary {
    /// A container or encoding libsndfile knows.
    public struct FormatInfo: Sendable, Hashable {
        /// libsndfile's name for it, such as `FLAC (Free Lossless Audio Codec)`.
        public let name: String
        /// Its usual file extension, for containers; empty for encodings.
        public let fileExtension: String
    }

    /// libsndfile's version string, such as `libsndfile-1.2.0`.
    public static var version: String {
        var buffer = [UInt8](repeating: 0, count: 128)
        _ = sf_command(nil, Int32(SFC_GET_LIB_VERSION), &buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Every container libsndfile reads and writes.
    public static var containers: [FormatInfo] { list(count: SFC_GET_FORMAT_MAJOR_COUNT, item: SFC_GET_FORMAT_MAJOR) }

    /// Every encoding libsndfile knows (each container takes some of them).
    public static var encodings: [FormatInfo] {
        list(count: SFC_GET_FORMAT_SUBTYPE_COUNT, item: SFC_GET_FORMAT_SUBTYPE)
    }

    /// Whether this build can write `encoding` in `container`.
    ///
    /// - Parameters:
    ///   - container: The container.
    ///   - encoding: The encoding.
    ///   - sampleRate: The rate to check, default 48 kHz.
    ///   - channelCount: The channels to check, default 2.
    public static func canWrite(
        _ container: AudioContainer, _ encoding: AudioEncoding, sampleRate: Int = 48_000, channelCount: Int = 2
    ) -> Bool {
        encoding.codes.contains { code in
            AudioFileFormat(code: container.code | code, sampleRate: sampleRate, channelCount: channelCount).isWritable
        }
    }

    private static func list(count countCommand: Int, item itemCommand: Int) -> [FormatInfo] {
        var count: Int32 = 0
        _ = sf_command(nil, Int32(countCommand), &count, Int32(MemoryLayout<Int32>.size))
        return (0..<count).compactMap { index in
            var info = SF_FORMAT_INFO(format: index, name: nil, extension: nil)
            guard sf_command(nil, Int32(itemCommand), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0,
                let name = info.name
            else { return nil }
            return FormatInfo(
                name: String(cString: name), fileExtension: info.extension.map { String(cString: $0) } ?? "")
        }
    }
}
