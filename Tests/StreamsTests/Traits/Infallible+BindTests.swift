import Streams
import StreamsTest
import Testing

/// Relays as infallibles, and binding infallibles to observers and relays.
@Suite(.leakChecked) struct InfallibleBindTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func aBehaviorRelayIsAnInfallibleOfItsValues() {
        let relay = BehaviorRelay(value: 1)
        scheduler.scheduleAt(250) { relay.accept(2) }
        let events = scheduler.start { relay.asInfallible() }.events
        #expect(events == [.next(200, 1), .next(250, 2)])
    }

    @Test func publishAndReplayRelaysAreInfallibles() {
        let publish = PublishRelay<Int>()
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        scheduler.scheduleAt(150) { replay.accept(0) }
        scheduler.scheduleAt(250) {
            publish.accept(1)
            replay.accept(1)
        }
        let published = scheduler.createObserver(Int.self)
        let replayed = scheduler.createObserver(Int.self)
        let bindings = CompositeDisposable()
        scheduler.scheduleAt(200) {
            _ = bindings.insert(publish.asInfallible().bind(to: published))
            _ = bindings.insert(replay.asInfallible().bind(to: replayed))
        }
        scheduler.scheduleAt(300) { bindings.dispose() }
        scheduler.start()
        #expect(published.events == [.next(250, 1)])
        #expect(replayed.events == [.next(200, 0), .next(250, 1)])
    }

    @Test func bindSendsElementsToRelaysButNotTheCompletion() {
        let relay = BehaviorRelay(value: 0)
        let optional = PublishRelay<Int?>()
        let log = TraitEventLog<Int?>()
        let logged = optional.asInfallible().bind(onNext: { log.append($0) })
        let binding = Infallible.of(1, 2).bind(to: relay)
        let optionalBinding = Infallible.of(3).bind(to: optional)
        defer {
            for subscription in [logged, binding, optionalBinding] { subscription.dispose() }
        }
        #expect(relay.value == 2)
        #expect(log.items == [3])
    }

    @Test func bindSendsEveryEventToEachObserver() {
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int?.self)
        _ = Infallible.of(1, 2).bind(to: first, first)
        _ = Infallible.just(3).bind(to: second)
        #expect(first.events == [.next(0, 1), .next(0, 1), .next(0, 2), .next(0, 2), .completed(0), .completed(0)])
        #expect(second.events == [.next(0, 3), .completed(0)])
    }
}
