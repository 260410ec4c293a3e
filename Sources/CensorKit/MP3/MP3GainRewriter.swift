/// Rewrites the `global_gain` of the granules a ``CodedGainPlan`` changes, frame by frame, in
/// place in the byte stream; a protected frame gets its CRC recomputed, and the change to the
/// music data is taken into the LAME tag's music CRC.
struct MP3GainRewriter {
    /// The plan applied.
    let plan: CodedGainPlan
    /// Frames whose side information was changed.
    private(set) var editedFrames = 0
    /// Frames that needed a change but were cut off before their side information ended.
    private(set) var unreachable: [Int] = []
    /// Changed frames whose CRC was already wrong; theirs stays wrong by the same difference.
    private(set) var badChecksums: [Int] = []
    /// The CRC of the difference the edits made to the music data (``MP3MusicCRCChange``).
    private(set) var musicCRC: MP3MusicCRCChange
    private var cursor = 0
    /// A frame's first bytes before its edit: header, CRC and side information (at most 38).
    private var before = [UInt8](repeating: 0, count: 38)

    /// Prepares to apply `plan` to frames whose music data, for the LAME tag's CRC, are the bytes `music`.
    init(plan: CodedGainPlan, music: Range<Int>) {
        self.plan = plan
        musicCRC = MP3MusicCRCChange(music: music)
    }

    /// Applies the plan to one frame; frames must come in stream order.
    ///
    /// - Parameters:
    ///   - frame: The frame, its header and side information loaded.
    ///   - stream: The bytes holding it.
    /// - Returns: The bytes of the file it changed (the frame's header through its side
    ///   information), or `nil` when it changed none.
    mutating func apply(to frame: MP3Parser.Frame, in stream: MP3ByteStream) -> Range<Int>? {
        let header = frame.header
        let granules = frame.firstGranule..<(frame.firstGranule + header.granuleCount)
        while cursor < plan.runs.count, plan.runs[cursor].upperBound <= granules.lowerBound { cursor += 1 }
        // Runs are separated by an untouched granule, so a frame of at most two meets one run.
        guard cursor < plan.runs.count, plan.runs[cursor].lowerBound < granules.upperBound else { return nil }
        let changed = plan.runs[cursor].clamped(to: granules)
        let end = header.sideInfoOffset + header.sideInfoLength
        guard frame.length >= end else {
            unreachable.append(frame.offset)
            return nil
        }
        let change = plan.change
        let range = frame.offset..<(frame.offset + end)
        let wrongChecksum = stream.withBytes(range) { bytes in
            before.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
            let crc = header.isProtected ? MP3CRC.checksum(of: UnsafeRawBufferPointer(bytes), header: header) : 0
            for granule in changed {
                for channel in 0..<header.channelCount {
                    let bit =
                        header.sideInfoOffset * 8
                        + MP3SideInfo.globalGainBit(
                            granule: granule - granules.lowerBound, channel: channel, in: header)
                    MP3SideInfo.writeByte(
                        change.apply(to: MP3SideInfo.readByte(at: bit, in: bytes)), at: bit, in: bytes)
                }
            }
            var wrong = false
            if header.isProtected {
                let stored = MP3CRC.stored(in: UnsafeRawBufferPointer(bytes))
                MP3CRC.store(
                    MP3CRC.checksum(of: UnsafeRawBufferPointer(bytes), header: header) ^ stored ^ crc, in: bytes)
                wrong = stored != crc
            }
            before.withUnsafeMutableBytes { difference in
                for index in 0..<end { difference[index] ^= bytes[index] }
                musicCRC.add(difference: UnsafeRawBufferPointer(rebasing: difference[..<end]), at: range.lowerBound)
            }
            return wrong
        }
        if wrongChecksum { badChecksums.append(frame.offset) }
        editedFrames += 1
        return range
    }
}

extension MP3GainRewriter {
    /// What a person should know about frames the plan could not change as asked.
    func warnings(path: String) -> [String] {
        var result: [String] = []
        if !unreachable.isEmpty {
            result.append(
                "'\(path)': \(unreachable.count) frame(s) to censor, the first at byte \(unreachable[0]), end "
                    + "before their side information; they were copied unchanged")
        }
        if !badChecksums.isEmpty {
            result.append(
                "'\(path)': \(badChecksums.count) censored frame(s), the first at byte \(badChecksums[0]), "
                    + "already had a wrong CRC; it was kept wrong by the same difference")
        }
        return result
    }
}
