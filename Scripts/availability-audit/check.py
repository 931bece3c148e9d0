"""Reports every API the package's sources reference that Apple ships later than the package's minimums.

Reads the references (index-references.c) and the toolchain modules' symbol graphs, whose availability
attributes carry the Apple versions even on Linux. Exits 1 when a reference is neither above the minimums'
line nor explained in ALLOWED. Usage: check.py REFERENCES.tsv SYMBOL-GRAPH-DIR
"""

import glob
import json
import re
import sys
from collections import defaultdict

MINIMUMS = {"macOS": (10, 15), "iOS": (13, 0), "tvOS": (13, 0), "watchOS": (6, 0), "visionOS": (1, 0)}

# (symbol path, file pattern, why the reference is fine at the minimums)
ALLOWED = [
    (r"(AsyncIteratorProtocol|AsyncStream\.Iterator|AsyncThrowingStream\.Iterator|ThrowingTaskGroup\.Iterator|"
     r"TaskGroup\.Iterator)"
     r"\.next\(isolation:\)", r".*",
     "a for-await loop calls next() below macOS 15"),
    (r"FixedWidthInteger\.&\*\(_:_:\)", r".*",
     "a requirement since Swift 6; the unconstrained default implementation serves older systems"),
    (r"(Observable|Observable\(\)|ObservationIgnored\(\)|ObservationTracked\(\)|ObservationRegistrar.*|"
     r"withObservationTracking\(_:onChange:\))",
     r"(Sources/StreamsMVC/Observation/ScreenStore|Tests/StreamsMVCTests/Observation/ScreenStoreTests)\.swift",
     "ScreenStore and its tests are @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)"),
    (r"(Clock|Clock\..*|ContinuousClock.*|Duration|Duration\..*|InstantProtocol|Task\.sleep\(for:tolerance:clock:\))",
     r"(Sources/Streams/Concurrency/VirtualClock|Tests/StreamsTests/Concurrency/Virtual(Clock|TimeExecutor)Tests|"
     r"Tests/StreamsTests/Docs/DocExamplesTests|Tests/StreamsTestTests/DocsTestingExamplesTests|"
     r"Tests/StreamsTestTests/ScreenTest/ScreenTestStoreAsyncTests|Tests/SearchDemoTests/Flow/SearchAsyncPathTests)"
     r"\.swift",
     "VirtualClock is @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *); the tests and examples that use it "
     "are @available(macOS 15, ...)"),
    (r"(TaskExecutor|TaskExecutor\..*|ExecutorJob|UnownedJob\..*|Task\.init\(name:executorPreference:priority:operation:\))",
     r"(Sources/Streams/Concurrency/VirtualTimeExecutor|Tests/StreamsTests/Concurrency/VirtualTimeExecutorTests)\.swift",
     "the virtual-time task executor is @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), and "
     "the bridges start it behind #available"),
    (r"(Trait\.timeLimit\(_:\)|TimeLimitTrait\.Duration\.minutes\(_:\))", r"Tests/.*",
     "only off Darwin (#if canImport(Darwin)) or on a test gated with @available(macOS 13, ...)"),
]


def version_text(version):
    return ".".join(str(part) for part in version)


def main(references_path, graph_directory):
    availability, names = {}, {}
    for path in glob.glob(f"{graph_directory}/*.symbols.json"):
        module = path.split("/")[-1].split(".")[0]
        for symbol in json.load(open(path))["symbols"]:
            introduced = {}
            for entry in symbol.get("availability", []):
                if entry.get("domain") in MINIMUMS and "introduced" in entry:
                    number = entry["introduced"]
                    introduced[entry["domain"]] = (number["major"], number.get("minor", 0))
            usr = symbol["identifier"]["precise"]
            availability[usr] = introduced
            names[usr] = (".".join(symbol["pathComponents"]), module)
    findings = defaultdict(set)
    for line in open(references_path):
        usr, _, location = line.rstrip("\n").split("\t")
        if location.startswith(".build/") or usr not in availability:
            continue
        newer = {p: v for p, v in availability[usr].items() if v > MINIMUMS[p]}
        if not newer:
            continue
        name, _ = names[usr]
        file = location.rsplit(":", 1)[0]
        if any(re.fullmatch(s, name) and re.fullmatch(f, file) for s, f, _ in ALLOWED):
            continue
        findings[(name, tuple(sorted(newer.items())))].add(location)
    for (name, newer), locations in sorted(findings.items()):
        needs = ", ".join(f"{p} {version_text(v)}" for p, v in newer)
        print(f"{name} needs {needs}:")
        for location in sorted(locations):
            print(f"    {location}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
