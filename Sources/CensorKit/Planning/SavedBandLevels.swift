/// Band levels of grid frames that one pass of analysis computed, kept for a later pass over
/// the same audio so that it does not transform those frames again.
///
/// Refinement weighs the transcript's offset from the words around a few matches spread over
/// the file before it refines any match, then refines every match in time order: each thread's
/// ``BandLevelCache`` saves here the levels its offset analyses compute, and its refinement's
/// cache takes them from here when it reaches them (a frame's levels depend only on its
/// samples, so they are those it would compute). Runs are forgotten once the refinement has
/// passed them, and they are few and bounded (the offset's analyses: up to about 8 s around
/// each of 16 matches), whatever the file's length.
///
/// Not thread-safe: one thread at a time (the offset's, then the refinement's).
final class SavedBandLevels: @unchecked Sendable {
    /// Levels per grid frame.
    let bandCount: Int
    /// Runs of consecutive grid frames in ascending order, each with its levels frame after
    /// frame (`bandCount` per frame).
    private var runs: [(frames: Range<Int>, levels: [Float])] = []

    /// Creates an empty store for frames of `bandCount` levels.
    init(bandCount: Int) {
        self.bandCount = bandCount
    }

    /// The grid frames saved, run by run (for tests).
    var savedFrames: [Range<Int>] { runs.map(\.frames) }

    /// Keeps the levels of `frames` (`bandCount` per frame, frame after frame); frames that
    /// follow the last run extend it, frames before a run saved are not kept.
    func save(_ frames: Range<Int>, levels: UnsafeBufferPointer<Float>) {
        precondition(levels.count >= frames.count * bandCount, "levels missing")
        guard !frames.isEmpty, frames.lowerBound >= (runs.last?.frames.upperBound ?? Int.min) else { return }
        let values = UnsafeBufferPointer(rebasing: levels[..<(frames.count * bandCount)])
        if let last = runs.indices.last, runs[last].frames.upperBound == frames.lowerBound {
            runs[last].frames = runs[last].frames.lowerBound..<frames.upperBound
            runs[last].levels.append(contentsOf: values)
        } else {
            runs.append((frames, Array(values)))
        }
    }

    /// Writes the saved levels of grid frame `frame` to `destination` (`bandCount` values);
    /// `false` when they are not saved. Runs wholly before `frame` are forgotten: frames are
    /// asked for in ascending order.
    func copy(frame: Int, to destination: UnsafeMutablePointer<Float>) -> Bool {
        while let first = runs.first, first.frames.upperBound <= frame { runs.removeFirst() }
        guard let first = runs.first, first.frames.contains(frame) else { return false }
        first.levels.withUnsafeBufferPointer { levels in
            destination.update(from: levels.baseAddress! + (frame - first.frames.lowerBound) * bandCount, count: bandCount)
        }
        return true
    }
}
