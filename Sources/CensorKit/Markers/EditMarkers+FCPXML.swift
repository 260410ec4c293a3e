import Foundation

extension EditMarkers {
    /// An FCPXML 1.8 document: the file as an asset, and a project whose spine holds it as one
    /// asset clip with a marker per span (`value` the words, `note` the list entries), times in
    /// frames of ``frameRate`` from the file's timecode.
    ///
    /// The elements and attributes follow FCPXML 1.8's DTD: `asset` has its required `id` and
    /// `src`, `sequence` its `format`, `marker` its `start` and `value`, and the asset clip's
    /// markers are its only children.
    var fcpxml: String {
        let start = frameRate.rationalSeconds(startFrame)
        let duration = frameRate.rationalSeconds(durationFrames)
        let name = Self.xmlEscaped((mediaName as NSString).deletingPathExtension)
        let tcFormat = dropFrame ? "DF" : "NDF"
        let layout = channels == 1 ? "mono" : channels == 2 ? "stereo" : "surround"
        let sequenceRate = Self.fcpxmlAudioRates[sampleRate].map { " audioRate=\"\($0)\"" } ?? ""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<!DOCTYPE fcpxml>",
            "<fcpxml version=\"1.8\">",
            "    <resources>",
            "        <format id=\"r1\" frameDuration=\"\(frameRate.rationalSeconds(1))\"/>",
            "        <asset id=\"r2\" name=\"\(name)\" src=\"\(Self.xmlEscaped(mediaURL))\" start=\"\(start)\" "
                + "duration=\"\(duration)\" hasVideo=\"\(hasVideo ? 1 : 0)\" format=\"r1\" hasAudio=\"1\" "
                + "audioSources=\"1\" audioChannels=\"\(channels)\" audioRate=\"\(sampleRate)\"/>",
            "    </resources>",
            "    <library>",
            "        <event name=\"censor\">",
            "            <project name=\"\(name) censored\">",
            "                <sequence format=\"r1\" duration=\"\(duration)\" tcStart=\"\(start)\" tcFormat=\"\(tcFormat)\" "
                + "audioLayout=\"\(layout)\"\(sequenceRate)>",
            "                    <spine>",
            "                        <asset-clip ref=\"r2\" name=\"\(name)\" offset=\"\(start)\" start=\"\(start)\" "
                + "duration=\"\(duration)\" tcFormat=\"\(tcFormat)\">",
        ]
        for marker in markers {
            let frames = frames(of: marker)
            lines.append(
                "                            <marker start=\"\(frameRate.rationalSeconds(startFrame + frames.lowerBound))\" "
                    + "duration=\"\(frameRate.rationalSeconds(frames.count))\" value=\"\(Self.xmlEscaped(marker.name))\" "
                    + "note=\"\(Self.xmlEscaped(marker.pattern))\"/>")
        }
        lines += [
            "                        </asset-clip>",
            "                    </spine>",
            "                </sequence>",
            "            </project>",
            "        </event>",
            "    </library>",
            "</fcpxml>",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The audio rates a `sequence` may name (FCPXML's `audioHz`), by samples per second.
    private static let fcpxmlAudioRates = [
        32000: "32k", 44100: "44.1k", 48000: "48k", 88200: "88.2k", 96000: "96k", 176_400: "176.4k", 192_000: "192k",
    ]

    /// `text` with XML's five special characters as entities and control characters as spaces.
    static func xmlEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character.isNewline || character == "\t" ? " " : character)
            }
        }
        return result
    }
}
