import Foundation

/// The command-line tools tests make and check media with (ffmpeg, espeak-ng, mpg123 …).
package enum ExternalTool {
    /// Runs a tool; returns its standard output and standard error, or throws with the latter
    /// when it fails.
    @discardableResult
    package static func run(_ tool: String, _ arguments: [String]) throws -> (output: Data, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        // Standard error goes to a file, so that neither pipe can fill up while the other is read.
        let errorsPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(tool)-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorsPath.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsPath) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorsPath)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = String(decoding: try Data(contentsOf: errorsPath), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw NSError(
                domain: tool, code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: message])
        }
        return (data, message)
    }
}
