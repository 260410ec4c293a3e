extension CodedGainPlan {
    /// Undelayed output samples one AAC frame's coefficients reach: its IMDCT's 2048 outputs,
    /// which overlap by half with each neighbour's (a sine or Kaiser-Bessel window crossfade of
    /// 1024 samples for long windows, 128 for short ones).
    static let aacReach = 2 * AACStream.frameSamples

    /// Maps planned spans onto the frames of `stream`.
    init(aac: [PlannedSpan], change: Change, stream: AACStream) {
        self.init(
            planned: aac, change: change, blockSamples: AACStream.frameSamples, reach: Self.aacReach,
            decodedStartOffset: stream.decodedStartOffset, frameCount: stream.frameCount)
    }
}
