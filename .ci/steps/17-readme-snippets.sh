#!/usr/bin/env bash
# Every README snippet compiles with exactly the imports it shows (Scripts/readme-snippets/check.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Scripts/readme-snippets/check.sh
