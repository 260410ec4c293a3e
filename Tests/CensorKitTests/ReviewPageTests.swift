import CSndFile
import CensorTestFiles
import Foundation
import Testing

@testable import CensorKit

/// The review page's parts that need no browser: waveform peaks, script-safe JSON, relative
/// paths, and the page's resources (embedded at build time, linted with node).
@Suite struct ReviewPageTests {
    /// A float WAV holding `samples` (interleaved), for exact peak values.
    static func floatFile(_ samples: [Float], channels: Int, in folder: AudioFiles.Folder) throws -> String {
        let path = folder.path("peaks.wav")
        let format = AudioFileFormat(
            code: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), sampleRate: 8_000, channelCount: channels)
        let writer = try AudioWriter(creating: path, for: path, format: format, metadata: AudioMetadata())
        try samples.withUnsafeBufferPointer {
            try writer.write(from: $0.baseAddress!, frames: samples.count / channels)
        }
        try writer.close()
        return path
    }

    @Test("peaks are the lowest and highest sample of each equal bucket, over all channels, as bytes")
    func peaksOfBuckets() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        // Frames (left, right); buckets of 10 frames in 3: [0, 3), [3, 6), [6, 10).
        let left: [Float] = [0.5, -0.25, 1, -1, 0, 0.1, 0.2, -0.3, 0.4, 0]
        let right: [Float] = [0, 0, 0, 0, 0.05, 0, 0, 0, 0, -0.5]
        let path = try Self.floatFile(zip(left, right).flatMap { [$0, $1] }, channels: 2, in: folder)
        let peaks = try WaveformPeaks(reading: AudioReader(path: path), range: 0..<10, buckets: 3)
        // 1 → 127, −0.25 → −31.75 → −32, 0.1 → 12.7 → 13, −0.5 → −63.5 → −64, 0.4 → 50.8 → 51.
        #expect(peaks.bytes == [-32, 127, -127, 13, -64, 51])
        // Fewer frames than buckets: a bucket a frame; the right channel (0) counts too.
        #expect(
            try WaveformPeaks(reading: AudioReader(path: path), range: 2..<4, buckets: 5).bytes == [0, 127, -127, 0])
    }

    @Test("a bucket that spans reading blocks gets the extremes of both parts")
    func peaksAcrossBlocks() throws {
        let folder = try AudioFiles.Folder()
        defer { folder.remove() }
        // 200 000 frames in 3 buckets: [0, 66 666), [66 666, 133 333), [133 333, 200 000); blocks
        // of 65 536 frames, so every bucket is read in two or three blocks.
        var samples = [Float](repeating: 0, count: 200_000)
        samples[65_540] = -0.6
        samples[66_666] = 0.3
        samples[133_332] = -0.8
        samples[133_333] = 0.9
        samples[199_999] = -0.2
        let path = try Self.floatFile(samples, channels: 1, in: folder)
        let peaks = try WaveformPeaks(reading: AudioReader(path: path), range: 0..<200_000, buckets: 3)
        #expect(peaks.bytes == [-76, 0, -102, 38, -25, 114])
        #expect(peaks.base64 == Data([180, 0, 154, 38, 231, 114]).base64EncodedString())
    }

    @Test("the page's JSON escapes what could end its script element, and still reads back the same")
    func scriptSafeJSON() throws {
        let hostile = "</script><script>alert(1)</script> <!-- & > \u{2028}\u{2029} <img src=x onerror=alert(2)>"
        let json = String(decoding: try JSONEncoder().encode([hostile]), as: UTF8.self)
        let safe = ReviewData.scriptSafe(json)
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!safe.contains(forbidden)) }
        #expect(safe.contains("\\u003c\\/script\\u003e"))
        let decoded = try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [String]
        #expect(decoded == [hostile])
    }

    @Test(
        "audio is referenced by its path relative to the page's folder",
        arguments: [
            ("/work/a/talk.wav", "/work/a/review.html", "talk.wav"),
            ("/work/a/talk.wav", "/work/a/pages/review.html", "../talk.wav"),
            ("/work/a/b/talk censored.wav", "/work/review.html", "a/b/talk censored.wav"),
            ("/data/talk.wav", "/work/a/review.html", "../../data/talk.wav"),
        ])
    func relativePaths(audio: String, page: String, expected: String) {
        #expect(ReviewPage.relativePath(of: audio, from: page) == expected)
    }

    @Test("the page's markup, style and script are embedded whole, with nothing that could end their elements")
    func resourcesEmbedded() throws {
        let css = String(decoding: PackageResources.review_css, as: UTF8.self)
        let js = String(decoding: PackageResources.review_js, as: UTF8.self)
        #expect(!css.lowercased().contains("</style"))
        #expect(!js.lowercased().contains("</script"))
        #expect(!js.contains("<!--"))
        let page = ReviewPage.assemble(data: "{}")
        #expect(!page.contains("<!-- censor:"))
        #expect(page.contains("<script type=\"application/json\" id=\"review-data\">{}</script>"))
        #expect(page.contains(css) && page.contains(js))
        // Nothing is fetched: no src or href attribute, no url() in the style, no import in the script.
        for external in ["src=", "href=", "url(", "import ", "@import", "http://", "https://"] {
            #expect(!page.replacingOccurrences(of: js, with: "").contains(external), "\(external)")
        }
        #expect(!js.contains("fetch(") && !js.contains("XMLHttpRequest") && !js.contains("import("))
    }

    @Test("the page's script and the tests' probe pass node --check")
    func scriptsLint() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for file in ["Sources/CensorKit/Review/Resources/review.js", "scripts/review-probe.js"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["node", "--check", root.appendingPathComponent(file).path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(file): \(message)")
        }
    }
}
