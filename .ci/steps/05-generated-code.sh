#!/usr/bin/env bash
# The fixed-arity forms of combineLatest and zip are generated: the checked-in file must be what
# Scripts/generate-arities.swift writes.
set -euo pipefail
swift Scripts/generate-arities.swift --check
