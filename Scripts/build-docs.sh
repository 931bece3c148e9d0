#!/usr/bin/env bash
# Builds the DocC sites for every catalog into .build/docs/<Module>, failing on any warning
# (broken links, wrong parameter docs). Usage: bash Scripts/build-docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# A separate scratch path: the compiler writes symbol graphs only when it compiles a module, so
# they must live with the build that made them (deleting them while that build is up to date
# would leave them missing), and ordinary builds without the flags must not share its cache.
scratch=.build/docs-scratch
graphs=$scratch/symbol-graphs
rm -rf .build/docs
mkdir -p "$graphs" .build/docs
for catalog in Sources/*/*.docc; do
    module=$(basename "$(dirname "$catalog")")
    swift build --scratch-path "$scratch" --target "$module" -Xswiftc -emit-symbol-graph \
        -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
done
for catalog in Sources/*/*.docc; do
    module=$(basename "$(dirname "$catalog")")
    # Each module's site gets its own symbol graphs plus those of the modules it extends.
    dir=$(mktemp -d)
    cp "$graphs/$module".symbols.json "$dir"/ 2>/dev/null || true
    cp "$graphs/$module@"*.symbols.json "$dir"/ 2>/dev/null || true
    # StreamsMVC and StreamsTest build on Streams: their sites also get Streams' symbol graph,
    # so links to Streams' types resolve.
    [ "$module" = Streams ] || cp "$graphs/Streams.symbols.json" "$dir"/
    docc convert "$catalog" --additional-symbol-graph-dir "$dir" --output-path ".build/docs/$module" \
        --transform-for-static-hosting --warnings-as-errors
    echo "built .build/docs/$module"
done
