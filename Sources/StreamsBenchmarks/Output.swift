/// Fixed-point formatting without Foundation.
func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    var text = (value < 0 && scaled > 0 ? "-" : "") + String(whole)
    if decimals > 0 {
        let fraction = String(Int(scaled - Double(whole) * scale))
        text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return text
}

/// One scenario's results, ready to print.
struct Report {
    let scenario: Scenario
    let library: Measurement?
    let baselines: [(name: String, measurement: Measurement)]

    func baseline(_ name: String) -> Measurement? { baselines.first { $0.name == name }?.measurement }

    var status: CheckStatus {
        let all = (library.map { [$0.status] } ?? []) + baselines.map(\.measurement.status)
        return all.first(where: \.isFailure) ?? (library == nil ? .skipped : .ok)
    }

    /// `bytes`: per live subscription (mallinfo2) for M1/M1b, requested bytes per unit otherwise.
    var bytes: Double? {
        guard let library else { return nil }
        return scenario.id.hasPrefix("M1") ? library.heapBytes : library.allocBytes
    }

    /// The machine-readable line, e.g. `bench S2 ns=87.1 base_ns=9.8 ratio=8.9 allocs=0.00 bytes=0.0 check=ok`.
    var line: String {
        let base = baseline("base-closure")
        let ns = library.map { fixed($0.medianNs, 1) } ?? "-"
        let baseNs = base.map { fixed($0.medianNs, 1) } ?? "-"
        var ratio = "-"
        if let library, let base, base.medianNs > 0 { ratio = fixed(library.medianNs / base.medianNs, 1) }
        let allocs = library.map { fixed($0.allocs, 2) } ?? "-"
        let bytesText = bytes.map { fixed($0, 1) } ?? "-"
        return "bench \(scenario.id) ns=\(ns) base_ns=\(baseNs) ratio=\(ratio) allocs=\(allocs) bytes=\(bytesText) "
            + "check=\(status.word)"
    }
}

/// The readable table.
enum Table {
    static let columns: [(title: String, width: Int)] = [
        ("id", 4), ("unit", 17), ("ns", 9), ("min", 9), ("max", 9), ("cpu", 9), ("closure", 8), ("×cl", 6),
        ("loop", 7), ("arc", 8), ("allocs", 7), ("bytes", 8), ("rssΔ", 7), ("check", 8),
    ]

    static func header() -> String {
        row(columns.map(\.title)) + "\n"
            + columns.map { String(repeating: "-", count: $0.width) }.joined(separator: " ")
    }

    static func row(_ report: Report) -> String {
        let library = report.library
        let base = report.baseline("base-closure")
        var ratio = "-"
        if let library, let base, base.medianNs > 0 { ratio = fixed(library.medianNs / base.medianNs, 1) + "×" }
        let cells: [String] = [
            report.scenario.id, report.scenario.unit,
            library.map { fixed($0.medianNs, 1) } ?? "-", library.map { fixed($0.minNs, 1) } ?? "-",
            library.map { fixed($0.maxNs, 1) } ?? "-", library.map { fixed($0.cpuNs, 1) } ?? "-",
            base.map { fixed($0.medianNs, 2) } ?? "-", ratio,
            report.baseline("base-loop").map { fixed($0.medianNs, 2) } ?? "-",
            report.baseline("base-arc").map { fixed($0.medianNs, 1) } ?? "-",
            library.map { fixed($0.allocs, 2) } ?? "-", report.bytes.map { fixed($0, 1) } ?? "-",
            report.scenario.id.hasPrefix("M1") ? library.map { fixed($0.residentBytes, 0) } ?? "-" : "-",
            report.status == .ok ? "ok" : report.status == .skipped ? "SKIPPED" : "FAIL",
        ]
        return row(cells)
    }

    private static func row(_ cells: [String]) -> String {
        zip(cells, columns).map { cell, column in
            cell.count >= column.width ? cell : String(repeating: " ", count: column.width - cell.count) + cell
        }.joined(separator: " ")
    }
}
