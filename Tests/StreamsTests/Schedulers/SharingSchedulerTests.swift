import Dispatch
import Foundation
import Streams
import StreamsTest
import Testing

/// Records what ran, on the main actor.
@MainActor private final class Ran {
    var log: [String] = []
}

@Suite struct SharingSchedulerTests {
    @Test func outsideAMockItIsTheMainScheduler() {
        #expect(SharingScheduler.make() as? MainScheduler === MainScheduler.instance)
    }

    @MainActor @Test func insideAMockWorkRunsInTheGivenSchedulersVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let ran = Ran()
        SharingScheduler.mock(scheduler: scheduler) {
            let mocked = SharingScheduler.make()
            #expect(mocked.now == scheduler.now)
            _ = mocked.scheduleRelative((), dueTime: .seconds(10)) { _ in
                MainActor.assumeIsolated { ran.log.append("at \(scheduler.clock)") }
                return Disposables.create()
            }
        }
        scheduler.advanceTo(9)
        #expect(ran.log.isEmpty)
        scheduler.advanceTo(20)
        #expect(ran.log == ["at 10"])
    }

    /// RxCocoa's API: inside a mock `make()` is the very scheduler the test gave (or its factory
    /// made); nested mocks give the innermost; outside, the main scheduler.
    @Test func makeReturnsTheSchedulerTheTestGaveItself() {
        let outer = TestScheduler(initialClock: 0)
        let inner = TestScheduler(initialClock: 0)
        #expect(SharingScheduler.make() as? MainScheduler === MainScheduler.instance)
        SharingScheduler.mock(scheduler: outer) {
            #expect(SharingScheduler.make() is TestScheduler)
            #expect(SharingScheduler.make() as AnyObject === outer)
            SharingScheduler.mock(makeScheduler: { inner }) {
                #expect(SharingScheduler.make() as AnyObject === inner)
            }
            SharingScheduler.mock(scheduler: outer) { #expect(SharingScheduler.make() as AnyObject === outer) }
            #expect(SharingScheduler.make() as AnyObject === outer)
        }
        #expect(SharingScheduler.make() as? MainScheduler === MainScheduler.instance)
    }

    /// RxCocoa's `mock(makeScheduler:)` spelling: the factory's scheduler is the mock, and mocks
    /// nest.
    @Test func theFactoryFormMocksWithTheSchedulerItMakes() {
        let outer = TestScheduler(initialClock: 5)
        let inner = TestScheduler(initialClock: 7)
        let clocks: [RxTime] = SharingScheduler.mock(
            makeScheduler: { outer },
            action: {
                let nested = SharingScheduler.mock(makeScheduler: { inner }, action: { SharingScheduler.make().now })
                return [SharingScheduler.make().now, nested, SharingScheduler.make().now]
            })
        #expect(clocks == [outer.now, inner.now, outer.now])
        #expect(SharingScheduler.make() as? MainScheduler === MainScheduler.instance)
    }

    @Test func theMockIsSeenOnlyByItsOwnTaskAndEndsWithIt() async {
        let outer = TestScheduler(initialClock: 0)
        let inner = TestScheduler(initialClock: 500)
        await SharingScheduler.mock(scheduler: outer) {
            #expect(SharingScheduler.make().now == outer.now)
            SharingScheduler.mock(scheduler: inner) { #expect(SharingScheduler.make().now == inner.now) }
            #expect(SharingScheduler.make().now == outer.now)
            let elsewhere = await Task.detached { SharingScheduler.make() is MainScheduler }.value
            #expect(elsewhere)
        }
        #expect(SharingScheduler.make() is MainScheduler)
    }

    @MainActor @Test func binderDefaultsToTheMockedScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let ran = Ran()
        SharingScheduler.mock(scheduler: scheduler) {
            let binder = Binder(ran) { (ran, value: Int) in
                MainActor.assumeIsolated { ran.log.append("\(value) at \(scheduler.clock)") }
            }
            binder.on(.next(7))
        }
        #expect(ran.log.isEmpty)
        scheduler.advanceTo(5)
        #expect(ran.log == ["7 at 1"])  // the test scheduler's processing delay: one tick
    }

    /// The Concurrency guide's main-actor screen (`observe(on: MainScheduler.instance)` and a
    /// main-actor `subscribe`) renders in virtual time when it is bound inside a mock.
    @MainActor @Test func observeOnTheMainSchedulerIsVirtualInsideAMock() {
        let scheduler = TestScheduler(initialClock: 0)
        let screen = SearchScreen()
        SharingScheduler.mock(scheduler: scheduler) {
            screen.bind(search: { query in Observable.just(query.isEmpty ? [] : [query]) })
        }
        screen.query.accept(" swift ")
        #expect(screen.rendered == [])
        scheduler.advanceTo(2)
        #expect(screen.rendered == ["swift"])
    }

    /// Mocked work that calls no main-actor closure is not checked: it runs wherever the test
    /// advances the scheduler.
    @Test func mockedWorkAdvancedOffTheMainActorRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let ran = Recorder<Int>()
        SharingScheduler.mock(scheduler: scheduler) {
            _ = SharingScheduler.make().schedule(()) { _ in
                ran.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.advanceTo(10)  // from a task of the global executor, not the main actor
        #expect(ran.values == [1])
    }

    /// Without a `TestScheduler` (StreamsTest's reporter is not installed), a main-actor closure
    /// due off the main actor does not run, and the default hook stops the program with an
    /// explanation: nothing else is sound without a test framework.
    @Test func aMainActorClosureDueOffTheMainActorStopsByDefault() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = VirtualTimeScheduler(initialClock: 0, converter: TickVirtualTimeConverter())
            let subscription = SharingScheduler.mock(scheduler: scheduler) {
                Observable.just(1).observe(on: MainScheduler.instance).subscribe(onNext: { _ in })
            }
            scheduler.advanceTo(10)  // from a task of the global executor, not the main actor
            subscription.dispose()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("was due off the main actor and did not run"))
        #expect(output.contains("Advance the scheduler from the main actor"))
    }
}
