#!/usr/bin/env bash
# The whole test suite once more under AddressSanitizer (XCTest's own leaks suppressed).
set -uo pipefail
log=$(mktemp)
LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp" swift test --sanitize=address >"$log" 2>&1
status=$?
grep -E "Test run|Executed .* tests|error:" "$log" | tail -5
if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)" "$log"; then
    grep -A40 -E "ERROR: (AddressSanitizer|LeakSanitizer)" "$log" | head -80
    exit 1
fi
[ "$status" -eq 0 ] || tail -40 "$log"
exit "$status"
