#!/usr/bin/env bash
# StreamsMVC's requirements with two spellings (`mapToAction(event:)`/`mapEventToAction(_:)`,
# `flatMapToAction(event:)`/`flatMapEventToAction(_:)`, `reduce(state:with:)`/`reduce(_:with:)`)
# are checked by the compiler: a conformer that implements neither, or misspells the one it means,
# must not compile. Type-checks Scripts/type-check/RequirementSpellings.swift against the debug
# build's modules (it runs after the debug build, which it reuses) in Swift 6 mode, as an app
# would: as written it must compile; with -D MISSPELT it must fail with exactly the diagnostics
# below. (A compile failure cannot be a test in a test target, which would not build.)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(swift build --show-bin-path)
maps=()
for map in "$bin"/*.build/module.modulemap; do maps+=(-Xcc "-fmodule-map-file=$map"); done
file=Scripts/type-check/RequirementSpellings.swift
log=$(mktemp)
typecheck() { swiftc -typecheck -swift-version 6 -I "$bin/Modules" "${maps[@]}" "$file" "$@" >"$log" 2>&1; }

if ! typecheck; then
    cat "$log"
    echo "requirement spellings: the conformers with correct spellings do not compile"
    exit 1
fi

if typecheck -D MISSPELT; then
    echo "requirement spellings: conformers that implement neither spelling compiled"
    exit 1
fi
expected=(
    "error: type 'MisspeltMap' does not conform to protocol 'MapController'"
    "note: protocol requires function 'mapToAction(event:)'"
    "error: type 'MisspeltFlatMap' does not conform to protocol 'FlatMapController'"
    "note: protocol requires function 'flatMapToAction(event:)'"
    "error: type 'MisspeltReducer' does not conform to protocol 'ReducerModel'"
    "note: protocol requires function 'reduce(state:with:)'"
)
status=0
for line in "${expected[@]}"; do
    grep -qF -- "$line" "$log" || { echo "missing diagnostic: $line"; status=1; }
done
# Every error the file produces must be one of the three conformance errors.
unexpected=$(grep -E "^[^ ]*RequirementSpellings\.swift:[0-9]+:[0-9]+: error:" "$log" |
    grep -vE "error: type 'Misspelt(Map|FlatMap|Reducer)' does not conform to protocol" || true)
if [ -n "$unexpected" ]; then
    echo "unexpected errors:"
    echo "$unexpected"
    status=1
fi
if [ "$status" -ne 0 ]; then
    cat "$log"
    exit 1
fi
echo "a conformer that implements neither spelling does not compile; each spelling does"
