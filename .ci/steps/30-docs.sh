#!/usr/bin/env bash
# DocC catalogs build with zero warnings (broken links fail).
set -euo pipefail
bash Scripts/build-docs.sh
