/// Applies a ``CodedGainPlan`` to the packets of an ``AACStream``: each changed packet is
/// rewritten to the same number of bytes, so that no size, offset or timestamp changes.
///
/// Mute replaces a packet by an ``AACSilentBlock``. Duck lowers the `global_gain` of a mono
/// stream's single channel element: the scalefactors and PNS energies are coded as differences
/// from it (§4.6.2.3), so every coefficient drops by 2^(−steps/4) and no other bit moves. A
/// stereo stream's second channel's `global_gain` lies behind the first channel's Huffman-coded
/// data, so ducking it is not offered (``supports(_:stream:)``). A packet that cannot be read as
/// AAC-LC, or whose gain is below the steps, is muted instead: no word passes at its level.
struct AACGainEditor {
    /// The plan applied.
    let plan: CodedGainPlan
    /// The stream's channel elements (``AACSilentBlock/elements(channelConfiguration:)``).
    private let elements: [AACRawBlock.ElementID]
    /// The first packet muted instead of ducked, and why.
    private(set) var firstMutedInstead: (packet: Int, reason: String)?
    /// How many packets were muted instead of ducked.
    private(set) var mutedInsteadCount = 0
    /// Packets changed.
    private(set) var editedPackets = 0

    /// Why `plan`'s change cannot be made to `stream`, or `nil` when it can.
    static func unsupported(_ change: CodedGainPlan.Change, stream: AACStream) -> String? {
        guard AACSilentBlock.elements(channelConfiguration: stream.channelConfiguration) != nil else {
            return "its channel configuration \(stream.channelConfiguration) is not one of 1 to 7"
        }
        if case .lower = change, stream.channelConfiguration != 1 {
            return "ducking is done on the compressed data of mono AAC only (a second channel's gain lies behind the first's "
                + "Huffman-coded data); mute is done on any"
        }
        return nil
    }

    /// Prepares to apply `plan` to `stream`, which ``unsupported(_:stream:)`` accepts.
    init(plan: CodedGainPlan, stream: AACStream) {
        self.plan = plan
        elements = AACSilentBlock.elements(channelConfiguration: stream.channelConfiguration) ?? []
    }

    /// The packet `index`, whose bytes are `bytes`, as the plan changes it.
    ///
    /// - Throws: ``AACUnsupported`` when a silent block does not fit in the packet.
    mutating func edit(packet index: Int, _ bytes: [UInt8]) throws(AACUnsupported) -> [UInt8] {
        editedPackets += 1
        let block: AACRawBlock?
        var failure: String?
        do {
            block = try AACRawBlock(bytes, range: 0..<bytes.count)
            if block?.element != elements.first { failure = "its first channel element is not the configuration's" }
        } catch {
            block = nil
            failure = error.description
        }
        if case let .lower(steps) = plan.change {
            if let block, failure == nil, Int(block.globalGain) >= steps {
                var edited = bytes
                edited.withUnsafeMutableBytes { raw in
                    MP3SideInfo.writeByte(block.globalGain - UInt8(steps), at: block.globalGainBit, in: raw)
                }
                return edited
            }
            let reason = failure ?? "its global_gain (\(block?.globalGain ?? 0)) is below \(steps) steps"
            if firstMutedInstead == nil { firstMutedInstead = (index, reason) }
            mutedInsteadCount += 1
        }
        let usable = failure == nil ? block : nil
        guard let silent = AACSilentBlock.make(
            length: bytes.count, elements: elements, firstTag: usable?.tag ?? 0, window: usable?.window ?? .long)
        else {
            throw AACUnsupported("packet \(index) (\(bytes.count) bytes) is too short to hold a silent frame")
        }
        return silent
    }

    /// What a person should know about packets not changed as asked.
    func warnings(path: String) -> [String] {
        guard let first = firstMutedInstead else { return [] }
        return ["'\(path)': \(mutedInsteadCount) packet(s) to duck, the first packet \(first.packet), were muted instead: "
            + first.reason]
    }
}
