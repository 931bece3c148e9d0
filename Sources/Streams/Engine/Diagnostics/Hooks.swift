import Foundation

/// Global hooks for diagnostics (RxSwift's `Hooks`).
public enum Hooks {
    /// Handles an error that reached a subscriber without an `onError` handler, with the call
    /// stack of that subscription (empty unless ``recordCallStackOnError`` was on when it started).
    public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: any Error) -> Void

    /// Captures the call stack of a subscription (see ``customCaptureSubscriptionCallstack``).
    public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]

    private static let errorHandler = HookSlot<DefaultErrorHandler> { callStack, error in
        FileHandle.standardError.write(Data(unhandledErrorMessage(error, callStack: callStack).utf8))
    }

    /// What the default ``defaultErrorHandler`` writes: the error, the sites it passed when the
    /// ``Inspector`` recorded them, and a non-empty call stack, each ending with a newline.
    static func unhandledErrorMessage(_ error: any Error, callStack: [String]) -> String {
        var message = "Streams: unhandled error: \(error)\n"
        if let sites = Inspector.observedSitesLine(of: error) { message += "\(sites)\n" }
        if !callStack.isEmpty { message += "subscription called from:\n\(callStack.joined(separator: "\n"))\n" }
        return message
    }

    private static let callStackCapture = HookSlot<CustomCaptureSubscriptionCallstack> { Thread.callStackSymbols }

    private static let recordsCallStack = HookFlag()

    /// Reports a main-actor closure that was due off the main actor (see ``offMainActorDelivery``).
    public typealias OffMainActorDelivery = @Sendable (_ message: String, _ site: CallSite) -> Void

    private static let offMainActorSlot = HookSlot<OffMainActorDelivery> { message, site in
        preconditionFailure(message, file: site.filePath, line: UInt(site.line))
    }

    /// Called when a main-actor closure (a `drive` closure, a view's, a `MainActorObservable`
    /// subscription's) was due off the main actor — which happens only when a test advances a
    /// scheduler mocked with `SharingScheduler.mock` from another thread. The closure did not run;
    /// `site` is where it was given.
    ///
    /// The default stops the program with `message`: nothing else is sound without a test
    /// framework. StreamsTest installs a reporter that records a failure of the current test at
    /// `site` when a `TestScheduler` is created, unless another hook was installed first.
    public static var offMainActorDelivery: OffMainActorDelivery {
        get { offMainActorSlot.get() }
        set { offMainActorSlot.set(newValue) }
    }

    /// Whether ``offMainActorDelivery`` was ever set (so a default reporter should not replace it).
    package static var isOffMainActorDeliveryReplaced: Bool { offMainActorSlot.isReplaced }

    static func reportOffMainActorDelivery(_ message: String, at site: CallSite) {
        offMainActorSlot.get()(message, site)
    }

    /// Reports an operator's interval that a virtual-time scheduler rounds to zero ticks (see
    /// ``intervalRoundedToZero``).
    public typealias IntervalRoundedToZero = @Sendable (_ message: String) -> Void

    private static let roundedToZeroSlot = HookSlot<IntervalRoundedToZero> { message in
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    /// Called when a time operator's non-zero interval rounds to zero ticks on a virtual-time
    /// scheduler — `debounce(.milliseconds(300), scheduler:)` on a `TestScheduler` of RxTest's
    /// default 1-second ticks — so the operator does not wait at all. Once per operator and
    /// scheduler; `message` names the operator, the interval, the tick and the fix (a finer
    /// `resolution:`, such as `0.001` for milliseconds).
    ///
    /// The default writes `message` to standard error, one line. StreamsTest installs a reporter
    /// when a `TestScheduler` is created (unless another hook was installed first) that records it
    /// as a warning of the current Swift Testing test, which does not fail it, or prints it under
    /// XCTest.
    public static var intervalRoundedToZero: IntervalRoundedToZero {
        get { roundedToZeroSlot.get() }
        set { roundedToZeroSlot.set(newValue) }
    }

    /// Whether ``intervalRoundedToZero`` was ever set (so a default reporter should not replace it).
    package static var isIntervalRoundedToZeroReplaced: Bool { roundedToZeroSlot.isReplaced }

    /// Where ``intervalRoundedToZero`` reports go while a test collects them on its own task
    /// (`nil`: to the hook). Task-local, so tests collecting in parallel do not share reports.
    @TaskLocal package static var intervalRoundedToZeroCollector: IntervalRoundedToZero?

    static func reportIntervalRoundedToZero(_ message: String) {
        (intervalRoundedToZeroCollector ?? roundedToZeroSlot.get())(message)
    }

    /// Called with an error that reached a subscriber without an `onError` handler, and the call
    /// stack captured when that subscription was made (empty unless ``recordCallStackOnError``).
    ///
    /// The default writes the error (and a non-empty call stack) to standard error, with the
    /// sites it passed when the ``Inspector`` recorded its chain (`observed at Search.swift:42 map
    /// → :47 subscribe`). Tests may install a recorder. ``unhandledError`` is the same hook without the call stack.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { errorHandler.get() }
        set { errorHandler.set(newValue) }
    }

    /// Called with an error that reached a subscriber without an `onError` handler: a view of
    /// ``defaultErrorHandler`` that ignores the call stack (setting it replaces that handler).
    ///
    /// The default writes the error to standard error. Tests may install a recorder.
    public static var unhandledError: @Sendable (any Error) -> Void {
        get {
            let handler = errorHandler.get()
            return { error in handler([], error) }
        }
        set { errorHandler.set { _, error in newValue(error) } }
    }

    /// Whether `subscribe(onNext:onError:onCompleted:onDisposed:)` without `onError` captures the
    /// call stack (with ``customCaptureSubscriptionCallstack``) for ``defaultErrorHandler``.
    /// Off by default: capturing costs a stack walk per subscription.
    public static var recordCallStackOnError: Bool {
        get { recordsCallStack.value }
        set { recordsCallStack.set(newValue) }
    }

    /// Captures a subscription's call stack when ``recordCallStackOnError`` is on; the default
    /// returns `Thread.callStackSymbols`.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { callStackCapture.get() }
        set { callStackCapture.set(newValue) }
    }

    static func reportUnhandledError(_ error: any Error, callStack: [String] = []) {
        errorHandler.get()(callStack, error)
    }

    /// ``recordCallStackOnError``, read inline on the subscribe path (one relaxed atomic load).
    @inline(__always) static var isRecordingCallStack: Bool { recordsCallStack.value }

    /// The handler a subscription without `onError` uses while ``recordCallStackOnError`` is on:
    /// it reports to ``defaultErrorHandler`` with the call stack captured now.
    static func errorHandlerCapturingCallStack() -> @Sendable (any Error) -> Void {
        let callStack = callStackCapture.get()()
        return { error in reportUnhandledError(error, callStack: callStack) }
    }
}
