import Foundation
import Synchronization

/// The ffmpeg and ffprobe programs censor has started and not yet reaped, so that every way
/// censor ends ends them too: an interrupted run (SIGINT, SIGTERM …) kills and reaps them
/// before it exits (``terminateAll()``), and an abandoned ``FFmpeg/Run`` kills its own.
///
/// The programs run in censor's process group with the default signal dispositions and an
/// empty signal mask, so a Ctrl-C at the terminal reaches them as it reaches censor.
public enum ChildProcesses {
    private static let running = Mutex<Set<pid_t>>([])

    /// Records a started program.
    static func started(_ pid: pid_t) {
        running.withLock { _ = $0.insert(pid) }
    }

    /// Forgets a program that has been reaped.
    static func reaped(_ pid: pid_t) {
        running.withLock { _ = $0.remove(pid) }
    }

    /// Kills every program still running (SIGKILL: their output is being removed) and reaps
    /// it, so that none outlives censor; for the code that ends an interrupted process.
    public static func terminateAll() {
        let pids = running.withLock { pids in
            defer { pids.removeAll() }
            return pids
        }
        for pid in pids { kill(pid, SIGKILL) }
        for pid in pids {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        }
    }
}
