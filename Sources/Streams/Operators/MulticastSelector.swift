// Timing (RxSwift 6): each subscription calls `subjectSelector` for a new subject, makes a
// connectable of the source through it, calls `selector` with that connectable, subscribes to
// the observable `selector` returns, and then connects (so the selector's observers are in place
// before the source emits). The result's events are those of the selector's observable.
// Disposal — or that observable's terminal event — disposes its subscription, then the
// connection. A throwing factory fails the result at subscription.
//
// States: live (the selector's subscription and the connection are kept); ended (engine: both
// disposed, in that order). The connection is a `SingleAssignmentDisposable`, so a result that
// ends while it subscribes still disconnects the connection made after it.

extension ObservableType {
    /// Shares the source, through a subject made by `subjectSelector`, within the sequence
    /// `selector` builds from it; every subscription gets its own subject and connection.
    ///
    /// Timing: at subscription the subject and `selector`'s sequence are made and subscribed,
    /// then the source is connected; disposal disposes that subscription, then the connection.
    /// An error thrown by either factory fails the result at subscription.
    public func multicast<Subject: SubjectType & Sendable, Result>(
        _ subjectSelector: @escaping @Sendable () throws -> Subject,
        selector: @escaping @Sendable (Observable<Subject.Element>) throws -> Observable<Result>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        MulticastSelector(source: asObservable(), subjectSelector: subjectSelector, selector: selector).asObservable()
            .inspected(as: "multicast", file: file, line: line)
    }
}

private struct MulticastSelector<Subject: SubjectType & Sendable, Result>: Producer {
    let source: Observable<Subject.Observer.Element>
    let subjectSelector: @Sendable () throws -> Subject
    let selector: @Sendable (Observable<Subject.Element>) throws -> Observable<Result>

    func subscribe(_ receiver: Receiver<Result>) -> any Disposable {
        let sink = MulticastSelectorSink(downstream: receiver)
        let connectable: ConnectableObservable<Subject.Element>
        let shared: Observable<Result>
        do {
            let subject = try subjectSelector()
            connectable = source.multicast(subject)
            shared = try selector(connectable.asObservable())
        } catch {
            sink.setUpstream(ErrorObservable<Result>(error).subscribe(sink))
            return sink
        }
        sink.setUpstream(shared.subscribe(sink))
        sink.connection.setDisposable(connectable.connect())
        return sink
    }
}

private final class MulticastSelectorSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `connection` is a thread-safe disposable
{
    let connection = SingleAssignmentDisposable()

    override func onNext(_ element: Element) { forwardNext(element) }
    override func disposeResources() { connection.dispose() }
}
