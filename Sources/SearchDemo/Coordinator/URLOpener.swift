import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens a URL in the user's browser with `xdg-open` (Linux) or `open` (macOS), when one is on `PATH`.
struct URLOpener: Sendable {
    /// The program that opens URLs, or `nil` when none was found.
    let program: String?

    /// An opener using the first of `xdg-open` and `open` found on `path` (the `PATH` variable).
    init(path: String? = ProcessInfo.processInfo.environment["PATH"]) {
        let directories = (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        program = ["xdg-open", "open"].lazy
            .flatMap { name in directories.map { "\($0)/\(name)" } }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// An opener that uses `program` (or none).
    init(program: String?) {
        self.program = program
    }

    /// Starts the opener for `url` without waiting for it; returns `false` when there is no opener
    /// or it could not be started.
    ///
    /// The child gets an empty signal mask and default signal handlers (a thread that started it may
    /// block signals, and a child inherits that mask), and `/dev/null` for its standard streams so
    /// it cannot draw over the terminal UI. A background thread reaps it.
    func open(_ url: String) -> Bool {
        guard let program else { return false }
        return Self.spawn(program, arguments: [url])
    }

    private static func spawn(_ program: String, arguments: [String]) -> Bool {
        CleanSignalSpawn.withAttributes { attributes in spawn(program, arguments: arguments, attributes: &attributes) }
    }

    private static func spawn(_ program: String, arguments: [String], attributes: inout posix_spawnattr_t) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        guard posix_spawn(&pid, program, &actions, &attributes, argv, environ) == 0 else { return false }
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
        }
        return true
    }
}
