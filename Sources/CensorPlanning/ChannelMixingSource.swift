/// A recording that can give a mix of its channels for less than reading them all and mixing
/// them after: an MP3 decoder mixes the channels' spectra before its synthesis filter, which
/// then runs once.
package protocol ChannelMixingSource: FrameSource {
    /// The recording as one channel, `mix` applied; `nil` when it cannot apply that mix.
    func mixed(by mix: ChannelMix) -> (any FrameSource)?
}
