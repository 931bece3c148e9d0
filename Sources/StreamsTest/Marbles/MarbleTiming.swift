/// How marble characters map to virtual ticks.
///
/// Every character of a marble string except spaces is one *frame*. A frame's tick is
/// `subscribed + frame × ticksPerFrame`, where frame 0 is the `^` of a hot or expected-output
/// marble (or its first character when it has no `^`) and the first character of a
/// subscription marble. Cold observables count from 0 instead: their frame `f` is `f ×
/// ticksPerFrame` ticks after each subscription. The defaults (10 ticks per frame, frame 0 at
/// tick 200) line up with ``TestScheduler/start(_:)``, which subscribes at 200.
public struct MarbleTiming: Sendable, Equatable {
    /// Virtual ticks per marble character (at least 1).
    public let ticksPerFrame: Int
    /// The tick of frame 0: the subscription tick that `^` stands for.
    public let subscribed: Int

    /// 10 ticks per frame, frame 0 at tick 200 (``TestScheduler/Defaults/subscribed``).
    public static let `default` = MarbleTiming()

    /// Creates a timing; a `ticksPerFrame` below 1 is treated as 1.
    public init(ticksPerFrame: Int = 10, subscribed: Int = TestScheduler.Defaults.subscribed) {
        self.ticksPerFrame = max(1, ticksPerFrame)
        self.subscribed = subscribed
    }

    /// The absolute tick of `frame` (wrapping instead of trapping on absurd values).
    func tick(ofFrame frame: Int) -> Int {
        subscribed &+ frame &* ticksPerFrame
    }
}
