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
public final class SearchTerminalView: View, UserInteractable {
    /// The state the view renders.
    public typealias State = SearchState
    /// The events the view produces from key presses.
    public typealias Event = SearchEvent

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

    /// A view of `size` that draws with `draw` and runs its timers on `scheduler`.
    public init(
        size: TerminalSize, scheduler: any SchedulerType, draw: @escaping @MainActor (Frame, TerminalSize) -> Void
    ) {
        self.size = size
        self.scheduler = scheduler
        self.draw = draw
    }

    /// The user's events: edits of the search line, selection moves, detail and open requests.
    public func interact() -> Observable<SearchEvent> { events.asObservable() }

    /// Binds the screen, the throttled error toast and the spinner to the shared state stream.
    public func update(stateStream: Observable<SearchState>) -> any Disposable {
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

    /// Handles one key; returns `false` when the user asked to quit.
    public func handle(_ key: Key) -> Bool {
        let pageSize = max(size.rows - 3, 1)
        switch keys.handle(key, showingDetail: state.detail != nil, pageSize: pageSize) {
        case .quit:
            return false
        case .events(let list):
            notice = nil
            redraw()
            list.forEach(events.onNext)
            return true
        }
    }

    /// Adopts a new terminal size and redraws.
    public func resize(to size: TerminalSize) {
        self.size = size
        redraw()
    }

    /// Shows `text` in the status line until the next key press (used by the coordinator).
    public func showNotice(_ text: String) {
        notice = text
        redraw()
    }

    /// Draws the current frame (the writer skips lines that did not change).
    public func redraw() {
        let overlay = SearchScreenRenderer.Overlay(toast: notice ?? toast, spinnerFrame: spinnerFrame)
        let lines = SearchScreenRenderer.render(state: state, query: keys.text, size: size, overlay: overlay)
        let styled = lines.enumerated().map { row, line -> ScreenLine in
            if row == lines.count - 1 && lines.count > 1 {
                return ScreenLine(DisplayWidth.pad(line, toWidth: size.columns), style: TextStyle(reversed: true))
            }
            if line.hasPrefix("> ") { return ScreenLine(line, style: TextStyle(bold: true)) }
            return ScreenLine(line)
        }
        let column = SearchScreenRenderer.cursorColumn(query: keys.text, columns: size.columns)
        let cursor = ScreenPosition(row: 0, column: column)
        let frame = Frame(lines: styled, cursor: cursor)
        guard frame != lastFrame else { return }
        lastFrame = frame
        draw(frame, size)
    }
}
