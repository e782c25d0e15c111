#!/usr/bin/env bash
# Prints the hash of what the TypeScript build reads (sources, TypeScript/Nest settings, the lock file): setup.sh
# stores it with dist/ and rebuilds when it changes; simulate-image.sh --quick refuses a dist/ built from other sources.
set -euo pipefail
cd "$(dirname "$0")/.."
{ find src -type f -name '*.ts' ! -name '*.spec.ts' -print0 | sort -z | xargs -0 sha256sum
  sha256sum package-lock.json tsconfig.json tsconfig.build.json nest-cli.json; } | sha256sum | cut -d' ' -f1
