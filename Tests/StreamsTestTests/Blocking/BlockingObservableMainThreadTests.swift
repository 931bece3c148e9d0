import Dispatch
import Foundation
import Streams
import StreamsTest
import XCTest

/// XCTest runs its tests on the main thread: there, a blocking call must keep the main queue
/// running, or a source that delivers through `MainScheduler` never finishes. Each call has a
/// timeout, so a regression fails with `RxError.timeout` instead of hanging the run.
final class BlockingObservableMainThreadTests: XCTestCase {
    func testMainSchedulerWorkRunsWhileTheMainThreadBlocks() throws {
        XCTAssertTrue(Thread.isMainThread)
        let elements = try Observable.of(1, 2, 3).observe(on: MainScheduler.asyncInstance)
            .toBlocking(timeout: 10).toArray()
        XCTAssertEqual(elements, [1, 2, 3])
    }

    func testASourceOnAnotherThreadDeliveringThroughTheMainQueueFinishes() throws {
        XCTAssertTrue(Thread.isMainThread)
        let background = ConcurrentDispatchQueueScheduler(qos: .default)
        let first = try Observable.of(4, 5).subscribe(on: background).observe(on: MainScheduler.instance)
            .map { value -> Int in
                XCTAssertTrue(Thread.isMainThread)
                return value * 10
            }
            .toBlocking(timeout: 10).first()
        XCTAssertEqual(first, 40)
    }

    func testATimeoutOnTheMainThreadStillThrows() {
        XCTAssertTrue(Thread.isMainThread)
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.2).first()) { error in
            XCTAssertEqual(error as? RxError, .timeout)
        }
    }
}
