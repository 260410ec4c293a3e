import CSndFile

/// The descriptive metadata of an audio file that censor carries from input to output.
public struct AudioMetadata: Sendable, Hashable {
    /// The text fields libsndfile knows, in its order, with their names.
    package static let fields: [(id: Int32, name: String)] = [
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
    /// The Broadcast Wave `bext` chunk (description, originator, time reference, UMID, loudness,
    /// coding history) as libsndfile's `SF_BROADCAST_INFO` with the whole coding history, when
    /// the file has one.
    var broadcast: [UInt8]?
    /// The AES46 `cart` chunk radio automation reads (title, cut ID, category, timers, URL, tag
    /// text) as libsndfile's `SF_CART_INFO` with the whole tag text, when the file has one.
    var cart: [UInt8]?
    /// Frames per second of the file these chunks were read from: their times count its frames.
    var sampleRate: Int?

    /// Creates metadata.
    ///
    /// - Parameter strings: Text fields by name.
    public init(strings: [String: String] = [:]) {
        self.strings = strings
        channelMap = []
    }

    /// Reads what `file`, of `sampleRate` frames per second, declares.
    init(reading file: OpaquePointer, channelCount: Int, sampleRate: Int) {
        strings = [:]
        for field in Self.fields {
            if let value = sf_get_string(file, field.id) { strings[field.name] = String(cString: value) }
        }
        var map = [Int32](repeating: 0, count: channelCount)
        let found = sf_command(file, Int32(SFC_GET_CHANNEL_MAP_INFO), &map, Int32(channelCount * 4)) == SF_TRUE
        channelMap = found ? map : []
        broadcast = Self.chunk(of: file, Int32(SFC_GET_BROADCAST_INFO), Self.broadcastLayout)
        cart = Self.chunk(of: file, Int32(SFC_GET_CART_INFO), Self.cartLayout)
        self.sampleRate = broadcast != nil || cart != nil ? sampleRate : nil
    }

    /// Writes these fields into `file`, which is open for writing, holds `sampleRate` frames a
    /// second and has no audio yet. Fields the container cannot hold are left out (the `bext`
    /// and `cart` chunks are WAV's and RF64's); the chunks' times in frames are scaled to
    /// `sampleRate`, and libsndfile adds its line to the coding history.
    func write(into file: OpaquePointer, sampleRate: Int) {
        for field in Self.fields {
            if let value = strings[field.name] { _ = sf_set_string(file, field.id, value) }
        }
        if !channelMap.isEmpty {
            var map = channelMap
            _ = sf_command(file, Int32(SFC_SET_CHANNEL_MAP_INFO), &map, Int32(map.count * 4))
        }
        let scale = Double(sampleRate) / Double(self.sampleRate ?? sampleRate)
        if var broadcast {
            broadcast.withUnsafeMutableBytes { bytes in
                let offset = MemoryLayout<SF_BROADCAST_INFO>.offset(of: \.time_reference_low)!
                let low = UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                let high = UInt64(bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                let frames = Self.scaled(high << 32 | low, by: scale)
                bytes.storeBytes(of: UInt32(truncatingIfNeeded: frames), toByteOffset: offset, as: UInt32.self)
                bytes.storeBytes(
                    of: UInt32(truncatingIfNeeded: frames >> 32), toByteOffset: offset + 4, as: UInt32.self)
            }
            _ = broadcast.withUnsafeMutableBytes {
                sf_command(file, Int32(SFC_SET_BROADCAST_INFO), $0.baseAddress, Int32($0.count))
            }
        }
        if var cart {
            cart.withUnsafeMutableBytes { bytes in
                let timers = MemoryLayout<SF_CART_INFO>.offset(of: \.post_timers)!
                for timer in 0..<8 {
                    let offset =
                        timers + timer * MemoryLayout<SF_CART_TIMER>.stride + MemoryLayout<SF_CART_TIMER>.offset(
                            of: \.value)!
                    let value = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let scaled = Int32(clamping: Int64(Self.scaled(UInt64(max(0, value)), by: scale)))
                    if value > 0 { bytes.storeBytes(of: scaled, toByteOffset: offset, as: Int32.self) }
                }
            }
            _ = cart.withUnsafeMutableBytes {
                sf_command(file, Int32(SFC_SET_CART_INFO), $0.baseAddress, Int32($0.count))
            }
        }
    }

    /// A count of frames at one rate counted at another, `scale` times as many, rounded.
    private static func scaled(_ frames: UInt64, by scale: Double) -> UInt64 {
        scale == 1 ? frames : UInt64(exactly: (Double(frames) * scale).rounded()) ?? frames
    }

    /// Where a chunk libsndfile reads as a struct ending in a variable text keeps that text's
    /// size, where the text starts, and the most text libsndfile keeps (16 KiB).
    private typealias ChunkLayout = (sizeField: Int, text: Int, maximumText: Int)

    private static let broadcastLayout: ChunkLayout = (
        MemoryLayout<SF_BROADCAST_INFO>.offset(of: \.coding_history_size)!,
        MemoryLayout<SF_BROADCAST_INFO>.offset(of: \.coding_history)!, 16 * 1024
    )
    private static let cartLayout: ChunkLayout = (
        MemoryLayout<SF_CART_INFO>.offset(of: \.tag_text_size)!, MemoryLayout<SF_CART_INFO>.offset(of: \.tag_text)!,
        16 * 1024
    )

    /// The chunk `command` reads from `file`, up to the end of its text (so that setting it
    /// again gives libsndfile its exact size); `nil` when the file has none.
    private static func chunk(of file: OpaquePointer, _ command: Int32, _ layout: ChunkLayout) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: layout.text + layout.maximumText)
        let found =
            bytes.withUnsafeMutableBytes { sf_command(file, command, $0.baseAddress, Int32($0.count)) } == SF_TRUE
        guard found else { return nil }
        let size = bytes.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: layout.sizeField, as: UInt32.self)) }
        return Array(bytes[..<(layout.text + min(size, layout.maximumText - 1))])
    }
}
