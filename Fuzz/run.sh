#!/usr/bin/env bash
# Builds each libFuzzer target with swiftc (-sanitize=fuzzer,address) and runs it for a bounded
# time on its committed seed corpus. Usage: Fuzz/run.sh [seconds-per-target] [target...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
out=${FUZZ_OUT:-.build/fuzz}
mkdir -p "$out"
export SWIFT_BACKTRACE=enable=no

sources_of() {
    case "$1" in
        github-response) echo Sources/SearchDemo/Domain/*.swift Sources/SearchDemo/Query/*.swift Sources/SearchDemo/GitHub/*.swift Sources/SearchDemo/Text/*.swift Fuzz/Targets/GitHubResponseFuzz.swift ;;
        catalog-search) echo Sources/SearchDemo/Domain/*.swift Sources/SearchDemo/Query/*.swift Sources/SearchDemo/Catalog/*.swift Sources/SearchDemo/GitHub/*.swift Sources/SearchDemo/Text/*.swift Fuzz/Support/BundleModule.swift Fuzz/Targets/CatalogSearchFuzz.swift ;;
        key-decoder) echo Sources/SearchDemo/Terminal/Key.swift Sources/SearchDemo/Terminal/KeyDecoder*.swift Sources/SearchDemo/Terminal/DisplayWidth.swift Sources/SearchDemo/Terminal/WideCharacterTable.swift Fuzz/Targets/KeyDecoderFuzz.swift ;;
        marble-parser) echo Sources/StreamsTest/Marbles/MarbleParser.swift Sources/StreamsTest/Marbles/MarbleError.swift Fuzz/Targets/MarbleParserFuzz.swift ;;
        *) echo "unknown fuzz target $1" >&2; return 1 ;;
    esac
}

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(key-decoder github-response catalog-search marble-parser)
fi

for target in "${targets[@]}"; do
    echo "--- fuzz $target (${seconds}s)"
    # shellcheck disable=SC2046
    rm -f "$out/$target"
    swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -module-name "Fuzz_${target//-/_}" \
        $(sources_of "$target") -o "$out/$target" 2>&1 | grep -v "ld.gold: warning: Cannot export local symbol" || true
    [ -x "$out/$target" ] || { echo "fuzz build of $target failed"; exit 1; }
    corpus="$out/corpus-$target"
    rm -rf "$corpus" && mkdir -p "$corpus" && cp Fuzz/Corpus/"$target"/* "$corpus"/
    timeout $((seconds + 120)) "$out/$target" "$corpus" -max_total_time="$seconds" -rss_limit_mb=2048 \
        -timeout=10 -print_final_stats=1 -artifact_prefix="$out/$target-" 2>&1 | tail -12
done
