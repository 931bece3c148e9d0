import Foundation
import Streams
import StreamsMVC

/// The search screen in the terminal: the StreamsMVC `View` and `UserInteractable` of the app.
///
/// It owns the search line (``SearchKeyMap``), turns key presses into ``SearchEvent``s, and draws
/// frames with ``SearchScreenRenderer`` through `draw`. It binds the shared state stream three times:
/// the screen itself, the error toast (throttled to one new toast per second), and the spinner (ticking
/// only while something loads). Redraws happen only when something visible changed; the frame writer
/// sends only the lines that differ.
///
/// Isolation: the view is main-actor code. Key events are hopped to the main actor by the app; each
/// binding ends in a `Driver`, so states, toasts and spinner frames reach the view on the main actor
/// (in virtual time inside `SharingScheduler.mock`); the toast and spinner timers run on `scheduler`.
@MainActor
final class SearchTerminalView: View, UserInteractable {
    /// The state the view renders.
    typealias State = SearchState
    /// The events the view produces from key presses.
    typealias Event = SearchEvent

    private let events = PublishSubject<SearchEvent>()
    private let scheduler: any SchedulerType
    private let draw: @MainActor (Frame, TerminalSize) -> Void
    private var keys = SearchKeyMap()
    private var state = SearchState()
    private var size: TerminalSize
    private var toast: String?
    private var notice: String?
    private var spinnerFrame = 0
    private var lastFrame: Frame?

    private let highlightsMatches: Bool

    /// A view of `size` that draws with `draw` and runs its timers on `scheduler`; with `highlightsMatches`,
    /// the query's words are underlined and bold in each row's name and description (see ``MatchHighlighter``).
    init(
        size: TerminalSize, scheduler: any SchedulerType, highlightsMatches: Bool = false,
        draw: @escaping @MainActor (Frame, TerminalSize) -> Void
    ) {
        self.size = size
        self.scheduler = scheduler
        self.highlightsMatches = highlightsMatches
        self.draw = draw
    }

    /// The user's events: edits of the search line, selection moves, detail and open requests.
    func interact() -> Observable<SearchEvent> { events.asObservable() }

    /// Binds the screen, the throttled error toast and the spinner to the shared state stream.
    func update(stateStream: Observable<SearchState>) -> any Disposable {
        let screen = stateStream.distinctUntilChanged()
            .asDriver(onErrorDriveWith: .empty())
            .drive(onNext: { [weak self] state in
                guard let self else { return }
                self.state = state
                if state.errorMessage == nil { toast = nil }
                redraw()
            })
        let toasts = stateStream.map(\.errorMessage).distinctUntilChanged().compactMap { $0 }
            .throttle(.seconds(1), scheduler: scheduler)
            .asDriver(onErrorDriveWith: .empty())
            .drive(onNext: { [weak self] message in
                self?.toast = message
                self?.redraw()
            })
        let scheduler = self.scheduler
        let spinner = stateStream.map { $0.phase == .loading || $0.phase == .loadingNextPage }
            .distinctUntilChanged()
            .flatMapLatest { loading in
                loading ? Observable<Int>.interval(.milliseconds(100), scheduler: scheduler) : .empty()
            }
            .asDriver(onErrorDriveWith: .empty())
            .drive(onNext: { [weak self] frame in
                self?.spinnerFrame = frame + 1
                self?.redraw()
            })
        return Disposables.create(screen, toasts, spinner)
    }

    /// What the app must do after a key.
    enum KeyResponse: Sendable, Equatable {
        /// Nothing more: the key was handled (or ignored).
        case handled
        /// Suspend (Ctrl-Z).
        case suspend
        /// Quit (Ctrl-C).
        case quit
    }

    /// Handles one key; tells the app when the user asked to suspend or quit.
    func handle(_ key: Key) -> KeyResponse {
        let pageSize = max(size.rows - 3, 1)
        switch keys.handle(key, showingDetail: state.detail != nil, pageSize: pageSize) {
        case .quit:
            return .quit
        case .suspend:
            return .suspend
        case .events(let list):
            notice = nil
            redraw()
            list.forEach(events.onNext)
            return .handled
        }
    }

    /// Adopts a new terminal size and redraws.
    func resize(to size: TerminalSize) {
        self.size = size
        redraw()
    }

    /// Adopts `size` and draws the whole frame again, even if nothing changed: the terminal was given back
    /// (Ctrl-Z) and taken again, so what it shows is unknown. The frame writer must forget its screen too.
    func redrawAll(at size: TerminalSize) {
        self.size = size
        lastFrame = nil
        redraw()
    }

    /// Shows `text` in the status line until the next key press (used by the coordinator).
    func showNotice(_ text: String) {
        notice = text
        redraw()
    }

    /// Draws the current frame (the writer skips lines that did not change).
    func redraw() {
        let overlay = SearchScreenRenderer.Overlay(toast: notice ?? toast, spinnerFrame: spinnerFrame)
        let lines = SearchScreenRenderer.render(state: state, query: keys.text, size: size, overlay: overlay)
        // The words of the query the listed results belong to (not of one still being typed).
        let matched = highlightsMatches && state.detail == nil ? try? SearchQuery.parse(state.resultsQuery) : nil
        let styled = lines.enumerated().map { row, line -> ScreenLine in
            if row == lines.count - 1 && lines.count > 1 {
                return ScreenLine(DisplayWidth.pad(line, toWidth: size.columns), style: TextStyle(reversed: true))
            }
            let base = line.hasPrefix("> ") ? TextStyle(bold: true) : TextStyle.plain
            if row > 0, let matched, !line.isEmpty {
                return MatchHighlighter.row(line, query: matched, columns: size.columns, base: base)
            }
            return ScreenLine(line, style: base)
        }
        let column = SearchScreenRenderer.cursorColumn(query: keys.text, columns: size.columns)
        let cursor = ScreenPosition(row: 0, column: column)
        let frame = Frame(lines: styled, cursor: cursor)
        guard frame != lastFrame else { return }
        lastFrame = frame
        draw(frame, size)
    }
}
