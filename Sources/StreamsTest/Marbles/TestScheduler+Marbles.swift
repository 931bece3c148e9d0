import Streams

extension TestScheduler {
    /// A hot observable from a marble diagram: `scheduler.createHotObservable("-a-^-b-|", values: ["a": 1, "b": 2])`.
    ///
    /// `^` is the subscription tick (``MarbleTiming/subscribed``, 200 by default, where
    /// ``start(_:)`` subscribes); without `^` the first character is that tick. Each character
    /// is ``MarbleTiming/ticksPerFrame`` ticks (10 by default), so `b` above is at 220 and `a`
    /// at 180. `#` sends `error`. A malformed diagram records a test failure at the call site
    /// (with a caret under the bad column) and yields an observable that sends nothing.
    public func createHotObservable<Element>(
        _ marbles: String, values: [Character: Element], error: any Error = MarbleError(),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> TestableObservable<Element> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return createHotObservable(events(marbles, hot: true, lookup: { values[$0] }, error: error, site: site))
    }

    /// A hot observable of `String`s whose marble names are the elements themselves.
    public func createHotObservable(
        _ marbles: String, error: any Error = MarbleError(),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> TestableObservable<String> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return createHotObservable(events(marbles, hot: true, lookup: stringName, error: error, site: site))
    }

    /// A hot observable of `Character`s whose marble names are the elements themselves.
    @_disfavoredOverload
    public func createHotObservable(
        _ marbles: String, error: any Error = MarbleError(),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> TestableObservable<Character> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return createHotObservable(events(marbles, hot: true, lookup: characterName, error: error, site: site))
    }

    /// A cold observable from a marble diagram: `scheduler.createColdObservable("-a-|", values: ["a": 1])`.
    ///
    /// Each subscription replays the diagram from its own subscription tick: frame `f` arrives
    /// `f × ticksPerFrame` ticks later (`a` above 10 ticks after subscribing). `^` is not
    /// allowed. A malformed diagram records a test failure at the call site and yields an
    /// observable that sends nothing.
    public func createColdObservable<Element>(
        _ marbles: String, values: [Character: Element], error: any Error = MarbleError(),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> TestableObservable<Element> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return createColdObservable(events(marbles, hot: false, lookup: { values[$0] }, error: error, site: site))
    }

    /// A cold observable of `String`s whose marble names are the elements themselves.
    public func createColdObservable(
        _ marbles: String, error: any Error = MarbleError(),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> TestableObservable<String> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return createColdObservable(events(marbles, hot: false, lookup: stringName, error: error, site: site))
    }

    /// A cold observable of `Character`s whose marble names are the elements themselves.
    @_disfavoredOverload
    public func createColdObservable(
        _ marbles: String, error: any Error = MarbleError(),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> TestableObservable<Character> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return createColdObservable(events(marbles, hot: false, lookup: characterName, error: error, site: site))
    }

    /// The recorded events of a marble diagram, or none after reporting a parse error.
    private func events<Element>(
        _ marbles: String, hot: Bool, lookup: (Character) -> Element?, error: any Error, site: CallSite
    ) -> [Recorded<Event<Element>>] {
        let result = MarbleEvents.recorded(
            marbles, allowsSubscriptionPoint: hot, base: hot ? marbleTiming.subscribed : 0,
            ticksPerFrame: marbleTiming.ticksPerFrame, lookup: lookup, error: error)
        switch result {
        case .success(let events): return events
        case .failure(let failure):
            reportTestFailure(failure.description, at: site)
            return []
        }
    }
}
