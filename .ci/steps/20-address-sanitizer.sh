#!/usr/bin/env bash
# The whole test suite once more under AddressSanitizer (XCTest's own leaks suppressed).
set -euo pipefail
log=$(mktemp)
LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp" swift test --sanitize=address 2>&1 | tee "$log" | grep -E "Test run|Executed|AddressSanitizer|LeakSanitizer|error:" || true
status=${PIPESTATUS[0]}
if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)" "$log"; then
    grep -A40 -E "ERROR: (AddressSanitizer|LeakSanitizer)" "$log" | head -80
    exit 1
fi
exit "$status"
