extension ObservableType {
    /// Subscribes with closures for each kind of event.
    ///
    /// The closures run on the thread that delivers the event (use `observe(on:)` to choose it).
    /// `onDisposed` runs once, after the terminal event or on disposal. An error with no
    /// `onError` goes to ``Hooks/defaultErrorHandler`` (with this call's stack when
    /// ``Hooks/recordCallStackOnError`` is on). The result is not discardable: keep it (for
    /// example with `disposed(by:)`) or the subscription can only end by terminating.
    @inlinable
    public func subscribe(
        onNext: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        // Inlined into the caller, where `Element` is concrete: there the node's metadata comes
        // from a cached accessor, while generic library code would look it up at run time on
        // every subscription.
        inspectedSubscriber(as: "subscribe", file: file, line: line).subscribeClosures(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed,
            nextNodeType: NextClosureNode<Element>.self, endNodeType: PipelineEndNode<Element>.self)
    }

    /// Subscribes with one closure that receives every event.
    public func subscribe(
        _ on: @escaping @Sendable (Event<Element>) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        inspectedSubscriber(as: "subscribe", file: file, line: line).subscribe(AnyObserver(eventHandler: on))
    }

    /// Subscribes with closures that receive `owner` as long as it is alive; `owner` is held
    /// weakly, and once it is gone elements are ignored.
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        onNext: (@Sendable (Owner, Element) -> Void)? = nil,
        onError: (@Sendable (Owner, any Error) -> Void)? = nil,
        onCompleted: (@Sendable (Owner) -> Void)? = nil,
        onDisposed: (@Sendable (Owner) -> Void)? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        let weakOwner = WeakBox(owner)
        var next: (@Sendable (Element) -> Void)?
        if let onNext {
            next = { element in
                if let owner = weakOwner.value { onNext(owner, element) }
            }
        }
        var error: (@Sendable (any Error) -> Void)?
        if let onError {
            error = { failure in
                if let owner = weakOwner.value { onError(owner, failure) }
            }
        }
        var completed: (@Sendable () -> Void)?
        if let onCompleted {
            completed = {
                if let owner = weakOwner.value { onCompleted(owner) }
            }
        }
        var disposed: (@Sendable () -> Void)?
        if let onDisposed {
            disposed = {
                if let owner = weakOwner.value { onDisposed(owner) }
            }
        }
        return subscribe(
            onNext: next, onError: error, onCompleted: completed, onDisposed: disposed, file: file, line: line)
    }

    /// Sends every event to each observer (`bind(to:)` for observers, subjects and binders).
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable
    where Observer.Element == Element {
        let node = FanOutNode(observers)
        node.setUpstream(inspectedSubscriber(as: "bind", file: file, line: line).subscribe(node))
        return node.handle
    }

    /// Subscribes with an element handler only (errors go to ``Hooks/unhandledError``).
    public func bind(onNext: @escaping @Sendable (Element) -> Void, file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        subscribeClosures(as: "bind", onNext: onNext, file: file, line: line)
    }
}

extension Observable {
    /// ``subscribe(onNext:onError:onCompleted:onDisposed:)`` with the node types for the common
    /// `onNext`-only case. On `Observable` itself, so a caller holding one (every subscriber, after
    /// `inspectedSubscriber`) asks for no `asObservable()`: a virtual call and a retain and release
    /// per subscription (Docs/Performance.md, S4b).
    @usableFromInline
    func subscribeClosures(
        onNext: (@Sendable (Element) -> Void)?,
        onError: (@Sendable (any Error) -> Void)?,
        onCompleted: (@Sendable () -> Void)?,
        onDisposed: (@Sendable () -> Void)?,
        nextNodeType: NextClosureNode<Element>.Type,
        endNodeType: PipelineEndNode<Element>.Type
    ) -> any Disposable {
        if onError == nil, Hooks.isRecordingCallStack {
            let node = ClosureNode(
                onNext: onNext, onError: Hooks.errorHandlerCapturingCallStack(), onCompleted: onCompleted,
                onDisposed: onDisposed)
            node.setUpstream(subscribe(node))
            return node.handle
        }
        if let onNext, onError == nil, onCompleted == nil, onDisposed == nil {
            let source = self
            if source.isPipelineStage {
                let node = endNodeType.init(onNext: onNext)  // its pipeline takes `onNext`
                node.setUpstream(source.subscribe(node))
                return node as DisposableNode  // the non-generic base: boxing it needs no metadata lookup
            }
            let node = nextNodeType.init(onNext: onNext)
            node.setUpstream(source.subscribe(node))
            return node.handle
        }
        let node = ClosureNode(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        node.setUpstream(subscribe(node))
        return node.handle
    }
}
