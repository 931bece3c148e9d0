import Foundation
import Streams
import StreamsTest
import Testing

@Suite struct PublishSubjectTests {
    @Test func reentrantSendIsQueuedAndDeliveredInOrder() {
        let subject = PublishSubject<Int>()
        let log = Log()
        let first = subject.subscribe(onNext: { value in
            log.append("a\(value)")
            if value == 1 { subject.onNext(2) }
        })
        let second = subject.subscribe(onNext: { value in log.append("b\(value)") })
        subject.onNext(1)
        #expect(log.items == ["a1", "b1", "a2", "b2"])
        first.dispose()
        second.dispose()
    }
}

final class Log: @unchecked Sendable {
    private let lock = NSLockBox()
    private var storage: [String] = []
    func append(_ item: String) { lock.run { storage.append(item) } }
    var items: [String] { lock.run { storage } }
}

final class NSLockBox: Sendable {
    private let lock = NSLock()
    func run<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
