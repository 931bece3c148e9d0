#!/usr/bin/env bash
# The outputs in Docs/FindingLeaks.md are printed by a real run of its examples
# (Tests/StreamsTests/Docs/FindingLeaksExamples.swift, run by FindingLeaksGuideTests), like the operator
# guides' marble diagrams (OperatorDiagramTests).
#
#   bash Scripts/generate-guide-outputs.sh           rewrites the guide's output blocks from a run
#   bash Scripts/generate-guide-outputs.sh --check   fails if they are not what the run prints (CI)
#
# Builds the tests first if needed (reuses the build of an earlier `swift build --build-tests`).
set -euo pipefail
cd "$(dirname "$0")/.."
export SWIFT_BACKTRACE=enable=no
filter=FindingLeaksGuide
swift build --build-tests >/dev/null
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if [ "${1:-}" = "--check" ]; then
    status=0
    swift test --skip-build --filter "$filter" >"$log" 2>&1 || status=$?
else
    status=0
    STREAMS_UPDATE_DOCS=1 swift test --skip-build --filter "$filter" >"$log" 2>&1 || status=$?
fi
# A filter that matches nothing passes silently: insist that the generator ran.
if ! grep -qE "Test run with [1-9][0-9]* tests? .*passed" "$log" || [ "$status" -ne 0 ]; then
    cat "$log"
    echo "generate-guide-outputs: $filter failed (Docs/FindingLeaks.md differs from the run, or did not run)" >&2
    exit 1
fi
if [ "${1:-}" = "--check" ]; then
    echo "Docs/FindingLeaks.md: its outputs are what the run prints"
else
    echo "Docs/FindingLeaks.md: outputs written from the run (git diff shows what changed)"
fi
