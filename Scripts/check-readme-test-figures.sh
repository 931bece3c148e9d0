#!/usr/bin/env bash
# The README promises what a passing `swift test` prints: the XCTest count and Swift Testing's
# "N tests in M suites". This compares those figures with a real run's output (CI passes the log of
# its test step), so the README cannot drift from the suite.
set -euo pipefail
log="$1"
readme="$(dirname "$0")/../README.md"

figures() { grep -oE "Test run with [0-9]+ tests in [0-9]+ suites" "$1" | tail -1; }
xctest() { grep -oE "Executed [0-9]+ tests, with 0 failures" "$1" | tail -1; }

ran="$(figures "$log")"
promised="$(figures "$readme")"
if [ -z "$ran" ] || [ "$ran" != "$promised" ]; then
    echo "README says \"$promised\" but the run printed \"$ran\": update the README's two-commands section" >&2
    exit 1
fi
ran_xctest="$(xctest "$log")"
promised_xctest="$(xctest "$readme")"
if [ -z "$ran_xctest" ] || [ "$ran_xctest" != "$promised_xctest" ]; then
    echo "README says \"$promised_xctest\" but the run printed \"$ran_xctest\"" >&2
    exit 1
fi
echo "README's test figures match the run: $ran; $ran_xctest"
