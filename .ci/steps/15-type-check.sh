#!/usr/bin/env bash
# Type-checks Scripts/type-check/Chains.swift (long operator chains) against the debug build's
# Streams module; fails if any expression takes more than 200 ms to type-check, or if it does not
# compile. Runs after the debug build, which it reuses. Language mode 5: the chains are the code
# RxSwift users bring (a `var` total mutated from `onNext`), and what is measured is the type
# checker, not concurrency checking.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(swift build --show-bin-path)
maps=()
for map in "$bin"/*.build/module.modulemap; do maps+=(-Xcc "-fmodule-map-file=$map"); done
log=$(mktemp)
status=0
swiftc -typecheck -swift-version 5 -I "$bin/Modules" "${maps[@]}" Scripts/type-check/Chains.swift \
    -Xfrontend -warn-long-expression-type-checking=200 -Xfrontend -debug-time-function-bodies >"$log" 2>&1 || status=$?
slowest=$(grep -E "^[0-9.]+ms[[:space:]].*Chains.swift" "$log" | sort -rn | head -3 || true)
echo "slowest function bodies:"
echo "$slowest"
if [ "$status" -ne 0 ] || grep -qE "warning: expression took|error:" "$log"; then
    grep -E "warning: expression took|error:" "$log" | head -20
    echo "type-checking: an expression exceeded 200 ms or the file does not compile"
    exit 1
fi
echo "every expression type-checked in under 200 ms"
