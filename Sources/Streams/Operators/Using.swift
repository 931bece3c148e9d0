// Timing (RxSwift 6): each subscription calls `resourceFactory`, then `observableFactory` with
// the resource, and subscribes to the observable it returns; events are forwarded as they
// arrive. The resource is disposed when the subscription ends — after the terminal event is
// delivered, or on disposal — right after the inner subscription. A factory that throws fails
// the result at once (a resource already made is disposed after the error).
//
// States: live (the resource is kept with the inner subscription, as the sink's upstream);
// ended (the inner subscription, then the resource, disposed). A pass-through sink: no state of
// its own.

extension ObservableType {
    /// An observable whose every subscription owns a resource made by `resourceFactory` and runs
    /// the sequence `observableFactory` builds from it.
    ///
    /// Timing: the factories run at subscription; the resource is disposed when the subscription
    /// ends (after the terminal event, or on disposal), after the inner subscription. A thrown
    /// error fails the result at subscription.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping @Sendable () throws -> Resource,
        observableFactory: @escaping @Sendable (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Using(resourceFactory: resourceFactory, observableFactory: observableFactory).asObservable()
    }
}

private struct Using<Element, Resource: Disposable>: Producer {
    let resourceFactory: @Sendable () throws -> Resource
    let observableFactory: @Sendable (Resource) throws -> Observable<Element>

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        let resource: Resource
        do {
            resource = try resourceFactory()
        } catch {
            sink.setUpstream(Observable<Element>.error(error).subscribe(sink))
            return sink
        }
        let source: Observable<Element>
        do {
            source = try observableFactory(resource)
        } catch {
            source = Observable.error(error)
        }
        // One upstream: the inner subscription, then the resource, disposed in that order when
        // the sink ends (or at once here, if it ended while subscribing).
        sink.setUpstream(Disposables.create(source.subscribe(sink), resource))
        return sink
    }
}
