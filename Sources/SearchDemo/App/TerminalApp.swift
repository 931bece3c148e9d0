import Foundation
import Streams
import StreamsMVC

/// The interactive app: a ``TerminalSession``, the ``SearchTerminalView``, the ``SearchCoordinator``
/// and the main loop.
///
/// Main loop: a command-line program has no running main queue unless it calls `dispatchMain()`.
/// The UI lives on the main queue, so the app calls `dispatchMain()` and never returns; key events
/// (read on the session's reader thread) hop to the main queue, `combineModel` delivers states on the
/// main scheduler (its default), the view's timers use it too, and the view and the coordinator are
/// main-actor classes. So the view's mutable state (the search line, the last frame) is touched by
/// one thread only, while searches run on Swift concurrency's threads and only their results hop back.
///
/// The terminal is restored on every exit: Ctrl-C and end of input go through ``quit(status:)``;
/// SIGINT/SIGTERM/SIGHUP, crashes and `exit()` are covered by the session's signal handling. Ctrl-Z
/// suspends through the session, which gives the terminal back; on `fg` everything is drawn again.
/// ``SearchDemoCommand`` starts the app only after ``TerminalRequirement`` found a usable terminal.
///
/// The ``Inspector`` is on from the start (`--query` mode, which has no screen and no keys, leaves it off), so
/// Ctrl-T can show the screen's live subscriptions.
enum TerminalApp {
    /// Takes over the terminal and runs until the user quits; exits the process.
    static func run(searching: any RepositorySearching, options: CommandLineOptions) -> Never {
        MainActor.assumeIsolated { start(searching: searching, options: options) }
        dispatchMain()
    }

    @MainActor private static var current: Running?

    @MainActor
    private static func start(searching: any RepositorySearching, options: CommandLineOptions) {
        // Ctrl-T shows the inspector, which sees only chains built while it is on: turn it on before the
        // screen's chains exist. Always on in the terminal UI: it costs a little per element and per
        // subscription, nothing a person typing can notice, and a newcomer should not need a flag to look.
        Inspector.isEnabled = true
        let session = TerminalSession()
        let screen = FrameOutput(session: session)
        let view = SearchTerminalView(
            size: session.size, scheduler: MainScheduler.instance, highlightsMatches: options.highlightsMatches
        ) { frame, size in
            guard screen.draw(frame, size: size) else {
                quit(status: SearchDemoCommand.ExitStatus.failure)
            }
        }
        let debounce = RxTimeInterval.milliseconds(options.debounceMilliseconds)
        let coordinator = SearchCoordinator(opener: URLOpener(), notify: view.showNotice) { navigator in
            let controller = SearchController(
                searching: searching, scheduler: MainScheduler.instance, debounce: debounce, navigator: navigator)
            return combineModel(
                SearchModel(note: searching.startScreenNote), withView: view, statefulController: controller,
                andUserInteractable: view,
                onUnhandledError: { _ in
                    DispatchQueue.main.async { view.showNotice("internal error") }
                })
        }
        current = Running(session: session, coordinator: coordinator)
        do {
            try session.start { event in
                DispatchQueue.main.async { MainActor.assumeIsolated { handle(event, view: view, screen: screen) } }
            }
        } catch {
            FileHandle.standardError.write(Data("search-demo: \(error.userMessage)\n".utf8))
            exit(SearchDemoCommand.ExitStatus.failure)
        }
        coordinator.start()
        view.redraw()
    }

    @MainActor
    private static func handle(_ event: TerminalEvent, view: SearchTerminalView, screen: FrameOutput) {
        switch event {
        case .key(let key):
            switch view.handle(key) {
            case .handled: break
            case .suspend:
                if !screen.session.suspend() { view.showNotice("suspending needs a shell with job control") }
            case .quit: quit(status: SearchDemoCommand.ExitStatus.success)
            }
        case .resize(let size):
            view.resize(to: size)
        case .resumed(let size):
            screen.invalidate()
            view.redrawAll(at: size)
        case .inputClosed:
            quit(status: SearchDemoCommand.ExitStatus.success)
        }
    }

    /// Tears the screen down, restores the terminal and exits.
    @MainActor
    private static func quit(status: Int32) -> Never {
        current?.coordinator.stop()
        current?.session.restore()
        exit(status)
    }

    private struct Running {
        let session: TerminalSession
        let coordinator: SearchCoordinator
    }
}

/// Where the view's frames go: a ``ScreenWriter`` (which sends only what changed) into the session.
private final class FrameOutput: @unchecked Sendable {  // used on the main queue only
    let session: TerminalSession
    private var writer = ScreenWriter()

    init(session: TerminalSession) { self.session = session }

    /// Writes the changes that turn the screen into `frame`; `false` when the terminal output is gone.
    func draw(_ frame: Frame, size: TerminalSize) -> Bool {
        (try? session.write(writer.render(frame, size: size))) != nil
    }

    /// Forgets what is on screen, so the next frame is drawn whole.
    func invalidate() {
        writer.invalidate()
    }
}
