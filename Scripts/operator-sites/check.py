"""Checks that every public operator records where the app applied it (Docs/Internals.md, "Writing an
operator"): each public function of the operator folders that returns an observable or a trait takes
`file: StaticString = #fileID, line: UInt = #line` last and hands them on, either to
`.inspected(as:file:line:)` or to the operator it is built on (`file: file, line: line`); each
subscribing function (`subscribe`, `bind`, `drive`) does the same for its root.

Prints every public operator without a site as path:line and exits 1 if there is one.
Usage: check.py [REPOSITORY-ROOT]
"""

import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from swift_functions import functions  # noqa: E402

FOLDERS = [
    "Sources/Streams/Operators",
    "Sources/Streams/Traits",
    "Sources/Streams/Concurrency",
    "Sources/Streams/Subjects",
    "Sources/Streams/Engine/Subscribe.swift",
    "Sources/StreamsMVC",
]
RESULTS = ("Observable<", "Single<", "Maybe<", "Completable", "Infallible<", "Driver<", "PrimitiveSequence<")
ROOTS = ("subscribe", "bind", "drive")
SITE = "file: StaticString = #fileID, line: UInt = #line"
PASSED_ON = "file: file, line: line"

# Public functions that return an observable or subscribe but record no site of their own, and why.
EXCEPTIONS = {
    "asObservable": "the sequence itself: no operator is applied",
    "debug": "takes RxSwift's `file: String = #file, line:` for its log lines (the inspector's debug work uses them)",
    "subscribe(_ observer)": "the protocol requirement every operator subscribes its source through (not a root)",
    "MainActorObservable.subscribe/bind": "sites are `fileID: String`/`line: Int` (RxCocoa's); recorded at `#filePath`",
    "Driver.drive(onNext:)": "sites are `fileID: String`/`line: Int`; recorded at `#filePath`",
    "manipulate/use": (
        "the ready-made controllers' and ReducerModel's protocol requirements: their signatures are the"
        " protocol's, which takes no site, so their chains record StreamsMVC lines"
    ),
}


def exception_for(path, func):
    if func.name == "asObservable" and not func.params.strip():
        return EXCEPTIONS["asObservable"]
    if func.name == "debug" and "file: String" in func.params:
        return EXCEPTIONS["debug"]
    if func.name == "subscribe" and re.match(r"\s*_ observer: Observer\s*$", func.params):
        return EXCEPTIONS["subscribe(_ observer)"]
    if "fileID: String = #fileID" in func.params and "filePath: filePath" in func.body:
        return EXCEPTIONS["Driver.drive(onNext:)"]
    if func.name in ("manipulate", "use", "flatMapToAction", "flatMapEventToAction"):
        return EXCEPTIONS["manipulate/use"]
    return None


def sources(root):
    for folder in FOLDERS:
        path = os.path.join(root, folder)
        if path.endswith(".swift"):
            yield path
        else:
            yield from sorted(glob.glob(os.path.join(path, "**", "*.swift"), recursive=True))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    problems = []
    checked = 0
    for path in sources(root):
        text = open(path, encoding="utf-8").read()
        for func in functions(text):
            if not func.has_body:
                continue
            is_operator = func.ret.startswith(RESULTS)
            is_root = func.name in ROOTS and "Disposable" in func.ret
            if not (is_operator or is_root) or exception_for(path, func):
                continue
            checked += 1
            where = f"{os.path.relpath(path, root)}:{func.line}: {func.name}"
            if not re.sub(r"\s+", " ", func.params).rstrip(" ,").endswith(SITE):
                problems.append(f"{where}: does not end its parameters with `{SITE}`")
            elif PASSED_ON not in re.sub(r"\s+", " ", func.body):
                problems.append(f"{where}: records no site (`.inspected(as:file:line:)` or `{PASSED_ON}`)")
    for problem in problems:
        print(problem)
    if problems:
        print(f"operator sites: {len(problems)} of {checked} public operators and subscribers record no site")
        return 1
    print(f"operator sites: all {checked} public operators and subscribers record where the app applied them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
