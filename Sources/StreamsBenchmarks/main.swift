import BenchmarkSupport
import CMallocCounter

#if canImport(Glibc)
    import Glibc
#endif

// streams-benchmarks: the scenarios of ../shared/benchmarks/SCENARIOS.md (see Docs/Performance.md).

let usage = """
    usage: streams-benchmarks [--filter ID[,ID…]] [--quick] [--soak] [--selftest] [--help]

      --filter ID   run only the named scenarios (S1 S1b S2 S3 S4a S4b S5 S6 S7 S8d S8t M1 M1b C1 I1 I2)
      --quick       divide every size by 10 (a smoke run; timings are not comparable)
      --soak        instead of the scenarios: ten million events through a churning chain,
                    reporting peak and current RSS at start and end (memory must stay flat)
      --selftest    check that the malloc counter sees the Swift runtime's allocations
      --help        this text

    Output: a table, then one line per scenario:
      bench S2 ns=87.1 base_ns=9.8 ratio=8.9 allocs=0.00 bytes=0.0 check=ok
    Exit status 1 if any checksum is MISMATCH or UNSTABLE.
    """

var arguments = Array(CommandLine.arguments.dropFirst())
var filter: Set<String>?
var quick = false
var soak = false
var selftest = false
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--filter":
        guard !arguments.isEmpty else {
            print(usage)
            exit(2)
        }
        filter = Set(arguments.removeFirst().split(separator: ",").map { $0.lowercased() })
    case "--quick": quick = true
    case "--soak": soak = true
    case "--selftest": selftest = true
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        print("unknown argument \(argument)\n\(usage)")
        exit(2)
    }
}

if selftest { exit(SelfTest.run() ? 0 : 1) }
if soak { exit(Soak.run(events: quick ? 1_000_000 : 10_000_000) ? 0 : 1) }

let sizes = Sizes(scale: quick ? 10 : 1)
let factories: [(id: String, make: () -> Scenario)] = [
    ("S1", { CoreScenarios.s1(sizes) }),
    ("S1b", { CoreScenarios.s1b(sizes) }),
    ("S2", { CoreScenarios.s2(sizes) }),
    ("S3", { CoreScenarios.s3(sizes) }),
    ("S4a", { CoreScenarios.s4a(sizes) }),
    ("S4b", { CoreScenarios.s4b(sizes) }),
    ("S5", { OperatorScenarios.s5(sizes) }),
    ("S6", { OperatorScenarios.s6(sizes) }),
    ("S7", { OperatorScenarios.s7(sizes) }),
    ("S8d", { OperatorScenarios.s8(sizes, throttle: false) }),
    ("S8t", { OperatorScenarios.s8(sizes, throttle: true) }),
    ("M1", { CoreScenarios.m1(sizes, perSubscription: false) }),
    ("M1b", { CoreScenarios.m1(sizes, perSubscription: true) }),
    ("C1", { CatalogScenario.c1(sizes) }),
    ("I1", { InspectorScenarios.i1(sizes) }),
    ("I2", { InspectorScenarios.i2(sizes) }),
]

if let filter, !filter.isSubset(of: Set(factories.map { $0.id.lowercased() })) {
    print("unknown scenario in --filter\n\(usage)")
    exit(2)
}

let harness = Harness()
var reports: [Report] = []
print("streams-benchmarks\(quick ? " --quick (sizes / 10)" : ""): WARMUP=\(harness.warmup) RUNS=\(harness.runs)")
print("ns = median wall ns per unit; cpu = median thread-CPU ns; closure/loop/arc = baselines (ns);")
print("allocs/bytes = malloc calls / requested bytes per unit (M1: bytes = mallinfo2 Δ per live subscription)\n")
print(Table.header())
for factory in factories where filter?.contains(factory.id.lowercased()) ?? true {
    let scenario = factory.make()
    let library = scenario.library.map {
        harness.measure(Variant(name: "streams", body: $0), of: scenario, countAllocations: true)
    }
    let baselines = scenario.baselines.map {
        (name: $0.name, measurement: harness.measure($0, of: scenario, countAllocations: false))
    }
    let report = Report(scenario: scenario, library: library, baselines: baselines)
    reports.append(report)
    print(Table.row(report))
}
print("")
for report in reports {
    if report.status == .skipped { print("# \(report.scenario.id): skipped: \(report.scenario.skipReason)") }
    if case .unstable(let first, let other) = report.status {
        print("# \(report.scenario.id): UNSTABLE: first run \(first), a later run \(other)")
    }
    if case .mismatch(let expected, let got) = report.status {
        print("# \(report.scenario.id): MISMATCH: expected \(expected), got \(got)")
    }
}
for report in reports { print(report.line) }
exit(reports.contains { $0.status.isFailure } ? 1 : 0)
