#!/usr/bin/env bash
# The layout rules Docs/Internals.md states ("The folders"): the folders of Sources/Streams depend
# one way, and raw locks and atomics appear only in Sources/Streams/Engine/.
set -euo pipefail
python3 Scripts/architecture/check.py
