import Foundation
import Streams
import StreamsMVC
import StreamsTest
import Testing

// RxMVC's first spellings (`mapEventToAction(_:)`, `flatMapEventToAction(_:)`, `reduce(_:with:)`)
// and the current ones are two names for one requirement: a conformer implements either, and
// both names call it.

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

/// Implements neither spelling (it compiles: each name has a default that calls the other).
private struct Unfinished: MapController {
    typealias Event = Int
    typealias Action = Int
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
        #expect(try CurrentSpellingEcho().flatMapEventToAction("b").toBlocking().toArray() == ["b"])
    }

    @Test func implementingNeitherStopsWithTheRequirementsName() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Unfinished().mapToAction(event: 1)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("conforms to MapController.mapToAction(event:) without implementing it"))
    }
}
