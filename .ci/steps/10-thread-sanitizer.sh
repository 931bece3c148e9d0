#!/usr/bin/env bash
# The whole test suite once more under ThreadSanitizer; any report fails CI.
set -uo pipefail
log=$(mktemp)
TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1" swift test --sanitize=thread >"$log" 2>&1
status=$?
grep -E "Test run|Executed .* tests|error:" "$log" | tail -5
if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "ThreadSanitizer reported a problem:"
    grep -A30 "WARNING: ThreadSanitizer" "$log" | head -80
    exit 1
fi
if [ "$status" -ne 0 ]; then
    # The failing tests and their recorded issues, whatever their place in the log.
    grep -E "✘|recorded an issue|XCTAssert|error: -\[" "$log" | grep -v "known issue" | head -60
    tail -20 "$log"
fi
exit "$status"
