/// Band levels of grid frames that one pass of analysis computed, kept for a later pass over
/// the same audio so that it does not transform those frames again.
///
/// Refinement weighs the transcript's offset from the words around a few matches spread over
/// the file before it refines any match, then refines every match in time order: each thread's
/// ``BandLevelCache`` saves in a store of its own the levels its offset analyses compute; the
/// stores are then joined into one (``init(joining:)``), which every refining thread's cache
/// reads when it reaches those frames (a frame's levels depend only on its samples, so they are
/// those it would compute). The runs are few and bounded (the offset's analyses: up to about 8 s
/// around each of 16 matches), whatever the file's length.
///
/// Saving is for one thread at a time; once nothing saves any more, any number of threads may
/// read the levels at once.
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

    /// One store holding the runs of `stores` (each run where they overlap, a frame's levels
    /// being the same in every store that holds them).
    convenience init(joining stores: [SavedBandLevels]) {
        precondition(
            !stores.isEmpty && stores.allSatisfy { $0.bandCount == stores[0].bandCount }, "stores of other band counts")
        self.init(bandCount: stores[0].bandCount)
        for run in stores.flatMap(\.runs).sorted(by: { $0.frames.lowerBound < $1.frames.lowerBound }) {
            // The part of the run past those kept, if any.
            let start = max(run.frames.lowerBound, runs.last?.frames.upperBound ?? Int.min)
            guard start < run.frames.upperBound else { continue }
            run.levels.withUnsafeBufferPointer { levels in
                save(
                    start..<run.frames.upperBound,
                    levels: UnsafeBufferPointer(rebasing: levels[((start - run.frames.lowerBound) * bandCount)...]))
            }
        }
    }

    /// Writes the saved levels of grid frame `frame` to `destination` (`bandCount` values);
    /// `false` when they are not saved.
    func copy(frame: Int, to destination: UnsafeMutablePointer<Float>) -> Bool {
        // The first run ending after `frame`: the only one that can hold it.
        var (low, high) = (0, runs.count)
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].frames.upperBound <= frame { low = middle + 1 } else { high = middle }
        }
        guard low < runs.count, runs[low].frames.contains(frame) else { return false }
        let run = runs[low]
        run.levels.withUnsafeBufferPointer { levels in
            destination.update(
                from: levels.baseAddress! + (frame - run.frames.lowerBound) * bandCount, count: bandCount)
        }
        return true
    }
}
