#!/usr/bin/env bash
# Checks that the package builds at its Apple minimums, which Linux cannot compile against: every API
# the targets reference is looked up in the toolchain's own availability attributes (see check.py), and
# the two language features that need a newer runtime without naming an API are searched for by text.
# Needs a debug build first (`swift build --build-tests`, which writes the index store). Usage:
# Scripts/availability-audit/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"
work="${AUDIT_OUT:-.build/availability-audit}"
mkdir -p "$work/graphs"

clang -O1 -I"$toolchain/local/include" -I"$toolchain/include" Scripts/availability-audit/index-references.c \
    -L"$toolchain/lib" -lIndexStore -Wl,-rpath,"$toolchain/lib" -o "$work/index-references"
"$work/index-references" .build/debug/index/store "$PWD/" > "$work/references.tsv"

triple="$(swift -print-target-info | sed -n 's/.*"unversionedTriple": "\(.*\)".*/\1/p' | head -1)"
for module in Swift _Concurrency _StringProcessing Foundation FoundationEssentials FoundationNetworking \
    Dispatch Observation Synchronization Testing XCTest; do
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -output-dir "$work/graphs" \
        -minimum-access-level public > /dev/null
done

status=0
python3 Scripts/availability-audit/check.py "$work/references.tsv" "$work/graphs" || status=1
# An existential with a primary associated type (`any P<T>`) needs the macOS 13 / iOS 16 runtime when its
# metadata is formed; a regex literal needs macOS 13 / iOS 16 too. (Key paths are classes, not protocols.)
if grep -rnE "any [A-Z][A-Za-z0-9]*<|#/" Sources Tests Fuzz --include='*.swift' \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' | grep -vE 'any (Partial|Writable|ReferenceWritable)?KeyPath<'; then
    echo "parameterized existential or regex literal: needs macOS 13 / iOS 16"
    status=1
fi
[ "$status" -eq 0 ] && echo "availability audit: nothing newer than the package minimums"
exit "$status"
