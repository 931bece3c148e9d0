#!/usr/bin/env bash
# The whole test suite once more under AddressSanitizer: any memory error or leak fails CI.
# LeakSanitizer runs at exit; .ci/lsan.supp suppresses only what is not ours (XCTest, libcurl, OpenSSL,
# FoundationNetworking) and Swift's weak-reference side tables, which it cannot see referenced.
set -uo pipefail
log=$(mktemp)
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$PWD/.ci/lsan.supp" swift test --sanitize=address >"$log" 2>&1
status=$?
grep -E "Test run|Executed .* tests|error:" "$log" | tail -5
if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)" "$log"; then
    grep -A40 -E "ERROR: (AddressSanitizer|LeakSanitizer)" "$log" | head -80
    exit 1
fi
if [ "$status" -ne 0 ]; then
    # The failing tests and their recorded issues, whatever their place in the log.
    grep -E "✘|recorded an issue|XCTAssert|error: -\[" "$log" | grep -v "known issue" | head -60
    tail -20 "$log"
fi
exit "$status"
