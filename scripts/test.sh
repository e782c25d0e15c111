#!/usr/bin/env bash
# The README's test command: set-up (idempotent), then every test size against the real Neo4j the project starts.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npx jest --selectProjects unit integration e2e "$@"
