import Streams
import StreamsMVC
import StreamsTest
import Testing

/// A coordinator that records the routes it performed, with the virtual time.
@MainActor
final class RouteRecorder: Coordinator {
    typealias Route = String
    var childCoordinators: [any Coordinator] = []
    private(set) var performed: [String] = []
    private let scheduler: TestScheduler

    init(scheduler: TestScheduler) { self.scheduler = scheduler }

    func start() {}
    func navigate(to route: String) { performed.append("\(route) at \(scheduler.clock)") }
}

@MainActor @Suite struct CoordinatorTests {
    @Test func requestsReachTheCoordinatorInOrderAfterTheRequestReturns() {
        let scheduler = TestScheduler(initialClock: 0)
        let coordinator = RouteRecorder(scheduler: scheduler)
        SharingScheduler.mock(scheduler: scheduler) {
            let navigator = Navigator(coordinator: coordinator)
            scheduler.scheduleAt(10) {
                navigator.request("detail")
                navigator.request("back")
                #expect(coordinator.performed == [])  // never inside the requesting code
            }
        }
        scheduler.advanceTo(100)
        #expect(coordinator.performed == ["detail at 11", "back at 11"])
    }

    @Test func theNavigatorDoesNotKeepItsCoordinatorAlive() {
        let scheduler = TestScheduler(initialClock: 0)
        weak var released: RouteRecorder?
        let navigator = SharingScheduler.mock(scheduler: scheduler) {
            let coordinator = RouteRecorder(scheduler: scheduler)
            released = coordinator
            return Navigator(coordinator: coordinator)
        }
        #expect(released == nil)
        navigator.request("ignored")
        scheduler.advanceTo(10)
        #expect(scheduler.pendingWork.isEmpty)
    }

    @Test func childCoordinatorsAreKeptWhileTheirFlowRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let parent = RouteRecorder(scheduler: scheduler)
        let child = RouteRecorder(scheduler: scheduler)
        parent.startChild(child)
        #expect(parent.childCoordinators.count == 1)
        parent.finishChild(child)
        #expect(parent.childCoordinators.isEmpty)
    }
}
