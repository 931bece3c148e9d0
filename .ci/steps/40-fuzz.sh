#!/usr/bin/env bash
# Every libFuzzer target for about a minute on its committed seed corpus (Fuzz/run.sh).
set -euo pipefail
bash Fuzz/run.sh "${FUZZ_SECONDS:-60}"
