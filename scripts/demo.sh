#!/usr/bin/env bash
# The README's main-job command: set-up (idempotent), then start Neo4j if needed, ingest a PDF (the project's
# sample report by default) and answer a question with cited pages — offline, no keys.
#   bash scripts/demo.sh [file.pdf] ["question"]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >&2
node dist/cli/main.js demo "$@"
