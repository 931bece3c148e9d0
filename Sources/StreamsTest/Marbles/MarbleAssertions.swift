import Streams

// MARK: - Recorded output against a marble diagram

/// Records a test failure at the call site unless `observer` recorded exactly the events drawn
/// in `expected` (a marble string, read like a hot one: `^` or the first character is the
/// subscription tick, 200 by default).
///
/// The failure shows both timelines aligned and the first differing event; see
/// ``diffMarbles(_:_:values:error:)``.
public func assertMarbles<Element: Equatable>(
    _ observer: TestableObserver<Element>, _ expected: String, values: [Character: Element],
    error: any Error = MarbleError(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) {
    guard let message = diffMarbles(observer, expected, values: values, error: error) else { return }
    reportTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// ``assertMarbles(_:_:values:error:fileID:filePath:line:column:)`` for `String` elements named by
/// themselves.
public func assertMarbles(
    _ observer: TestableObserver<String>, _ expected: String, error: any Error = MarbleError(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) {
    guard let message = diffMarbles(observer, expected, error: error) else { return }
    reportTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// ``assertMarbles(_:_:values:error:fileID:filePath:line:column:)`` for `Character` elements named
/// by themselves.
public func assertMarbles(
    _ observer: TestableObserver<Character>, _ expected: String, error: any Error = MarbleError(),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) {
    guard let message = diffMarbles(observer, expected, error: error) else { return }
    reportTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The failure message ``assertMarbles(_:_:values:error:fileID:filePath:line:column:)`` would
/// record, or `nil` when the recorded events match `expected`.
///
/// ```
/// expected: --a--b--|
/// actual:   --a---b-|
/// first difference at t=250: expected next(b), got nothing
/// (timelines start at t=200; 1 frame = 10 ticks)
/// ```
/// A malformed `expected` gives the parse error with a caret under its column.
public func diffMarbles<Element: Equatable>(
    _ observer: TestableObserver<Element>, _ expected: String, values: [Character: Element],
    error: any Error = MarbleError()
) -> String? {
    let names = values.keys.sorted()
    let namer = ValueNamer<Element>(
        known: { value in names.first { values[$0] == value } }, reserved: Set(values.keys))
    return marbleMessage(observer, expected, lookup: { values[$0] }, error: error, namer: namer)
}

/// ``diffMarbles(_:_:values:error:)`` for `String` elements named by themselves.
public func diffMarbles(_ observer: TestableObserver<String>, _ expected: String, error: any Error = MarbleError())
    -> String?
{
    let own: (String) -> Character? = { $0.count == 1 ? EventDiff.ownDescription($0) : nil }
    let reserved = Set(observer.events.compactMap { $0.value.element.flatMap(own) } + expected)
    let namer = ValueNamer<String>(known: own, reserved: reserved)
    return marbleMessage(observer, expected, lookup: stringName, error: error, namer: namer)
}

/// ``diffMarbles(_:_:values:error:)`` for `Character` elements named by themselves.
public func diffMarbles(
    _ observer: TestableObserver<Character>, _ expected: String, error: any Error = MarbleError()
) -> String? {
    let own: (Character) -> Character? = { $0.isLetter || $0.isNumber ? $0 : nil }
    let reserved = Set(observer.events.compactMap { $0.value.element.flatMap(own) } + expected)
    let namer = ValueNamer<Character>(known: own, reserved: reserved)
    return marbleMessage(observer, expected, lookup: characterName, error: error, namer: namer)
}

private func marbleMessage<Element: Equatable>(
    _ observer: TestableObserver<Element>, _ expected: String, lookup: (Character) -> Element?,
    error: any Error, namer: ValueNamer<Element>
) -> String? {
    let timing = observer.scheduler.marbleTiming
    let parsed = MarbleEvents.recorded(
        expected, allowsSubscriptionPoint: true, base: timing.subscribed, ticksPerFrame: timing.ticksPerFrame,
        lookup: lookup, error: error)
    switch parsed {
    case .failure(let failure): return failure.description
    case .success(let events):
        return EventDiff.message(actual: observer.events, expected: events, timing: timing, namer: namer)
    }
}

// MARK: - Subscription lifetimes against subscription marbles

/// Records a test failure at the call site unless `observable`'s subscriptions are exactly the
/// lifetimes drawn in `expected`, one subscription marble per subscription (`^` subscribe,
/// `!` unsubscribe, no `!` never unsubscribed; the first character is the subscription tick,
/// 200 by default). No marbles means "never subscribed".
public func assertSubscriptions<Element>(
    _ observable: TestableObservable<Element>, _ expected: String...,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) {
    guard let message = diffSubscriptions(observable, expected) else { return }
    reportTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The failure message ``assertSubscriptions(_:_:fileID:filePath:line:column:)`` would record,
/// or `nil` when the subscriptions match.
///
/// ```
/// expected: ^--!
/// actual:   ^----!
/// first difference in subscription 1: expected (200, 230), got (200, 250)
/// (timelines start at t=200; 1 frame = 10 ticks)
/// ```
public func diffSubscriptions<Element>(_ observable: TestableObservable<Element>, _ expected: [String]) -> String? {
    let timing = observable.scheduler.marbleTiming
    var subscriptions: [Subscription] = []
    for marbles in expected {
        switch MarbleEvents.subscription(marbles, timing: timing) {
        case .success(let subscription): subscriptions.append(subscription)
        case .failure(let failure): return failure.description
        }
    }
    return SubscriptionDiff.message(actual: observable.subscriptions, expected: subscriptions, timing: timing)
}

/// Variadic form of ``diffSubscriptions(_:_:)-(_,[String])``.
public func diffSubscriptions<Element>(_ observable: TestableObservable<Element>, _ expected: String...) -> String? {
    diffSubscriptions(observable, expected)
}

// MARK: - Recorded arrays

/// Records a test failure at the call site unless `actual == expected`, explaining the
/// difference on two aligned timelines (see ``diffEvents(_:_:timing:)``). Use it instead of
/// `#expect(res.events == [...])` when you want a readable failure.
public func assertEvents<Element: Equatable>(
    _ actual: [Recorded<Event<Element>>], _ expected: [Recorded<Event<Element>>], timing: MarbleTiming = .default,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
) {
    guard let message = diffEvents(actual, expected, timing: timing) else { return }
    reportTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The failure message of ``assertEvents(_:_:timing:fileID:filePath:line:column:)``, or `nil`.
///
/// Values whose description is a single letter or digit are drawn as themselves; others get
/// made-up names listed on a last `where a = 10, b = 20` line.
public func diffEvents<Element: Equatable>(
    _ actual: [Recorded<Event<Element>>], _ expected: [Recorded<Event<Element>>], timing: MarbleTiming = .default
) -> String? {
    let own: (Element) -> Character? = { EventDiff.ownDescription($0) }
    let reserved = Set((actual + expected).compactMap { $0.value.element.flatMap(own) })
    return EventDiff.message(
        actual: actual, expected: expected, timing: timing, namer: ValueNamer(known: own, reserved: reserved))
}
