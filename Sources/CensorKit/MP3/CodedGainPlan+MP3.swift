extension CodedGainPlan {
    /// Undelayed output samples one MP3 granule's coefficients reach: 2 × 576 (the IMDCT window)
    /// plus 480 (the synthesis filter's 512 taps less its 32-sample step).
    ///
    /// Decoders that honour the LAME tag drop the first `encoderDelay + 529` of them
    /// (``MP3InfoHeader/decodedStartOffset``). The overlap-add of a changed granule's neighbours
    /// is a sine-window crossfade, 576 samples long for long blocks, 192 for short ones.
    static let mp3Reach = 2 * MP3FrameHeader.granuleSamples + 512 - 32

    /// Maps planned spans onto the granules of every timeline `timeline` allows for a span
    /// (``MP3Timeline``), so that decoders that part from the planned timeline hear its core
    /// censored too: where decoders' timelines part, a core's start is taken at the earliest
    /// place any puts it and its end at the latest. The spans are clamped to the timeline's length.
    init(mp3: [PlannedSpan], change: Change, timeline: MP3Timeline) {
        self.init(
            planned: mp3, change: change, blockSamples: MP3FrameHeader.granuleSamples, reach: Self.mp3Reach,
            decodedStartOffset: timeline.startOffset, frameCount: timeline.frameCount,
            undelayed: timeline.undelayed)
    }
}
