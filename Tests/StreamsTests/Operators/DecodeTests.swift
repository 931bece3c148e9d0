import Foundation
import Streams
import StreamsTest
import Testing

@Suite struct DecodeTests {
    let scheduler = TestScheduler(initialClock: 0)

    struct Point: Decodable, Equatable {
        let x: Int
        let y: Int
    }

    /// A decoder of its own, to show that any ``DataDecoder`` works: reads "x,y".
    struct CommaDecoder: DataDecoder {
        struct Malformed: Error, Equatable {}

        func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
            let parts = String(decoding: data, as: UTF8.self).split(separator: ",").compactMap { Int($0) }
            guard parts.count == 2 else { throw Malformed() }
            let json = Data("{\"x\":\(parts[0]),\"y\":\(parts[1])}".utf8)
            return try JSONDecoder().decode(type, from: json)
        }
    }

    @Test func decodesEachDataElementWithAJSONDecoder() {
        let xs = scheduler.createHotObservable([
            .next(210, Data(#"{"x":1,"y":2}"#.utf8)), .next(220, Data(#"{"x":3,"y":4}"#.utf8)), .completed(230),
        ])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        #expect(res.events == [.next(210, Point(x: 1, y: 2)), .next(220, Point(x: 3, y: 4)), .completed(230)])
    }

    @Test func aDecodingErrorFailsAtThatElementAndUnsubscribes() {
        let xs = scheduler.createHotObservable([
            .next(210, Data("1,2".utf8)), .next(220, Data("oops".utf8)), .next(230, Data("5,6".utf8)),
            .completed(240),
        ])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: CommaDecoder()) }
        #expect(res.events == [.next(210, Point(x: 1, y: 2)), .error(220, CommaDecoder.Malformed())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func aJSONDecodingErrorIsTheDecodersOwn() {
        let xs = scheduler.createHotObservable([.next(210, Data("[]".utf8))])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        #expect(res.events.count == 1)
        #expect(res.events.first?.time == 210)
        #expect(res.events.first?.value.error is DecodingError)
    }
}
