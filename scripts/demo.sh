#!/usr/bin/env bash
# The README's main-job command: set-up (idempotent), then start Neo4j if needed, ingest a PDF (the project's
# sample report by default) and answer a question with cited pages — offline, no keys.
#   bash scripts/demo.sh [file.pdf] ["question"]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >&2
# The first questions to a Neo4j that has just started are planned cold: on a busy machine one can outlast the
# API's 10 s read limit, which protects a server from runaway queries but would fail a first demo.
export NEO4J_READ_TIMEOUT_MS="${NEO4J_READ_TIMEOUT_MS:-60000}"
node dist/cli/main.js demo "$@"
