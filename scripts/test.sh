#!/usr/bin/env bash
# The README's test command: set-up (idempotent), then every test size against the real Neo4j the project starts.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The layout tests read a real born-digital manual with an outline, which Debian packages (R Data Import/Export).
if [ ! -f /usr/share/doc/r-doc-pdf/manual/R-data.pdf ]; then
  echo "Installing the test manual (Debian r-doc-pdf) with apt-get…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends r-doc-pdf >/dev/null
fi
# The queue runner's tests (test/e2e/redis-*.e2e-spec.ts) start Debian's redis-server through `folio redis start`.
if ! command -v redis-server >/dev/null 2>&1; then
  echo "Installing redis-server (for the queue runner's tests) with apt-get…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends redis-server >/dev/null
fi
echo "Type check and lint…"
npm run -s check
npm run -s lint
npx jest --selectProjects unit integration e2e "$@"
