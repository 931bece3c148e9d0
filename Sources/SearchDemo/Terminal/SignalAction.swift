#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A C signal handler, or `SIG_IGN` / `SIG_DFL`.
typealias SignalHandler = @convention(c) (Int32) -> Void

/// A `sigaction` that calls `handler` with `flags` and blocks no extra signals.
func makeAction(_ handler: SignalHandler, flags: Int32) -> sigaction {
    var action = sigaction()
    #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
    #else
        action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    return action
}

/// Whether `action` ignores its signal (`SIG_IGN`).
func isIgnoring(_ action: sigaction) -> Bool {
    #if canImport(Glibc)
        let handler = action.__sigaction_handler.sa_handler
    #else
        let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
}
