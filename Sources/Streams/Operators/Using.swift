// Timing (RxSwift's `using`): at subscription the resource is made, then the observable for it,
// which is subscribed at once; a throw from either factory fails the sequence at once (a resource
// already made is still disposed). When the subscription ends — terminal event or disposal — the
// observable's subscription is disposed first, then the resource.
//
// States: none of its own; the sink's node (live, terminating, released) and its upstream, the
// observable's subscription followed by the resource's disposal.

extension Observable {
    /// Subscribes to the observable `observableFactory` returns for a resource made by
    /// `resourceFactory`, and disposes the resource when the subscription ends.
    ///
    /// Timing: both factories run on the subscribing thread, at subscription; a thrown error fails
    /// the sequence at once. The resource is disposed after the observable's subscription, on the
    /// terminal event or on disposal.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping @Sendable () throws -> Resource,
        observableFactory: @escaping @Sendable (Resource) throws -> Observable<Element>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        Using(resourceFactory: resourceFactory, observableFactory: observableFactory).asObservable().inspected(
            as: "using", file: file, line: line)
    }
}

private struct Using<Resource: Disposable, Element>: Producer {
    let resourceFactory: @Sendable () throws -> Resource
    let observableFactory: @Sendable (Resource) throws -> Observable<Element>

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        let resource: Resource
        do {
            resource = try resourceFactory()
        } catch {
            sink.setUpstream(ErrorObservable<Element>(error).subscribe(sink))
            return sink
        }
        let source: Observable<Element>
        do {
            source = try observableFactory(resource)
        } catch {
            source = ErrorObservable(error)
        }
        sink.setUpstream(SubscriptionThenAction(source.subscribe(sink), action: { resource.dispose() }))
        return sink
    }
}
