import Foundation

// States: none (stateless): the node's disposed flag decides who logs `isDisposed`.

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// Concurrency: single upstream, so events arrive serialized; disposal may run on another thread
// at the same time. The sink keeps no mutable state: the node's atomic disposed flag decides who
// logs `isDisposed` (the terminal event or the first `dispose()`, never both). Timestamps are
// formatted with `localtime_r` into a local buffer, so concurrent lines share nothing. `output`
// may be called from several threads (one line per call), as `print` is.

extension ObservableType {
    /// Prints the subscription, every event and the disposal to standard output, each line as
    /// `{timestamp}: {identifier} -> {what}` (`subscribed`, `Event next(1)`, `Event completed`,
    /// `isDisposed`), and passes every event through unchanged. An error's line is followed by the
    /// sites it passed (`observed at Search.swift:42 map → :43 flatMapLatest`) when the
    /// ``Inspector`` recorded them.
    ///
    /// Timing: the timestamp is the wall-clock time in the local time zone, formatted
    /// `yyyy-MM-dd HH:mm:ss.SSS`. `identifier` defaults to `File.swift:line (function)`; with
    /// `trimOutput`, event descriptions longer than 40 characters keep only their first and last
    /// 20 characters.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> Observable<Element> {
        debugged(
            identifier, trimOutput: trimOutput, scheduler: nil, output: { print($0) }, site: (file, line, function))
    }

    /// As ``debug(_:trimOutput:file:line:function:)``, stamping each line with `scheduler.now`
    /// (virtual time on a test scheduler) instead of the wall clock.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, scheduler: some SchedulerType,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> Observable<Element> {
        debugged(
            identifier, trimOutput: trimOutput, scheduler: scheduler, output: { print($0) },
            site: (file, line, function))
    }

    /// As ``debug(_:trimOutput:scheduler:file:line:function:)``, handing each finished line to
    /// `output` instead of printing it (to capture lines in tests or send them to a logger).
    ///
    /// `output` is called synchronously, on the thread that delivers the event or disposes.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, scheduler: some SchedulerType,
        output: @escaping @Sendable (String) -> Void,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> Observable<Element> {
        debugged(identifier, trimOutput: trimOutput, scheduler: scheduler, output: output, site: (file, line, function))
    }

    /// The `debug` observable of every form: its identifier, when `nil`, is `File.swift:line (function)`
    /// of `site`.
    private func debugged(
        _ identifier: String?, trimOutput: Bool, scheduler: (any SchedulerType)?,
        output: @escaping @Sendable (String) -> Void, site: (file: String, line: UInt, function: String)
    ) -> Observable<Element> {
        let fileName = site.file.split(separator: "/").last.map(String.init) ?? site.file
        let log = DebugLog(
            identifier: identifier ?? "\(fileName):\(site.line) (\(site.function))", trimOutput: trimOutput,
            scheduler: scheduler, output: output)
        return DebugObservable(source: asObservable(), log: log)
    }
}

/// Formats `date` as `yyyy-MM-dd HH:mm:ss.SSS` in the local time zone (as RxSwift's `debug`).
func debugTimestamp(_ date: Date) -> String {
    let interval = date.timeIntervalSince1970
    var seconds = time_t(interval.rounded(.down))
    var milliseconds = Int(((interval - Double(seconds)) * 1000).rounded(.down))
    if milliseconds >= 1000 {
        seconds += 1
        milliseconds -= 1000
    }
    var parts = tm()
    localtime_r(&seconds, &parts)
    func pad(_ value: Int32, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let date = "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
    let time = "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
    return "\(date) \(time).\(pad(Int32(milliseconds), 3))"
}

/// How `debug` writes: each line is `{timestamp}: {identifier} -> {what}`, stamped with
/// `scheduler.now` (the wall clock without a scheduler), handed to `output`.
private struct DebugLog: Sendable {
    let identifier: String
    let trimOutput: Bool
    let scheduler: (any SchedulerType)?
    let output: @Sendable (String) -> Void

    /// Writes `content` as one line.
    func write(_ content: String) {
        let now = scheduler?.now ?? Date()
        output("\(debugTimestamp(now)): \(identifier) -> \(content)")
    }

    /// Writes `event`'s line; with `trimOutput`, a description longer than 40 characters keeps its
    /// first and last 20.
    func write<Element>(_ event: Event<Element>) {
        let text = event.debugDescription
        let limit = 40
        if trimOutput, text.count > limit {
            write("Event \(text.prefix(limit / 2))...\(text.suffix(limit / 2))")
        } else {
            write("Event \(text)")
        }
    }
}

private final class DebugObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let log: DebugLog

    init(source: Observable<Element>, log: DebugLog) {
        self.source = source
        self.log = log
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        log.write("subscribed")
        let sink = DebugSink(log: log, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class DebugSink<Element>: Sink<Element, Element>, @unchecked Sendable {  // see SubscriptionNode
    let log: DebugLog

    init(log: DebugLog, downstream: Receiver<Element>) {
        self.log = log
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        log.write(Event.next(element))
        forwardNext(element)
    }

    override func onError(_ error: any Error) {
        guard !isDisposed else { return }
        log.write(Event<Element>.error(error))
        if let sites = Inspector.observedSitesLine(of: error) { log.write(sites) }
        guard let previous = markDisposed() else { return }
        downstream.onError(error)
        log.write("isDisposed")
        tearDown(previousState: previous)
    }

    override func onCompleted() {
        guard !isDisposed else { return }
        log.write(Event<Element>.completed)
        guard let previous = markDisposed() else { return }
        downstream.onCompleted()
        log.write("isDisposed")
        tearDown(previousState: previous)
    }

    override func dispose() {
        guard let previous = markDisposed() else { return }
        log.write("isDisposed")
        tearDown(previousState: previous)
    }
}
