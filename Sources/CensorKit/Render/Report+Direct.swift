extension Report {
    /// How a run censored the compressed data without re-encoding it (direct MP3 and AAC
    /// editing): which packets it rewrote. The spans' frames are whole coded blocks then.
    public struct DirectEdit: Sendable, Hashable, Codable {
        /// ffmpeg's name of the codec edited: `mp3` or `aac`.
        public var codec: String
        /// The stream's packets (MP3 frames, AAC access units).
        public var packets: Int
        /// How many of them were rewritten, each to its own length.
        public var editedPackets: Int
        /// Decoded frames of the coded blocks spans are widened to (an MP3 granule, an AAC frame).
        public var blockFrames: Int

        /// Describes a direct edit.
        public init(codec: String, packets: Int, editedPackets: Int, blockFrames: Int) {
            self.codec = codec
            self.packets = packets
            self.editedPackets = editedPackets
            self.blockFrames = blockFrames
        }

        /// The edit as a JSON object.
        var json: String {
            "{\"codec\": \"\(codec)\", \"packets\": \(packets), \"editedPackets\": \(editedPackets), \"blockFrames\": \(blockFrames)}"
        }
    }
}
