import Foundation

extension EditMarkers {
    /// MPlayer's and Kodi's EDL: one `start end 1` line per span of the input, in seconds with
    /// microseconds, tab-separated; action 1 mutes the audio from start to end, or, after a
    /// cut, action 0 skips it, as the cut output does.
    ///
    /// Kodi reads `<video>.edl` beside a video; MPlayer takes `-edl FILE`. Both skip the range
    /// instead for action 0.
    var playerEDL: String {
        let rate = Double(sampleRate)
        return inputSpans.map { span in
            String(
                format: "%.6f\t%.6f\t%d\n", Double(span.lowerBound) / rate, Double(span.upperBound) / rate, cut ? 0 : 1)
        }.joined()
    }
}
