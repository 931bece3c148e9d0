#!/usr/bin/env bash
# The package's Apple minimums (macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1), checked on
# Linux: every API the targets reference against the toolchain's availability attributes, and the
# runtime-gated language features by text (Scripts/availability-audit). Uses the index store of the
# debug build made earlier in .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Scripts/availability-audit/run.sh
