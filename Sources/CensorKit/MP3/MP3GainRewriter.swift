/// Rewrites the `global_gain` of the granules a ``MP3GainPlan`` changes, frame by frame, in
/// place in the byte stream; a protected frame gets its CRC recomputed.
struct MP3GainRewriter {
    /// The plan applied.
    let plan: MP3GainPlan
    /// Frames whose side information was changed.
    private(set) var editedFrames = 0
    /// Frames that needed a change but were cut off before their side information ended.
    private(set) var unreachable: [Int] = []
    /// Changed frames whose CRC was already wrong; theirs stays wrong by the same difference.
    private(set) var badChecksums: [Int] = []
    private var cursor = 0

    init(plan: MP3GainPlan) {
        self.plan = plan
    }

    /// Applies the plan to one frame; frames must come in stream order.
    ///
    /// - Parameters:
    ///   - frame: The frame, its header and side information loaded.
    ///   - stream: The bytes holding it.
    mutating func apply(to frame: MP3Parser.Frame, in stream: MP3ByteStream) {
        let header = frame.header
        let granules = frame.firstGranule..<(frame.firstGranule + header.granuleCount)
        while cursor < plan.runs.count, plan.runs[cursor].upperBound <= granules.lowerBound { cursor += 1 }
        var changed: [Int] = []
        for run in plan.runs[cursor...] {
            guard run.lowerBound < granules.upperBound else { break }
            changed += run.clamped(to: granules)
        }
        guard !changed.isEmpty else { return }
        let end = header.sideInfoOffset + header.sideInfoLength
        guard frame.length >= end else {
            unreachable.append(frame.offset)
            return
        }
        let change = plan.change
        let wrongChecksum = stream.withBytes(frame.offset..<(frame.offset + end)) { bytes in
            let before = header.isProtected ? MP3CRC.checksum(of: UnsafeRawBufferPointer(bytes), header: header) : 0
            for granule in changed {
                for channel in 0..<header.channelCount {
                    let bit = header.sideInfoOffset * 8
                        + MP3SideInfo.globalGainBit(granule: granule - granules.lowerBound, channel: channel, in: header)
                    MP3SideInfo.writeByte(change.apply(to: MP3SideInfo.readByte(at: bit, in: bytes)), at: bit, in: bytes)
                }
            }
            guard header.isProtected else { return false }
            let stored = MP3CRC.stored(in: UnsafeRawBufferPointer(bytes))
            MP3CRC.store(MP3CRC.checksum(of: UnsafeRawBufferPointer(bytes), header: header) ^ stored ^ before, in: bytes)
            return stored != before
        }
        if wrongChecksum { badChecksums.append(frame.offset) }
        editedFrames += 1
    }
}

extension MP3GainRewriter {
    /// What a person should know about frames the plan could not change as asked.
    func warnings(path: String) -> [String] {
        var result: [String] = []
        if !unreachable.isEmpty {
            result.append("'\(path)': \(unreachable.count) frame(s) to censor, the first at byte \(unreachable[0]), end "
                + "before their side information; they were copied unchanged")
        }
        if !badChecksums.isEmpty {
            result.append("'\(path)': \(badChecksums.count) censored frame(s), the first at byte \(badChecksums[0]), "
                + "already had a wrong CRC; it was kept wrong by the same difference")
        }
        return result
    }
}
