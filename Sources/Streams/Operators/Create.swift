// The `subscribe` closure runs once per subscription on the subscribing thread. The observer it
// receives forwards into a sink, which drops events after a terminal event or disposal, so a
// misbehaving closure cannot break the contract downstream.
//
// States: none (stateless): the pass-through sink only drops what follows a terminal event or
// disposal.

extension Observable {
    /// Creates an observable from a subscribe closure: it receives an observer, emits events to
    /// it (synchronously or later, from any thread, one at a time), and returns a disposable that
    /// stops the work. The observer is `Sendable`, so the closure may hand it to a dispatch queue
    /// or a callback; the calls into it must still not overlap (see ``AnyObserver``).
    ///
    /// Disposal: the returned disposable is disposed when the subscription ends, whether by a
    /// terminal event or by disposal.
    public static func create(
        _ subscribe: @escaping @Sendable (AnyObserver<Element>) -> any Disposable, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        Create { sink in subscribe(AnyObserver(sink)) }.asObservable().inspected(as: "create", file: file, line: line)
    }

    /// `create` recorded by nobody: for the package's own sources (StreamsTest's test observables),
    /// which are not operators an app applied, so the inspector shows no library line for them.
    package static func createUnrecorded(_ subscribe: @escaping @Sendable (AnyObserver<Element>) -> any Disposable)
        -> Observable<Element>
    {
        Create { sink in subscribe(AnyObserver(sink)) }.asObservable()
    }

    /// `create` whose body sends into the subscription's sink (the traits' `create`, whose
    /// observers are `Sendable` closures).
    static func create(sink body: @escaping @Sendable (PassThroughSink<Element>) -> any Disposable) -> Observable<
        Element
    > {
        Create(body: body).asObservable()
    }
}

private struct Create<Element>: Producer {
    let body: @Sendable (PassThroughSink<Element>) -> any Disposable

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        sink.setUpstream(body(sink))
        return sink
    }
}
