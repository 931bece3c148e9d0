import Foundation
import Streams
import StreamsMVC
import StreamsTest
import Testing

// RxMVC's first spellings (`mapEventToAction(_:)`, `flatMapEventToAction(_:)`, `reduce(_:with:)`)
// and the current ones are two names for one requirement: a conformer implements either, and
// both names reach it. A conformer that implements neither does not compile; that is checked by
// `.ci/steps/16-requirement-spellings.sh` (a compile failure cannot live in a test target).

/// Implements only RxMVC's first spellings.
private struct FirstSpellingCounter: MapController, ReducerModel {
    let initialState = 0
    func mapEventToAction(_ event: String) -> Int { event == "up" ? 1 : -1 }
    func reduce(_ state: Int, with action: Int) -> Int { state + action }
}

/// Implements only RxMVC's first spelling of the flat-map requirement.
private struct FirstSpellingEcho: FlatMapController {
    func flatMapEventToAction(_ event: String) -> Observable<String> { .of(event, event) }
}

/// Implements only the current spelling.
private struct CurrentSpellingEcho: FlatMapController {
    func flatMapToAction(event: String) -> Observable<String> { .just(event) }
}

/// Implements only the current spellings.
private struct CurrentSpellingCounter: MapController, ReducerModel {
    let initialState = 0
    func mapToAction(event: String) -> Int { event == "up" ? 1 : -1 }
    func reduce(state: Int, with action: Int) -> Int { state + action }
}

/// Implements both spellings: each name calls its own implementation.
private struct BothSpellings: MapController {
    func mapToAction(event: Int) -> Int { event + 1 }
    func mapEventToAction(_ event: Int) -> Int { event + 2 }
}

@Suite struct RequirementSpellingTests {
    @Test func firstSpellingsDriveTheScreen() {
        let counter = FirstSpellingCounter()
        #expect(counter.mapToAction(event: "up") == 1)
        #expect(counter.reduce(state: 2, with: -1) == 1)
        let scheduler = TestScheduler(initialClock: 0)
        let events = scheduler.createHotObservable([.next(210, "up"), .next(220, "up"), .next(230, "down")])
        let states = scheduler.start {
            counter.manipulate(actionStream: counter.use(eventStream: events.asObservable()))
        }
        #expect(states.events == [.next(200, 0), .next(210, 1), .next(220, 2), .next(230, 1)])
    }

    @Test func bothNamesCallWhicheverIsImplemented() throws {
        #expect(try FirstSpellingEcho().flatMapToAction(event: "a").toBlocking().toArray() == ["a", "a"])
        // On a conformer of the current spelling, the first spelling wraps its result.
        #expect(try CurrentSpellingEcho().flatMapEventToAction("b").toBlocking().toArray() == ["b"])
        let counter = CurrentSpellingCounter()
        #expect(counter.mapEventToAction("down").value == -1)
        #expect(counter.reduce(2, with: 1).value == 3)
    }

    @Test func aConformerOfBothSpellingsKeepsBoth() {
        #expect(BothSpellings().mapToAction(event: 0) == 1)
        #expect(BothSpellings().mapEventToAction(0) == 2)
        #expect(BothSpellings().map(events: [0]) == [1])
    }
}

extension MapController {
    /// The actions `use(eventStream:)` produces for `events`, synchronously.
    fileprivate func map(events: [Event]) -> [Action] {
        (try? use(eventStream: .from(events)).toBlocking().toArray()) ?? []
    }
}
