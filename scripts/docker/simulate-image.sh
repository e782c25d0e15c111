#!/usr/bin/env bash
# Docker cannot run on every machine (not on ours): this builds the file system the Dockerfile describes, stage by
# stage with the same commands, in a scratch folder, then starts the API from the runtime part with only `node` on
# PATH and checks /health/ready and the explorer's production default. Keep it in step with the Dockerfile.
#   bash scripts/docker/simulate-image.sh [scratch-dir]     (needs a reachable Neo4j at NEO4J_URI or 127.0.0.1:7687)
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$PWD
S=$(realpath -m "${1:-bench-results/docker-sim}")
rm -rf "$S" && mkdir -p "$S/build" "$S/image/app" "$S/bin"
export ONNXRUNTIME_NODE_INSTALL=skip ONNXRUNTIME_NODE_INSTALL_CUDA=skip
t0=$SECONDS
step() { echo "[$((SECONDS - t0)) s] $*"; }

step "deps: COPY package.json package-lock.json .npmrc; npm ci"
cp package.json package-lock.json .npmrc "$S/build/"
(cd "$S/build" && npm ci --no-audit --no-fund --loglevel=error)

step "build: COPY tsconfig*.json nest-cli.json src; npm run build; npm prune --omit=dev"
cp -r tsconfig.json tsconfig.build.json nest-cli.json src "$S/build/"
(cd "$S/build" && npm run build && npm prune --omit=dev --no-audit --no-fund --loglevel=error)

step "assets: models and GDS plugin jars (FOLIO_HOME=/opt/folio -> $S/assets/opt/folio)"
mkdir -p "$S/build/scripts" && cp -r scripts/assets "$S/build/scripts/"
(cd "$S/build" && FOLIO_HOME="$S/assets/opt/folio" node dist/cli/main.js assets fetch --only models \
  && FOLIO_HOME="$S/assets/opt/folio" node dist/cli/main.js assets gds-plugins "$S/assets/opt/neo4j-plugins")

step "runtime: /app = package files, production node_modules, dist, cypher, schema.graphql; /opt/folio/models"
cp "$S/build/package.json" "$S/build/package-lock.json" "$S/image/app/"
cp -r "$S/build/node_modules" "$S/build/dist" "$S/image/app/"
cp -r cypher schema.graphql "$S/image/app/"
mkdir -p "$S/image/opt/folio" "$S/image/var/lib/folio/files"
cp -r "$S/assets/opt/folio/models" "$S/image/opt/folio/models"
du -sh "$S/image/app/node_modules" "$S/image/opt/folio/models" "$S/assets/opt/neo4j-plugins" | sed 's/^/    /'

port=${SIM_PORT:-3977}
ln -s "$(command -v node)" "$S/bin/node"
step "start: env -i PATH=$S/bin (node only), NODE_ENV=production, FOLIO_HTTP_PORT=$port"
(cd "$S/image/app" && env -i PATH="$S/bin" HOME="$S/image" NODE_ENV=production \
  FOLIO_HOME="$S/image/opt/folio" FOLIO_FILE_STORE="$S/image/var/lib/folio/files" \
  FOLIO_HTTP_HOST=127.0.0.1 FOLIO_HTTP_PORT="$port" NEO4J_URI="${NEO4J_URI:-bolt://127.0.0.1:7687}" \
  exec node dist/main.js > "$S/api.log" 2>&1) &
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
if grep -q "MODEL_FETCH_FAILED\|ERROR" "$S/api.log"; then echo "errors in $S/api.log"; exit 1; fi
step "image start OK"
