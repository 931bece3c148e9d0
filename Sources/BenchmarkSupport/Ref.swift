/// Reference checksums, computed by plain loops before timing; `n` and the other sizes are the
/// scenario's (so `--quick` sizes have references too).
public enum Ref {
    /// S1/S1b: the elements of `0..<n`, plus one, the even ones, doubled.
    public static func s1(n: Int) -> Check {
        var check = Check(sum: 0, count: 0)
        for i in 0..<n where (i &+ 1) % 2 == 0 {
            check.sum &+= (i &+ 1) &* 2
            check.count += 1
        }
        return check
    }

    /// S2: `i/2` for i in `0..<n`, not divisible by 3, consecutive duplicates dropped.
    public static func s2(n: Int) -> Check {
        var check = Check(sum: 0, count: 0)
        var last: Int?
        for i in 0..<n {
            let a = i / 2
            guard a % 3 != 0, a != last else { continue }
            last = a
            check.sum &+= a
            check.count += 1
        }
        return check
    }

    /// S3: every element of `0..<n` to each of `subscribers`.
    public static func s3(n: Int, subscribers: Int) -> Check {
        var check = Check(sum: 0, count: 0)
        for i in 0..<n {
            check.sum &+= i &* subscribers
            check.count += subscribers
        }
        return check
    }

    /// S4a/S4b: for i ≡ 0 (mod 1000) in `0..<n`, the chain map{+1} filter{odd} map{×3} lets 3(i+1) through.
    public static func s4(n: Int) -> Check {
        var check = Check(sum: 0, count: 0)
        for i in stride(from: 0, to: n, by: 1000) where (i &+ 1) & 1 == 1 {
            check.sum &+= (i &+ 1) &* 3
            check.count += 1
        }
        return check
    }

    /// S5, S7 and one source of S6: every element of `0..<n` once.
    public static func sumTo(n: Int, times: Int = 1) -> Check {
        var check = Check(sum: 0, count: 0)
        for _ in 0..<times {
            for i in 0..<n {
                check.sum &+= i
                check.count += 1
            }
        }
        return check
    }

    /// S8's event times: groups of four with gaps 7, 7, 7, 41.
    @inlinable
    public static func s8Time(_ i: Int) -> Int { 1000 + 7 * i + 34 * (i / 4) }

    /// S8d: an event survives when the next one comes at least 25 ticks later (a timer due at t
    /// runs before an event sent at t); the last one always survives.
    public static func s8Debounce(n: Int) -> Check {
        var check = Check(sum: 0, count: 0)
        for i in 0..<n where i == n - 1 || s8Time(i + 1) - s8Time(i) >= 25 {
            check.sum &+= i
            check.count += 1
        }
        return check
    }

    /// S8t: throttle(25, latest: true) in RxSwift's semantics, simulated: the leading edge at once,
    /// the latest element of the window at `lastSent + 25`, the window restarting there.
    public static func s8Throttle(n: Int) -> Check {
        var check = Check(sum: 0, count: 0)
        var lastSent: Int?
        var pending: Int?
        var timerAt: Int?
        func fire() {
            guard let due = timerAt else { return }
            timerAt = nil
            if let element = pending {
                pending = nil
                check.sum &+= element
                check.count += 1
                lastSent = due
            }
        }
        for i in 0..<n {
            let now = s8Time(i)
            if let due = timerAt, due <= now { fire() }
            if let sent = lastSent, now - sent < 25 {
                pending = i
                if timerAt == nil { timerAt = sent + 25 }
            } else {
                check.sum &+= i
                check.count += 1
                lastSent = now
            }
        }
        fire()
        return check
    }

    /// M1/M1b: `onNext(1)` through map{+1} filter{even} distinct reaches each of `n` subscriptions.
    public static func m1(n: Int) -> Check { Check(sum: 2 &* n, count: n) }
}
