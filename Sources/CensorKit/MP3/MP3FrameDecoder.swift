import CMPG123

/// libmpg123 decoding MP3 frames handed to it one by one (its feed mode), to 32-bit float
/// samples at the stream's rate and channel count — or, mixing, to one channel, the mean of a
/// stereo stream's two — with no gapless trimming and no info-frame handling: frame *n* fed
/// gives the *n*-th frame of samples.
final class MP3FrameDecoder {
    private let handle: OpaquePointer
    private let channelCount: Int
    private let path: String

    /// Opens a decoder.
    ///
    /// - Parameters:
    ///   - path: The file, for messages.
    ///   - sampleRate: The stream's rate.
    ///   - channelCount: The stream's channels.
    ///   - mixing: Whether to give a stereo stream as one channel, the mean of its two. libmpg123
    ///     mixes the spectra, after the stereo decoding and before the IMDCT and the synthesis
    ///     filter, which it then runs once instead of twice; the samples are the mean of the
    ///     channels' but for float precision.
    /// - Throws: ``MP3Error/io(path:reason:)`` when libmpg123 cannot be set up for this format.
    init(path: String, sampleRate: Int, channelCount: Int, mixing: Bool = false) throws(MP3Error) {
        self.path = path
        let mixing = mixing && channelCount == 2
        self.channelCount = mixing ? 1 : channelCount
        var error: Int32 = 0
        guard let handle = mpg123_new(nil, &error) else {
            throw .io(path: path, reason: "libmpg123 cannot start: \(String(cString: mpg123_plain_strerror(error)))")
        }
        self.handle = handle
        let flags = Int(
            MPG123_QUIET.rawValue | MPG123_IGNORE_INFOFRAME.rawValue | (mixing ? MPG123_MONO_MIX.rawValue : 0))
        let ok =
            mpg123_param2(handle, Int32(MPG123_ADD_FLAGS.rawValue), flags, 0) == MPG123_OK.rawValue
            && mpg123_param2(handle, Int32(MPG123_REMOVE_FLAGS.rawValue), Int(MPG123_GAPLESS.rawValue), 0)
                == MPG123_OK.rawValue
            && mpg123_format_none(handle) == MPG123_OK.rawValue
            && mpg123_format(
                handle, sampleRate, Int32(self.channelCount == 1 ? MPG123_MONO.rawValue : MPG123_STEREO.rawValue),
                Int32(MPG123_ENC_FLOAT_32.rawValue)) == MPG123_OK.rawValue
            && mpg123_open_feed(handle) == MPG123_OK.rawValue
        guard ok else {
            let reason = String(cString: mpg123_strerror(handle))
            mpg123_delete(handle)
            throw .io(
                path: path, reason: "libmpg123 cannot decode \(sampleRate) Hz, \(channelCount) channels: \(reason)")
        }
    }

    deinit { mpg123_delete(handle) }

    /// Feeds the bytes of one frame and hands `body` each frame the decoder completes: its
    /// number among the frames fed (from 0) and its interleaved samples.
    ///
    /// - Throws: ``MP3Error/io(path:reason:)`` when libmpg123 fails (not for damaged frames,
    ///   which it decodes as best it can).
    func feed(_ bytes: UnsafeRawBufferPointer, _ body: (Int, UnsafeBufferPointer<Float>) -> Void) throws(MP3Error) {
        guard mpg123_feed(handle, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count) == MPG123_OK.rawValue
        else {
            throw .io(path: path, reason: "libmpg123 refused data: \(String(cString: mpg123_strerror(handle)))")
        }
        while true {
            var number: off_t = 0, audio: UnsafeMutablePointer<UInt8>?, count = 0
            let result = mpg123_decode_frame(handle, &number, &audio, &count)
            if result == MPG123_NEED_MORE.rawValue { return }
            if result == MPG123_NEW_FORMAT.rawValue { continue }
            guard result == MPG123_OK.rawValue else {
                throw .io(path: path, reason: "libmpg123 failed: \(String(cString: mpg123_strerror(handle)))")
            }
            guard let audio, count > 0 else { continue }
            let samples = UnsafeRawPointer(audio).bindMemory(to: Float.self, capacity: count / 4)
            body(Int(number), UnsafeBufferPointer(start: samples, count: count / 4 / channelCount * channelCount))
        }
    }
}
