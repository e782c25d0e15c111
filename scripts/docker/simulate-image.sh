#!/usr/bin/env bash
# Docker cannot run on every machine (not on ours): this builds the file system the Dockerfile describes, stage by
# stage with the same commands, in a scratch folder, then starts the API from the runtime part with only `node` on
# PATH and checks /health/ready and the explorer's production default. Keep it in step with the Dockerfile.
#   bash scripts/docker/simulate-image.sh [--quick] [scratch-dir]   (needs a reachable Neo4j at NEO4J_URI or 127.0.0.1:7687)
# --quick (CI, ~30 s): the deps and build stages reuse this checkout's node_modules (hard-linked, then pruned to
# production as the image's are) and dist/, and the assets stage links the models under FOLIO_HOME instead of
# fetching them; the runtime tree and its start are the full run's.
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$PWD
quick=false
if [ "${1:-}" = "--quick" ]; then quick=true; shift; fi
S=$(realpath -m "${1:-bench-results/docker-sim}")
rm -rf "$S" && mkdir -p "$S/build" "$S/image/app" "$S/bin"
export ONNXRUNTIME_NODE_INSTALL=skip ONNXRUNTIME_NODE_INSTALL_CUDA=skip
t0=$SECONDS
step() { echo "[$((SECONDS - t0)) s] $*"; }
fail() { echo "simulate-image: $*" >&2; exit 1; }

cp package.json package-lock.json .npmrc "$S/build/"
if [ "$quick" = true ]; then
  [ -d node_modules ] || fail "--quick reuses node_modules/; run bash scripts/setup.sh first."
  [ -f dist/main.js ] || fail "--quick reuses dist/; run bash scripts/setup.sh (it builds dist/) first."
  [ "$(cat dist/.folio-build-sha 2>/dev/null)" = "$(bash scripts/build-stamp.sh)" ] \
    || fail "dist/ was not built from these sources; run bash scripts/setup.sh (it rebuilds dist/) first."
  step "deps+build (quick): node_modules hard-linked from the checkout and pruned to production; dist/ reused"
  cp -al node_modules "$S/build/node_modules"
  # npm rewrites its hidden lock file: give the scratch tree its own copy, never the checkout's inode.
  if [ -f node_modules/.package-lock.json ]; then
    rm "$S/build/node_modules/.package-lock.json" && cp node_modules/.package-lock.json "$S/build/node_modules/"
  fi
  cp -r dist "$S/build/dist"
  (cd "$S/build" && npm prune --omit=dev --offline --no-audit --no-fund --loglevel=error)

  models="${FOLIO_HOME:-$REPO/.folio}/models"
  step "assets (quick): models linked from $models (no fetch; the GDS jars are the neo4j image's, not checked here)"
  [ -d "$models" ] || fail "no models at $models; run bash scripts/setup.sh (or set FOLIO_HOME) first."
  mkdir -p "$S/assets/opt/folio" && cp -al "$models" "$S/assets/opt/folio/models"
else
  step "deps: COPY package.json package-lock.json .npmrc; npm ci"
  (cd "$S/build" && npm ci --no-audit --no-fund --loglevel=error)

  step "build: COPY tsconfig*.json nest-cli.json src; npm run build; npm prune --omit=dev"
  cp -r tsconfig.json tsconfig.build.json nest-cli.json src "$S/build/"
  (cd "$S/build" && npm run build && npm prune --omit=dev --no-audit --no-fund --loglevel=error)

  step "assets: models and GDS plugin jars (FOLIO_HOME=/opt/folio -> $S/assets/opt/folio)"
  mkdir -p "$S/build/scripts" && cp -r scripts/assets "$S/build/scripts/"
  (cd "$S/build" && FOLIO_HOME="$S/assets/opt/folio" node dist/cli/main.js assets fetch --only models \
    && FOLIO_HOME="$S/assets/opt/folio" node dist/cli/main.js assets gds-plugins "$S/assets/opt/neo4j-plugins")
fi

step "runtime: /app = package files, production node_modules, dist, cypher, schema.graphql; /opt/folio/models"
cp "$S/build/package.json" "$S/build/package-lock.json" "$S/image/app/"
# Hard links (a copy in the full run's scratch tree costs only time): the runtime stage's COPY --from=build.
cp -al "$S/build/node_modules" "$S/build/dist" "$S/image/app/"
cp -r cypher schema.graphql "$S/image/app/"
mkdir -p "$S/image/opt/folio" "$S/image/var/lib/folio/files"
cp -al "$S/assets/opt/folio/models" "$S/image/opt/folio/models"
du -sh "$S/image/app/node_modules" "$S/image/opt/folio/models" | sed 's/^/    /'
[ "$quick" = true ] || du -sh "$S/assets/opt/neo4j-plugins" | sed 's/^/    /'

port=${SIM_PORT:-3977}
ln -s "$(command -v node)" "$S/bin/node"
# Only what the container's environment would hold: the image's ENV lines and the compose file's Neo4j settings.
neo4j_env=(NEO4J_URI="${NEO4J_URI:-bolt://127.0.0.1:7687}")
for name in NEO4J_USER NEO4J_PASSWORD NEO4J_DATABASE; do
  if [ -n "${!name:-}" ]; then neo4j_env+=("$name=${!name}"); fi
done
step "start: env -i PATH=$S/bin (node only), NODE_ENV=production, FOLIO_HTTP_PORT=$port"
# `env` runs node itself (there is no `exec` program to name: that is a shell builtin).
(cd "$S/image/app" && exec env -i PATH="$S/bin" HOME="$S/image" NODE_ENV=production \
  FOLIO_HOME="$S/image/opt/folio" FOLIO_FILE_STORE="$S/image/var/lib/folio/files" \
  FOLIO_HTTP_HOST=127.0.0.1 FOLIO_HTTP_PORT="$port" "${neo4j_env[@]}" \
  node dist/main.js > "$S/api.log" 2>&1) &
api=$!
trap 'kill $api 2>/dev/null || true' EXIT
ready=""
for _ in $(seq 1 120); do
  if ready=$(curl -sf "http://127.0.0.1:$port/health/ready"); then break; fi
  if ! kill -0 $api 2>/dev/null; then echo "API exited:"; tail -20 "$S/api.log"; exit 1; fi
  sleep 1
done
[ -n "$ready" ] || { echo "API not ready:"; tail -20 "$S/api.log"; exit 1; }
step "ready: $ready"
explorer=$(curl -s -o /dev/null -w '%{http_code}' -H 'accept: text/html' "http://127.0.0.1:$port/graphql")
step "GET /graphql (browser) in production: HTTP $explorer (explorer off unless FOLIO_API_EXPLORER=true)"
[ "$explorer" != 200 ] || fail "the API explorer answers in production (HTTP 200); it must be off by default."
if grep -q "MODEL_FETCH_FAILED\|ERROR" "$S/api.log"; then echo "errors in $S/api.log"; exit 1; fi
step "image start OK"
