#!/usr/bin/env bash
# Generated files must be what their generators write: the fixed-arity forms of combineLatest and zip
# (Scripts/generate-arities.swift), and Docs/FindingLeaks.md's outputs (Scripts/generate-guide-outputs.sh).
set -euo pipefail
swift Scripts/generate-arities.swift --check
# Docs/FindingLeaks.md's outputs are printed by a real run of its examples: the committed blocks must be
# what Scripts/generate-guide-outputs.sh writes.
bash Scripts/generate-guide-outputs.sh --check
