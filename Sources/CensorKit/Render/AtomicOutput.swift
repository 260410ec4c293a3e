import Foundation

/// An output written to a temporary file beside its destination and renamed into place only
/// when complete, so a failure or interruption never leaves a partial file.
struct AtomicOutput {
    /// Where the finished file goes.
    let destination: String
    /// Where it is written meanwhile: a hidden file in the destination's folder.
    let temporary: String
    /// The mode bits the finished file gets when it replaces the input.
    private let permissions: mode_t?

    /// Checks that `destination` can be written and picks the temporary path.
    ///
    /// - Throws: ``CensorError`` when the folder is missing, the destination is `input` and
    ///   `replacingInput` is false, or it exists and `overwrite` is false.
    init(destination: String, input: String, overwrite: Bool, replacingInput: Bool = false) throws(CensorError) {
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw .noOutputFolder(path: destination)
        }
        let isInput = Self.sameFile(destination, input)
        if isInput, !replacingInput { throw .outputIsInput(path: destination) }
        if !isInput, !overwrite, FileManager.default.fileExists(atPath: destination) {
            throw .outputExists(path: destination)
        }
        var status = stat()
        permissions = isInput && stat(input, &status) == 0 ? status.st_mode & 0o7777 : nil
        self.destination = destination
        let random = UInt32.random(in: 0...UInt32.max)
        temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).censor-\(getpid())-\(String(random, radix: 36)).tmp").path
    }

    /// Renames the finished temporary file to the destination.
    func commit() throws(CensorError) {
        if let permissions { chmod(temporary, permissions) }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw .cannotFinish(path: destination, reason: reason)
        }
    }

    /// Removes the temporary file, if any.
    func discard() {
        unlink(temporary)
    }

    /// Whether two paths name the same file (the same device and inode, or the same path).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else {
            return URL(fileURLWithPath: a).standardizedFileURL == URL(fileURLWithPath: b).standardizedFileURL
        }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
