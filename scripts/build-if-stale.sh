#!/usr/bin/env bash
# Builds dist/ (nest build) only when what the compiler reads changed (scripts/build-stamp.sh), and says so first:
# the build prints nothing while it runs. Nest's dependency injection reads decorator metadata, which only the
# TypeScript compiler emits, so dist/ must match the sources.
set -euo pipefail
cd "$(dirname "$0")/.."
build_stamp=dist/.folio-build-sha
build_sha=$(bash scripts/build-stamp.sh)
if [ ! -f "$build_stamp" ] || [ ! -f dist/cli/main.js ] || [ "$(cat "$build_stamp")" != "$build_sha" ]; then
  echo "Building (nest build; about 75 s on the shared 2-core machine, it prints nothing until it is done)…"
  build_start=$SECONDS
  npm run -s build
  echo "$build_sha" > "$build_stamp"
  echo "Built dist/ in $((SECONDS - build_start)) s"
else
  echo "build: dist/ matches the sources (skipped nest build)"
fi
