import Streams
import StreamsMVC
import StreamsTest
import Testing

/// Driver operators, `asDriver`, `drive` and `combineModel` report the app's line to the
/// inspector, never StreamsMVC's (a driver is built from `observe(on:)` and `share`, which record
/// the same line). Skipped while the inspector's core is a stub.
@Suite(.serialized, .enabled(if: inspectorRecords)) struct DriverSiteTests {
    let subject = PublishSubject<Int>()
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)

    @Test func driverOperators() {
        let driver = subject.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let fallback = 0
        expectSite("asDriver(onErrorJustReturn:)") { subject.asDriver(onErrorJustReturn: fallback).asObservable() }
        expectSite("map") { driver.map { $0 + 1 }.asObservable() }
        expectSite("filter") { driver.filter { $0 > 0 }.asObservable() }
        expectSite("distinctUntilChanged") { driver.distinctUntilChanged().asObservable() }
        // `just` ends as it is subscribed and leaves the tree then: an immediate scheduler delivers
        // its element while the snapshot can still see it.
        expectSite("just") { Driver.just(1, scheduler: ImmediateScheduler.instance).asObservable() }
    }

    @Test func driveIsARoot() {
        let driver = subject.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let relay = BehaviorRelay(value: 0)
        expectSite("drive", subscribing: { _ in driver.drive(relay) })
        expectSite("drive", subscribing: { _ in driver.drive(scheduler.createObserver(Int.self)) })
    }

    /// `drive(onNext:)` takes `#fileID` as a `String` (with `#filePath`, for its off-main-actor
    /// report): the record keeps the `#fileID`, not the path.
    @MainActor @Test func driveWithClosuresIsARootAtItsFileID() {
        let driver = subject.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        expectSite("drive", subscribing: { _ in driver.drive(onNext: { _ in }) })
    }
}
