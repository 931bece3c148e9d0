import BenchmarkSupport
import CMallocCounter

/// Lets a scenario narrow the measured region (M1 measures only its subscribe loop); by default
/// the whole body is measured.
struct Probe {
    fileprivate let countsAllocations: Bool
    fileprivate var wallStart: UInt64 = 0
    fileprivate var cpuStart: UInt64 = 0
    fileprivate var heapStart: Int64 = 0
    fileprivate var residentStart = 0
    fileprivate(set) var measured: (wall: UInt64, cpu: UInt64, heap: Int64, resident: Int)?

    fileprivate init(countsAllocations: Bool) { self.countsAllocations = countsAllocations }

    /// Starts the measured region.
    mutating func start() {
        residentStart = ProcessMemory.residentBytes
        heapStart = streams_mallinfo_used()
        if countsAllocations {
            streams_alloc_reset()
            streams_alloc_enable(true)
        }
        cpuStart = cpuNow()
        wallStart = wallNow()
    }

    /// Ends the measured region.
    mutating func stop() {
        let wall = wallNow() &- wallStart
        let cpu = cpuNow() &- cpuStart
        if countsAllocations { streams_alloc_enable(false) }
        let heap = streams_mallinfo_used() - heapStart
        measured = (wall, cpu, heap, ProcessMemory.residentBytes - residentStart)
    }
}

/// One measured variant of a scenario: the library or a baseline.
struct Variant {
    let name: String
    let body: (inout Probe) -> Check
}

/// A scenario from SCENARIOS.md: a library body, its baselines and its reference checksum.
struct Scenario {
    let id: String
    let what: String
    let unit: String
    /// Units per run (elements, onNexts, iterations, subscriptions…).
    let units: Int
    /// The reference checksum, or `nil` to compare with the first run only (C1).
    let expected: Check?
    /// The sink's accumulator, zeroed before every run.
    let acc: Acc
    /// The library run, or `nil` when the scenario is not available in this build.
    let library: ((inout Probe) -> Check)?
    /// Baselines by name: `base-closure`, `base-loop`, `base-arc`.
    var baselines: [Variant] = []
    /// Why `library` is `nil`.
    var skipReason = ""
}

/// Status of a scenario's checksums.
enum CheckStatus: Equatable {
    case ok
    case mismatch(expected: Check, got: Check)
    case unstable(first: Check, other: Check)
    case skipped

    var word: String {
        switch self {
        case .ok: "ok"
        case .mismatch(let expected, _): "MISMATCH(expected \(expected))"
        case .unstable: "UNSTABLE"
        case .skipped: "SKIPPED"
        }
    }

    var isFailure: Bool {
        switch self {
        case .ok, .skipped: false
        case .mismatch, .unstable: true
        }
    }
}

/// Statistics of one variant over the timed runs.
struct Measurement {
    var medianNs = 0.0
    var minNs = 0.0
    var maxNs = 0.0
    var cpuNs = 0.0
    /// Median mallinfo2 delta per unit in the measured region (meaningful for M1/M1b).
    var heapBytes = 0.0
    /// Median RSS delta per unit in the measured region.
    var residentBytes = 0.0
    var allocs = 0.0
    var allocBytes = 0.0
    var status = CheckStatus.ok
}

/// Runs variants with the statistics of SCENARIOS.md §1.
struct Harness {
    var warmup = 2
    var runs = 7

    /// Measures `variant`: warm-up runs, timed runs, then one run with the malloc counter on.
    func measure(_ variant: Variant, of scenario: Scenario, countAllocations: Bool) -> Measurement {
        let units = Double(scenario.units)
        var walls: [Double] = []
        var cpus: [Double] = []
        var heaps: [Double] = []
        var residents: [Double] = []
        var checks: [Check] = []
        walls.reserveCapacity(runs)
        cpus.reserveCapacity(runs)
        heaps.reserveCapacity(runs)
        residents.reserveCapacity(runs)
        checks.reserveCapacity(runs + warmup + 1)
        for run in 0..<(warmup + runs) {
            let result = once(variant, of: scenario, countsAllocations: false)
            checks.append(result.check)
            guard run >= warmup else { continue }
            walls.append(Double(result.wall) / units)
            cpus.append(Double(result.cpu) / units)
            heaps.append(Double(result.heap) / units)
            residents.append(Double(result.resident) / units)
        }
        var measurement = Measurement()
        measurement.medianNs = median(walls)
        measurement.minNs = walls.min() ?? 0
        measurement.maxNs = walls.max() ?? 0
        measurement.cpuNs = median(cpus)
        measurement.heapBytes = median(heaps)
        measurement.residentBytes = median(residents)
        if countAllocations {
            let result = once(variant, of: scenario, countsAllocations: true)
            checks.append(result.check)
            measurement.allocs = Double(result.allocs) / units
            measurement.allocBytes = Double(result.allocBytes) / units
        }
        measurement.status = status(of: checks, expected: scenario.expected)
        return measurement
    }

    private func once(
        _ variant: Variant, of scenario: Scenario, countsAllocations: Bool
    ) -> (wall: UInt64, cpu: UInt64, heap: Int64, resident: Int, check: Check, allocs: Int64, allocBytes: Int64) {
        scenario.acc.reset()
        var probe = Probe(countsAllocations: countsAllocations)
        var whole = Probe(countsAllocations: countsAllocations)
        whole.start()
        let check = variant.body(&probe)
        whole.stop()
        let region = probe.measured ?? whole.measured!
        return (
            region.wall, region.cpu, region.heap, region.resident, check, streams_alloc_count(),
            streams_alloc_bytes()
        )
    }

    private func status(of checks: [Check], expected: Check?) -> CheckStatus {
        guard let first = checks.first else { return .skipped }
        if let expected, first != expected { return .mismatch(expected: expected, got: first) }
        if let other = checks.first(where: { $0 != first }) { return .unstable(first: first, other: other) }
        return .ok
    }

    private func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
