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
/// Ctrl-T shows the ``InspectorPanel``: `inspect()` (in the app, `Inspector.snapshot()`'s text) is read at every
/// redraw while it is shown, and every ``inspectorRefresh`` on `scheduler`, so requests that start or end
/// without changing the state still show within a quarter of a second. That refresh is a scheduler timer,
/// not a stream, so it does not show up in the tree it draws.
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
    private let inspect: @MainActor () -> String
    private var showsInspector = false
    /// The inspector panel's refresh timer while the panel is shown.
    private let inspectorTimer = SerialDisposable()

    /// How often the shown inspector panel reads the snapshot again.
    static let inspectorRefresh = RxTimeInterval.milliseconds(250)

    /// A view of `size` that draws with `draw` and runs its timers on `scheduler`; with `highlightsMatches`,
    /// the query's words are underlined and bold in each row's name and description (see ``MatchHighlighter``).
    /// `inspect` gives the inspector panel's text (tests pass a fixed one).
    init(
        size: TerminalSize, scheduler: any SchedulerType, highlightsMatches: Bool = false,
        inspect: @escaping @MainActor () -> String = { InspectorPanel.text(of: Inspector.snapshot()) },
        draw: @escaping @MainActor (Frame, TerminalSize) -> Void
    ) {
        self.size = size
        self.scheduler = scheduler
        self.highlightsMatches = highlightsMatches
        self.inspect = inspect
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
        return Disposables.create(screen, toasts, spinner, inspectorTimer)
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
        case .toggleInspector:
            toggleInspector()
            return .handled
        case .events(let list):
            notice = nil
            redraw()
            list.forEach(events.onNext)
            // What the events started (a debounce's timer, a request) is in the tree now.
            if showsInspector && !list.isEmpty { redraw() }
            return .handled
        }
    }

    /// Whether the inspector panel is shown.
    var isShowingInspector: Bool { showsInspector }

    /// Shows or hides the inspector panel; while shown, it is read again every ``inspectorRefresh``.
    private func toggleInspector() {
        showsInspector.toggle()
        if showsInspector {
            inspectorTimer.disposable = scheduler.schedulePeriodic(
                0, startAfter: Self.inspectorRefresh, period: Self.inspectorRefresh
            ) { [weak self] tick in
                // `scheduler` runs its work where the view lives: the main queue (or a test on the main actor).
                MainActor.assumeIsolated { self?.redraw() }
                return tick &+ 1
            }
        } else {
            inspectorTimer.disposable = Disposables.create()
        }
        redraw()
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
        let inspector = showsInspector ? inspect() : nil
        let lines = SearchScreenRenderer.render(
            state: state, query: keys.text, size: size, overlay: overlay, inspector: inspector)
        let listRows = SearchScreenRenderer.bodyRows(size: size, showingInspector: showsInspector).list
        // The words of the query the listed results belong to (not of one still being typed).
        let matched = highlightsMatches && state.detail == nil ? try? SearchQuery.parse(state.resultsQuery) : nil
        let styled = lines.enumerated().map { row, line -> ScreenLine in
            if row == lines.count - 1 && lines.count > 1 {
                return ScreenLine(DisplayWidth.pad(line, toWidth: size.columns), style: TextStyle(reversed: true))
            }
            guard row <= listRows else {
                // The inspector panel: its title bold, the tree plain.
                return ScreenLine(line, style: row == listRows + 1 ? TextStyle(bold: true) : .plain)
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
