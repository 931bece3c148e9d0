#!/usr/bin/env bash
# The whole test suite once more under ThreadSanitizer; any report fails CI.
set -euo pipefail
log=$(mktemp)
status=0
TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1" swift test --sanitize=thread 2>&1 | tee "$log" | grep -E "Test run|Executed|ThreadSanitizer|error:" || true
status=${PIPESTATUS[0]}
if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "ThreadSanitizer reported a problem:"
    grep -A30 "WARNING: ThreadSanitizer" "$log" | head -80
    exit 1
fi
exit "$status"
