#!/usr/bin/env bash
# Compiles every ```swift block of README.md with exactly the imports it shows, as a newcomer would
# paste it: the app's blocks (no `import Testing`) together as the module MyApp, each file with its
# own imports; each test block on its own against MyApp, Streams' modules and Swift Testing.
# Package manifests (PackageDescription, and fragments of one) are checked by `swift package`
# instead: the full manifest is dumped in a scratch folder. Uses the debug build made earlier.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(swift build --show-bin-path)
maps=()
for map in "$bin"/*.build/module.modulemap; do maps+=(-Xcc "-fmodule-map-file=$map"); done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

awk -v dir="$work" '/^```swift/{f=1;n++;next} /^```/{f=0} f{print > (dir "/block" n ".swift")}' README.md
app=() tests=() status=0
for block in "$work"/block*.swift; do
    name=$(basename "$block")
    if grep -q "PackageDescription" "$block"; then
        mkdir -p "$work/manifest/Sources/MyApp" "$work/manifest/Tests/MyAppTests"
        cp "$block" "$work/manifest/Package.swift"
        if (cd "$work/manifest" && swift package dump-package >/dev/null 2>"$work/manifest.log"); then
            echo "$name: a package manifest; it parses"
        else
            cat "$work/manifest.log"; echo "$name: the manifest does not parse"; status=1
        fi
    elif grep -qE "^(dependencies|targets):" "$block"; then
        echo "$name: a fragment of a manifest (not compiled alone)"
    elif ! grep -qE "^(@testable )?import " "$block"; then
        echo "$name: shows no import, so it cannot compile as pasted; add the imports it needs"; status=1
    elif grep -q "^import Testing" "$block"; then
        tests+=("$block")
    else
        app+=("$block")
    fi
done
if [ "${#app[@]}" -gt 0 ]; then
    swiftc -emit-module -enable-testing -module-name MyApp -swift-version 6 -I "$bin/Modules" "${maps[@]}" \
        "${app[@]}" -emit-module-path "$work/MyApp.swiftmodule" \
        && echo "$(cd "$work" && echo "${app[@]##*/}"): compile as the module MyApp with the imports they show" \
        || { echo "the app's blocks do not compile"; status=1; }
fi
for block in "${tests[@]}"; do
    if swiftc -typecheck -swift-version 6 -I "$work" -I "$bin/Modules" "${maps[@]}" "$block"; then
        echo "$(basename "$block"): compiles with the imports it shows"
    else
        echo "$(basename "$block"): does not compile with the imports it shows"; status=1
    fi
done
[ "$status" -eq 0 ] && echo "README snippets: every block compiles as shown"
exit "$status"
