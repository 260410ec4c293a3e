/// Applies a ``CodedGainPlan`` to the packets of an ``AACStream``: each changed packet is
/// rewritten to the same number of bytes, so that no size, offset or timestamp changes.
///
/// Mute replaces a packet by an ``AACSilentBlock``. Duck lowers the `global_gain` of every
/// channel stream of every channel element — mono, stereo and channel configurations 3 to 7
/// alike: the scalefactors and noise energies are coded as differences from it (§4.6.2.3), so
/// every coefficient drops by 2^(−steps/4) and no other bit moves. Intensity-stereo positions
/// are relative to the first channel, which drops too; mid/side pairs drop together. The gains
/// after the first lie behind Huffman-coded data, so each packet is read whole, to its `ID_END`
/// (``AACBlockLayout``). A packet that cannot be read so, whose elements are not the channel
/// configuration's (a coupling channel element, a program config element), or whose gain or
/// scalefactors lie below the steps, is muted instead: no word passes at its level.
struct AACGainEditor {
    /// The plan applied.
    let plan: CodedGainPlan
    /// The stream's channel elements (``AACSilentBlock/elements(channelConfiguration:)``).
    private let elements: [AACRawBlock.ElementID]
    /// The stream's rate, which picks the scalefactor band tables.
    private let sampleRate: Int
    /// The first packet muted instead of ducked, and why.
    private(set) var firstMutedInstead: (packet: Int, reason: String)?
    /// How many packets were muted instead of ducked.
    private(set) var mutedInsteadCount = 0
    /// Packets changed.
    private(set) var editedPackets = 0

    /// Why `plan`'s change cannot be made to `stream`, or `nil` when it can.
    ///
    /// Mute and duck are made on channel configurations 1 to 7; streams laid out by a program
    /// config element (configuration 0, as 8 channels and more are) are refused.
    static func unsupported(_ change: CodedGainPlan.Change, stream: AACStream) -> String? {
        guard AACSilentBlock.elements(channelConfiguration: stream.channelConfiguration) != nil else {
            return "its channel configuration \(stream.channelConfiguration) is not one of 1 to 7"
        }
        return nil
    }

    /// Prepares to apply `plan` to `stream`, which ``unsupported(_:stream:)`` accepts.
    init(plan: CodedGainPlan, stream: AACStream) {
        self.plan = plan
        elements = AACSilentBlock.elements(channelConfiguration: stream.channelConfiguration) ?? []
        sampleRate = stream.sampleRate
    }

    /// The packet `index`, whose bytes are `bytes`, as the plan changes it.
    ///
    /// - Throws: ``AACUnsupported`` when a silent block does not fit in the packet.
    mutating func edit(packet index: Int, _ bytes: [UInt8]) throws(AACUnsupported) -> [UInt8] {
        editedPackets += 1
        if case let .lower(steps) = plan.change {
            switch lowered(bytes, steps: steps) {
            case let .success(edited):
                return edited
            case let .failure(reason):
                if firstMutedInstead == nil { firstMutedInstead = (index, reason.reason) }
                mutedInsteadCount += 1
            }
        }
        var usable: AACRawBlock?
        if let block = try? AACRawBlock(bytes, range: 0..<bytes.count), block.element == elements.first {
            usable = block
        }
        guard
            let silent = AACSilentBlock.make(
                length: bytes.count, elements: elements, firstTag: usable?.tag ?? 0, window: usable?.window ?? .long)
        else {
            throw AACUnsupported("packet \(index) (\(bytes.count) bytes) is too short to hold a silent frame")
        }
        return silent
    }

    /// `bytes` with every scaled channel's `global_gain` lowered by `steps`, or why not.
    func lowered(_ bytes: [UInt8], steps: Int) -> Result<[UInt8], AACUnsupported> {
        let layout: AACBlockLayout
        do {
            layout = try AACBlockLayout(bytes, range: 0..<bytes.count, sampleRate: sampleRate)
        } catch {
            return .failure(AACUnsupported(error.description))
        }
        guard layout.elements.map(\.id) == elements else {
            let found = layout.elements.map { "\($0.id)" }.joined(separator: ", ")
            return .failure(AACUnsupported("its elements (\(found)) are not the channel configuration's"))
        }
        guard (layout.endBit + 7) / 8 == bytes.count else {
            return .failure(AACUnsupported("its ID_END ends bit \(layout.endBit) of its \(bytes.count * 8)"))
        }
        let channels = layout.channels.filter(\.isScaled)
        if let low = channels.first(where: { !$0.lowers(by: steps) }) {
            return .failure(
                AACUnsupported(
                    "a channel's global_gain (\(low.globalGain)) or lowest scalefactor "
                        + "(\(low.lowestScalefactor ?? low.globalGain)) is below \(steps) steps, or a noise energy "
                        + "lies outside the range decoders take"))
        }
        var edited = bytes
        edited.withUnsafeMutableBytes { raw in
            for channel in channels {
                MP3SideInfo.writeByte(UInt8(channel.globalGain - steps), at: channel.globalGainBit, in: raw)
            }
        }
        return .success(edited)
    }

    /// What a person should know about packets not changed as asked.
    func warnings(path: String) -> [String] {
        guard let first = firstMutedInstead else { return [] }
        return [
            "'\(path)': \(mutedInsteadCount) packet(s) to duck, the first packet \(first.packet), were muted instead: "
                + first.reason
        ]
    }
}
