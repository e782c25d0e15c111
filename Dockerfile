# Folio API image; `docker compose up` runs it next to neo4j:5.26-community.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# onnxruntime-node must not download CUDA/GPU binaries during npm ci
ENV ONNXRUNTIME_NODE_INSTALL=skip \
    ONNXRUNTIME_NODE_INSTALL_CUDA=skip
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    ONNXRUNTIME_NODE_INSTALL=skip \
    ONNXRUNTIME_NODE_INSTALL_CUDA=skip \
    FOLIO_HTTP_HOST=0.0.0.0 \
    FOLIO_HTTP_PORT=3000
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# read at run time: the Cypher registry and the GraphQL schema
COPY --from=build /app/cypher ./cypher
COPY --from=build /app/schema.graphql ./schema.graphql
EXPOSE 3000
USER node
CMD ["node", "dist/main.js"]
