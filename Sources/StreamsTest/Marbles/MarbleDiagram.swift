import Streams

/// Draws recorded events as a marble diagram that parses back to exactly those events, for
/// writing diagrams from real runs (operator guides, snapshots).
///
/// Frame 0 is `timing.subscribed`; events before it put a `^` at frame 0. Returns `nil` when
/// the diagram could not be exact: an event between two frames, two frames too close for a
/// same-frame group `(ab)` to fit, or an element with no name in `values`.
public func marbleDiagram<Element: Equatable>(
    _ events: [Recorded<Event<Element>>], values: [Character: Element], timing: MarbleTiming = .default
) -> String? {
    let names = values.keys.sorted()
    return exactDiagram(events, timing: timing) { value in names.first { values[$0] == value } }
}

/// ``marbleDiagram(_:values:timing:)`` for `String` elements, each drawn as itself (so each
/// must be a single letter or digit).
public func marbleDiagram(_ events: [Recorded<Event<String>>], timing: MarbleTiming = .default) -> String? {
    exactDiagram(events, timing: timing) { $0.count == 1 ? EventDiff.ownDescription($0) : nil }
}

/// One subscription marble per subscription (`^---!`, or `^---` if never unsubscribed), or
/// `nil` if one cannot be drawn exactly (a tick between frames or before `timing.subscribed`).
public func subscriptionMarbles(_ subscriptions: [Subscription], timing: MarbleTiming = .default) -> [String]? {
    var drawn: [String] = []
    for subscription in subscriptions {
        var marks = [TimelineMark(time: subscription.subscribe, glyph: "^", ends: false)]
        if subscription.unsubscribe != Int.max {
            marks.append(TimelineMark(time: subscription.unsubscribe, glyph: "!", ends: true))
        }
        let drawing = Timeline.draw([marks], timing: timing, drawsOrigin: false, elides: false)
        guard drawing.frameTicks == timing.ticksPerFrame, drawing.startTick == timing.subscribed, !drawing.shifted
        else { return nil }
        drawn.append(drawing.bodies[0])
    }
    return drawn
}

private func exactDiagram<Element>(
    _ events: [Recorded<Event<Element>>], timing: MarbleTiming, name: (Element) -> Character?
) -> String? {
    var marks: [TimelineMark] = []
    for record in events {
        switch record.value {
        case .next(let value):
            guard let glyph = name(value) else { return nil }
            marks.append(TimelineMark(time: record.time, glyph: glyph, ends: false))
        case .error: marks.append(TimelineMark(time: record.time, glyph: "#", ends: true))
        case .completed: marks.append(TimelineMark(time: record.time, glyph: "|", ends: true))
        }
    }
    let drawing = Timeline.draw([marks], timing: timing, drawsOrigin: true, elides: false)
    guard drawing.frameTicks == timing.ticksPerFrame, !drawing.shifted else { return nil }
    return drawing.bodies[0]
}
