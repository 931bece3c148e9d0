import Foundation
import Streams
import StreamsTest
import Testing

@Suite struct ReactiveTests {
    let scheduler = TestScheduler(initialClock: 0)

    final class Thermometer: ReactiveCompatible, @unchecked Sendable {  // touched on the test's thread only
        var reading = 0
        var label = ""
    }

    @MainActor @Test func writablePropertiesAreBindersOnTheBindersScheduler() {
        let thermometer = Thermometer()
        let readings = scheduler.createHotObservable([.next(210, 18), .next(220, 21)])
        let labels = Recorder<String>()
        SharingScheduler.mock(scheduler: scheduler) {
            scheduler.scheduleAt(200) {
                _ = readings.asObservable().bind(to: thermometer.rx.reading)
                _ = readings.asObservable().map { "\($0)°" }.bind(to: thermometer.rx.label)
            }
            scheduler.scheduleAt(215) { labels.append(thermometer.label) }
            scheduler.start()
        }
        #expect(thermometer.reading == 21)
        #expect(thermometer.label == "21°")
        #expect(labels.values == ["18°"])
    }

    @Test func extensionsOnReactiveAreReachableThroughRx() {
        let thermometer = Thermometer()
        #expect(thermometer.rx.doubled(4) == 8)
        #expect(Thermometer.rx.unit == "°C")
        #expect(thermometer.rx.base === thermometer)
        let object = NSObject()
        #expect(object.rx.base === object)
    }
}

extension Reactive where Base == ReactiveTests.Thermometer {
    fileprivate func doubled(_ value: Int) -> Int { value * 2 }
    fileprivate static var unit: String { "°C" }
}
