/// The speaker a channel feeds, as audio files declare it (libsndfile's channel map: WAVE
/// extensible masks, CAF and AIFF layouts).
public enum ChannelPosition: Int32, Sendable, Hashable, Codable, CaseIterable {
    case mono = 1
    case left, right, center
    case frontLeft, frontRight, frontCenter
    case rearCenter, rearLeft, rearRight
    case lowFrequency
    case frontLeftOfCenter, frontRightOfCenter
    case sideLeft, sideRight
    case topCenter, topFrontLeft, topFrontRight, topFrontCenter, topRearLeft, topRearRight, topRearCenter
    case ambisonicW, ambisonicX, ambisonicY, ambisonicZ
}

extension AudioMetadata {
    /// The channels' speakers, when the file declares a position libsndfile knows for every one.
    var channelLayout: [ChannelPosition] {
        let positions = channelMap.compactMap(ChannelPosition.init(rawValue:))
        return positions.count == channelMap.count ? positions : []
    }
}
