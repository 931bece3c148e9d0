import Foundation

@testable import SearchDemo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `posix_spawn` + `waitpid` with an empty signal mask and default handlers in the child.
///
/// Not `Foundation.Process`: a child started from a test's thread inherits its blocked signals, and
/// `waitUntilExit()` was seen to hang after the tmux client had exited.
enum ChildProcess {
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String], capture: Bool
    ) -> (code: Int32, output: String) {
        CleanSignalSpawn.withAttributes { attributes in
            run(path, arguments, environment: environment, capture: capture, attributes: &attributes)
        }
    }

    private static func run(
        _ path: String, _ arguments: [String], environment: [String: String], capture: Bool,
        attributes: inout posix_spawnattr_t
    ) -> (code: Int32, output: String) {
        var fds: [Int32] = [-1, -1]
        if capture { guard pipe(&fds) == 0 else { return (-1, "pipe failed") } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        if capture { close(fds[1]) }
        guard spawned == 0 else {
            if capture { close(fds[0]) }
            return (-1, "posix_spawn failed: \(spawned)")
        }
        var output = Data()
        if capture {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(fds[0], &buffer, buffer.count)
                if count > 0 {
                    output.append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(fds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : -1, String(decoding: output, as: UTF8.self))
    }
}

/// The scheduler state of a process from `/proc/<pid>/stat` (Linux): `R` running, `S` sleeping, `T` stopped,
/// `Z` a zombie; `nil` when the process is gone (or there is no `/proc`).
func processState(_ pid: pid_t) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
    else { return nil }
    return stat[end...].dropFirst().first { !$0.isWhitespace }
}
