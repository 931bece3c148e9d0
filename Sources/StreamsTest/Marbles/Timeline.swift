/// One glyph on a timeline at an absolute tick.
struct TimelineMark {
    let time: Int
    let glyph: Character
    /// `true` for `|`, `#` and `!`: the line stops after its last mark if that mark ends it.
    let ends: Bool
}

/// Draws several timelines on one time axis so that equal ticks line up.
///
/// Rules (documented in Docs/Testing.md): one column per frame of `timing.ticksPerFrame` ticks,
/// or of the largest tick count that divides every offset when some event falls between
/// frames; events in one frame are drawn as a group `(ab)`; a group or a `^` that would overlap
/// the next event pushes later events right on every line alike; 12 or more silent frames shown
/// on every line are drawn as `{n}`; lines longer than 80 columns are wrapped into blocks.
enum Timeline {
    static let elisionThreshold = 12
    static let wrapWidth = 80

    struct Line {
        let label: String
        let marks: [TimelineMark]
    }

    /// Unlabelled timelines on one axis, with what the scale note needs.
    struct Drawing {
        var bodies: [String]
        var frameTicks: Int
        var showsOrigin: Bool
        var startTick: Int
        var elided: Bool
        var shifted: Bool
    }

    /// The aligned, labelled lines followed by a scale note in parentheses.
    static func render(_ lines: [Line], timing: MarbleTiming, drawsOrigin: Bool) -> [String] {
        let drawing = draw(lines.map(\.marks), timing: timing, drawsOrigin: drawsOrigin, elides: true)
        let labelWidth = max("expected: ".count, (lines.map(\.label.count).max() ?? 0) + 1)
        let rows = drawing.bodies.map { Array($0) }
        let longest = rows.map(\.count).max() ?? 0
        var output: [String] = []
        var start = 0
        repeat {
            for (index, row) in rows.enumerated() {
                let label = lines[index].label + String(repeating: " ", count: labelWidth - lines[index].label.count)
                let chunk = start < row.count ? String(row[start..<min(row.count, start + wrapWidth)]) : ""
                output.append(trimmingTrailingSpaces(label + chunk))
            }
            start += wrapWidth
        } while start < longest

        let frameTicks = drawing.frameTicks
        var scale =
            drawing.showsOrigin ? "^ is t=\(timing.subscribed)" : "timelines start at t=\(drawing.startTick)"
        scale += "; 1 frame = \(frameTicks) \(frameTicks == 1 ? "tick" : "ticks")"
        if drawing.elided { scale += "; {n} = n silent frames" }
        if drawing.shifted { scale += "; crowded frames pushed right" }
        output.append("(\(scale))")
        return output
    }

    /// Draws each list of marks as one line; all lines share columns.
    static func draw(_ lines: [[TimelineMark]], timing: MarbleTiming, drawsOrigin: Bool, elides: Bool) -> Drawing {
        let origin = timing.subscribed
        var divisor = UInt(timing.ticksPerFrame)
        for line in lines {
            for mark in line { divisor = gcd(divisor, (mark.time &- origin).magnitude) }
        }
        let frameTicks = Int(divisor)
        func frame(_ time: Int) -> Int {
            let offset = time &- origin
            let quotient = offset / frameTicks
            return offset % frameTicks < 0 ? quotient - 1 : quotient
        }
        let minFrame = lines.flatMap { $0 }.map { frame($0.time) }.min() ?? 0
        let showsOrigin = drawsOrigin && minFrame < 0
        let startFrame = min(0, minFrame)

        // Slots: (frame, order) with the `^` slot (order 0) before events of frame 0 (order 1).
        struct SlotKey: Hashable, Comparable {
            let frame: Int
            let order: Int
            static func < (a: SlotKey, b: SlotKey) -> Bool { (a.frame, a.order) < (b.frame, b.order) }
        }
        var groups: [[SlotKey: [Character]]] = Array(repeating: [:], count: lines.count)
        var lastSlot: [SlotKey?] = Array(repeating: nil, count: lines.count)
        var endsAtLast: [Bool] = Array(repeating: false, count: lines.count)
        var keys = Set<SlotKey>()
        if showsOrigin { keys.insert(SlotKey(frame: 0, order: 0)) }
        for (index, line) in lines.enumerated() {
            for mark in line {
                let key = SlotKey(frame: frame(mark.time), order: 1)
                groups[index][key, default: []].append(mark.glyph)
                keys.insert(key)
                if lastSlot[index].map({ $0 <= key }) ?? true {
                    lastSlot[index] = key
                    endsAtLast[index] = mark.ends
                }
            }
        }
        let slots = keys.sorted()
        let originKey = showsOrigin ? SlotKey(frame: 0, order: 0) : SlotKey(frame: Int.min, order: 0)
        var columns: [Int] = []
        var widths: [Int] = []
        var shifted = false
        for slot in slots {
            var width = 1
            for group in groups {
                if let glyphs = group[slot], glyphs.count > 1 { width = max(width, glyphs.count + 2) }
            }
            let natural = slot.frame &- startFrame
            let column = columns.last.map { max(natural, $0 &+ widths[widths.count - 1]) } ?? natural
            if column != natural { shifted = true }
            columns.append(column)
            widths.append(width)
        }

        var elided = false
        var bodies: [String] = []
        for index in lines.indices {
            var body = ""
            var cursor = 0
            for (slotIndex, slot) in slots.enumerated() {
                // A terminated line stops after its last event, but always reaches the `^`.
                if endsAtLast[index], let last = lastSlot[index], slot > last, slot > originKey { break }
                let gap = columns[slotIndex] &- cursor
                if elides, gap >= elisionThreshold {
                    body += "{\(gap)}"
                    elided = true
                } else if gap > 0 {
                    body += String(repeating: "-", count: gap)
                }
                let width = widths[slotIndex]
                var content: String
                if slot.order == 0 {
                    content = "^"
                } else if let glyphs = groups[index][slot] {
                    content = glyphs.count == 1 ? String(glyphs[0]) : "(" + String(glyphs) + ")"
                } else {
                    content = ""
                }
                content += String(repeating: "-", count: max(0, width - content.count))
                body += content
                cursor = columns[slotIndex] &+ width
            }
            bodies.append(body)
        }

        return Drawing(
            bodies: bodies, frameTicks: frameTicks, showsOrigin: showsOrigin,
            startTick: origin &+ startFrame &* frameTicks, elided: elided, shifted: shifted)
    }

    private static func gcd(_ a: UInt, _ b: UInt) -> UInt {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
