/// How an MP3's decoded timeline — the frames planning counts — lies on its undelayed granules,
/// and how far other decoders' timelines may stray from it where the stream is not one plain
/// encoder's output.
///
/// The timeline is that of ffmpeg for a well-formed stream: the frames walked, less the encoder
/// delay and decoder delay at the start (``MP3InfoHeader/decodedStartOffset``), less the
/// padding at the end when the Xing/Info header counts the frames there are. Decoders part from
/// it, measured with ffmpeg 5.1 and mpg123 1.31 over files made by libmp3lame:
/// - joined with `cat`: mpg123 decodes the second file's Info frame as 1,152 samples of silence
///   (ffmpeg skips it, as the parser does), and drops the first file's padding less 529 samples
///   where the first Info header's count of frames ends (ffmpeg does not);
/// - with no frame count in the Info header (or 0), mpg123 trims no encoder delay at all;
/// - after bytes that are not frames and hold no false frame header, ffmpeg drops the first
///   frame (in every one of nine files tried), mpg123 none.
///
/// A span is mapped onto the granules of every such timeline at once: the words are censored
/// whichever decoder the transcript's times came from. (After bytes holding false frame
/// headers decoders drop or invent up to nine frames, unpredictably; ``Censor`` re-encodes a
/// file with such bytes before a span.)
struct MP3Timeline: Sendable {
    /// Where decoders may part from the timeline: from undelayed sample ``at`` on, their
    /// decoded frame `t` is undelayed sample `t + startOffset + c` with `c` in
    /// `lower...upper` (summed over the shifts before), instead of `t + startOffset`.
    struct Shift: Sendable, Hashable {
        var at: Int
        var lower: Int
        var upper: Int
    }

    /// Undelayed samples before decoded frame 0 (``MP3InfoHeader/decodedStartOffset``).
    let startOffset: Int
    /// The decoded frames: the timeline's own length, and as many more as another decoder may give.
    let frameCount: Int
    /// Where decoders may part from the timeline, in order.
    let shifts: [Shift]

    /// A plain encoder's stream of `frameCount` decoded frames, on which decoders agree.
    init(startOffset: Int, frameCount: Int) {
        self.startOffset = startOffset
        self.frameCount = frameCount
        shifts = []
    }

    /// The timeline of a stream whose first audio frame has `header`, whose info frame holds
    /// `info`, which holds `frames` audio frames of `granules` granules, with info frames
    /// inside it before granules `junctions` and bytes that are not frames, holding no false
    /// header, before granules `gaps`.
    init(header: MP3FrameHeader, info: MP3InfoHeader?, frames: Int, granules: Int, junctions: [Int], gaps: [Int]) {
        let samplesPerFrame = header.samplesPerFrame, size = MP3FrameHeader.granuleSamples
        startOffset = info?.decodedStartOffset ?? 0
        let declared = info?.frameCount ?? 0
        var shifts: [Shift] = []
        if info?.encoderDelay != nil, declared == 0 {
            shifts.append(Shift(at: 0, lower: -startOffset, upper: 0))
        }
        let trailing = max(0, (info?.encoderPadding ?? 0) - MP3InfoHeader.decoderDelay)
        if declared > 0, declared < frames {
            shifts.append(Shift(at: declared * samplesPerFrame, lower: 0, upper: trailing))
        }
        shifts += junctions.map { Shift(at: $0 * size, lower: -samplesPerFrame, upper: 0) }
        shifts += gaps.map { Shift(at: $0 * size, lower: 0, upper: samplesPerFrame) }
        self.shifts = shifts.sorted { $0.at < $1.at }
        let own = granules * size - (declared == frames ? startOffset + trailing : startOffset)
        frameCount = max(0, own) - self.shifts.reduce(0) { $0 + $1.lower }
    }

    /// The undelayed samples that decoded frames `range` may be in any of the timelines.
    func undelayed(_ range: Range<Int>) -> Range<Int> {
        var lower = 0, upper = 0
        for shift in shifts where range.upperBound + startOffset + upper >= shift.at {
            lower += shift.lower
            upper += shift.upper
        }
        return (range.lowerBound + startOffset + lower)..<(range.upperBound + startOffset + upper)
    }
}
