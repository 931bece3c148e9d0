// The one place a subscription is recorded as a root of the inspector's tree (`subscribe`, `bind`,
// `drive`): every subscribing function of the library and of StreamsMVC goes through it, so the
// inspector's rule for roots is written once.

extension ObservableConvertibleType {
    /// This sequence's observable, recorded as the subscriber `name` applied at `file:line` while
    /// the ``Inspector`` is on (unchanged otherwise).
    @inlinable
    package func inspectedSubscriber(as name: StaticString, file: StaticString, line: UInt) -> Observable<Element> {
        asObservable().inspected(as: name, file: file, line: line)
    }

    /// ``inspectedSubscriber(as:file:line:)`` at a site captured whole: the main-actor subscribers
    /// (`MainActorObservable.subscribe`, `Driver.drive(onNext:)`) take their `#fileID` as a
    /// `String`, which only a ``CallSite`` carries. The site is built only while recording.
    @inlinable
    package func inspectedSubscriber(as name: StaticString, at site: @autoclosure () -> CallSite)
        -> Observable<Element>
    {
        let observable = asObservable()
        guard _slowPath(Inspector.isRecording) else { return observable }
        return Inspector.record(observable, as: name, site: site())
    }

    /// Subscribes closures as the subscriber `name` (`subscribe`, `bind`, `drive`) at `file:line`:
    /// what ``ObservableType/subscribe(onNext:onError:onCompleted:onDisposed:file:line:)`` does,
    /// for the library's other subscribing functions.
    @inlinable
    package func subscribeClosures(
        as name: StaticString,
        onNext: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil,
        file: StaticString, line: UInt
    ) -> any Disposable {
        inspectedSubscriber(as: name, file: file, line: line).subscribeRecordedClosures(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }
}

extension Observable {
    /// Subscribes closures to an observable that is already its subscriber's record (what
    /// ``ObservableConvertibleType/inspectedSubscriber(as:at:)`` returned), so that they are not
    /// recorded twice.
    @inlinable
    package func subscribeRecordedClosures(
        onNext: (@Sendable (Element) -> Void)?, onError: (@Sendable (any Error) -> Void)?,
        onCompleted: (@Sendable () -> Void)?, onDisposed: (@Sendable () -> Void)?
    ) -> any Disposable {
        subscribeClosures(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed,
            nextNodeType: NextClosureNode<Element>.self, endNodeType: PipelineEndNode<Element>.self)
    }
}
