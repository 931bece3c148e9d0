"""Checks the two layout rules of Sources/Streams that Docs/Internals.md ("The folders") states.

1. The top-level folders of Sources/Streams depend one way, in LAYERS order: a file may name types
   declared in its own folder or in a folder listed before it, never after. "Names a type" means an
   identifier of the file (comments and string literals removed) that is a non-private top-level
   type declared in another folder.
2. Raw locks and atomics appear only under Sources/Streams/Engine/ (and in the C module). Everywhere
   else in the library modules, shared state sits in the engine's `LockedCell` or `Locked`, whose
   transitions only read and change the value.

Prints every violation as path:line and exits 1 if there is one. Usage: check.py [REPOSITORY-ROOT]
"""

import glob
import os
import re
import sys

LAYERS = ["Core", "Engine", "Disposables", "Schedulers", "Subjects", "Operators", "Traits", "Concurrency"]
STREAMS = "Sources/Streams"
# Library modules whose sources must not use raw locks or atomics (apps and benchmarks may).
LOCK_FREE_MODULES = ["Sources/Streams", "Sources/StreamsMVC", "Sources/StreamsTest", "Sources/StreamsMVCTest"]
LOCK_FOLDER = "Sources/Streams/Engine/"
RAW_SYNCHRONIZATION = [
    (r"\bNS(Recursive)?Lock\b", "NSLock"),
    (r"\bNSCondition(Lock)?\b", "NSCondition"),
    (r"\bpthread_(mutex|rwlock|spin)\w*", "a pthread lock"),
    (r"\bos_unfair_lock\w*", "os_unfair_lock"),
    (r"\b(Mutex|Atomic|ManagedAtomic|UnsafeAtomic)\s*<", "a Synchronization/Atomics type"),
    (r"^\s*import\s+(Synchronization|Atomics)\b", "the Synchronization or Atomics module"),
    (r"\bstreams_(lock|unlock|try_lock|atomic)\w*", "the C engine's lock or atomics"),
    (r"\b(AtomicWord|AtomicCounter|GlobalCounter|HeldLocks)\b", "the engine's raw atomics"),
    (r"\bLock\b", "the engine's raw Lock"),
    (r"\.(lock|unlock)\(\)", "a lock()/unlock() call"),
]
DECLARATION = re.compile(
    r"^((?:(?:public|package|internal|private|fileprivate|final|open|indirect|nonisolated|@\w+(?:\([^)]*\))?)\s+)*)"
    r"(?:class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)"
)


def code_lines(path):
    """The file's lines with comments and string literals blanked (line numbers kept)."""
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r'"""(.*?)"""', lambda m: '""' + "\n" * m.group(0).count("\n"), text, flags=re.S)
    lines = []
    for line in text.split("\n"):
        line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
        lines.append(re.sub(r"//.*", "", line))
    return lines


def swift_files(folder):
    return sorted(glob.glob(os.path.join(folder, "**", "*.swift"), recursive=True))


def check_layers(violations):
    declared = {}  # type name -> folder
    files = {}
    for path in swift_files(STREAMS):
        folder = os.path.relpath(path, STREAMS).split(os.sep)[0]
        if folder not in LAYERS:
            if path.endswith(".swift"):
                violations.append(f"{path}:1: folder {folder!r} is not in the layer order (Scripts/architecture/check.py)")
            continue
        lines = code_lines(path)
        files[path] = (folder, lines)
        depth = 0
        for line in lines:
            if depth == 0:
                match = DECLARATION.match(line.strip())
                if match and "private" not in match.group(1):
                    declared.setdefault(match.group(2), set()).add(folder)
            depth += line.count("{") - line.count("}")
    for path, (folder, lines) in files.items():
        rank = LAYERS.index(folder)
        reported = set()
        for number, line in enumerate(lines, 1):
            for name in re.findall(r"\b([A-Z_]\w*)\b", line):
                for other in declared.get(name, ()):
                    if LAYERS.index(other) > rank and (name, other) not in reported:
                        reported.add((name, other))
                        violations.append(
                            f"{path}:{number}: {folder}/ names {name}, declared in {other}/ (a later layer)")


def check_locks(violations):
    for module in LOCK_FREE_MODULES:
        for path in swift_files(module):
            if path.startswith(LOCK_FOLDER):
                continue
            for number, line in enumerate(code_lines(path), 1):
                for pattern, what in RAW_SYNCHRONIZATION:
                    if re.search(pattern, line):
                        violations.append(
                            f"{path}:{number}: {what} outside {LOCK_FOLDER} (use LockedCell or Locked)")


def main():
    os.chdir(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    violations = []
    check_layers(violations)
    check_locks(violations)
    for violation in violations:
        print(violation)
    if violations:
        print(f"architecture: {len(violations)} violation(s); the rules are in Docs/Internals.md, \"The folders\"")
        return 1
    print("architecture: the folders of Sources/Streams depend one way (" + " ← ".join(LAYERS) + "); "
          "raw locks and atomics appear only in Sources/Streams/Engine/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
