#!/usr/bin/env bash
# Every public operator, trait operator and subscribing function takes `file: StaticString =
# #fileID, line: UInt = #line` and hands them on (`.inspected(as:file:line:)`, or the operator it is
# built on), so the inspector names the app's line (Docs/Internals.md, "Writing an operator").
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 Scripts/operator-sites/check.py
