/// An MP4 stream's `AudioSpecificConfig` (ISO/IEC 14496-3 §1.6.2.1), read as far as the direct
/// editor needs: AAC-LC with 1024-sample frames, its rate and its channel configuration.
struct AudioSpecificConfig: Sendable, Hashable {
    /// `audioObjectType`: 2 for AAC-LC.
    let objectType: Int
    /// Frames per second.
    let sampleRate: Int
    /// `channelConfiguration`.
    let channelConfiguration: Int

    /// Reads the config's bytes; throws ``AACUnsupported`` for anything but plain AAC-LC with
    /// 1024-sample frames and a channel configuration of 1 to 7.
    init(_ bytes: [UInt8]) throws(AACUnsupported) {
        var reader = AACBitReader(bytes)
        do {
            var type = try reader.read(5)
            if type == 31 { type = 32 + (try reader.read(6)) }
            objectType = type
            let index = try reader.read(4)
            let rate =
                index == 15
                ? try reader.read(24) : index < AACStream.sampleRates.count ? AACStream.sampleRates[index] : 0
            sampleRate = rate
            channelConfiguration = try reader.read(4)
            switch type {
            case 2: break
            case 5, 29: throw AACUnsupported("it is HE-AAC (SBR\(type == 29 ? " and parametric stereo" : ""))")
            case 23, 39: throw AACUnsupported("it is AAC-LD or AAC-ELD")
            case 17...22: throw AACUnsupported("it is error-resilient AAC (object type \(type))")
            default: throw AACUnsupported("it is MPEG-4 audio object type \(type), not AAC-LC")
            }
            guard rate > 0 else { throw AACUnsupported("its sampling frequency index is reserved (\(index))") }
            guard (1...7).contains(channelConfiguration) else {
                throw AACUnsupported(
                    "its channels are laid out by a program config element (channel configuration \(channelConfiguration))"
                )
            }
            if try reader.read(1) == 1 { throw AACUnsupported("it has 960-sample frames") }
            if try reader.read(1) == 1 { try reader.skip(14) }
            _ = try reader.read(1)
            // A backward-compatible extension may still announce SBR (§1.6.5.2).
            if reader.remaining >= 16, try reader.read(11) == 0x2B7, try reader.read(5) == 5, reader.remaining >= 1,
                try reader.read(1) == 1
            {
                throw AACUnsupported("it is HE-AAC (SBR)")
            }
        } catch let error as AACUnsupported {
            throw error
        } catch {
            throw AACUnsupported("its AudioSpecificConfig is cut short")
        }
    }
}
