#!/usr/bin/env bash
# The README's test command: set-up (idempotent), then every test size against the real Neo4j the project starts.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "Type check and lint…"
npm run -s check
npm run -s lint
npx jest --selectProjects unit integration e2e "$@"
