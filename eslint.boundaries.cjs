// The module graph of docs/architecture.md as lint rules: which src/<module> may import which, which module owns
// each vendor SDK, and that only repositories (and graph itself) run queries. `npm run lint` fails on a violation.

/** Modules each module may import (besides itself); the composition root (src/*.ts) and test/ may import any. */
const MODULE_IMPORTS = {
  common: [],
  config: ['common'],
  document: ['common'],
  graph: ['common', 'config', 'document'],
  embed: ['common', 'config'],
  queue: ['common', 'config'],
  llm: ['common', 'config', 'document'],
  ingest: ['common', 'config', 'document', 'graph', 'embed', 'llm', 'queue'],
  enrich: ['common', 'config', 'document', 'graph', 'embed', 'llm', 'queue'],
  retrieve: ['common', 'config', 'document', 'graph', 'embed', 'llm'],
  analytics: ['common', 'config', 'document', 'graph', 'embed', 'llm'],
  api: ['common', 'config', 'document', 'graph', 'embed', 'llm', 'ingest', 'enrich', 'retrieve', 'analytics'],
  eval: ['common', 'config', 'document', 'graph', 'embed', 'llm', 'ingest', 'enrich', 'retrieve', 'analytics'],
  cli: ['common', 'config', 'document', 'graph', 'embed', 'llm', 'queue', 'ingest', 'enrich', 'retrieve', 'analytics', 'api', 'eval'],
};

/** Each vendor SDK and the one module that may import it. */
const VENDOR_OWNERS = {
  'neo4j-driver': 'graph',
  'pdfjs-dist': 'ingest',
  'onnxruntime-node': 'embed',
  openai: 'llm',
  bullmq: 'queue',
};

const MODULES = Object.keys(MODULE_IMPORTS);
/** Folders below a module's own (src/retrieve/g2/x.ts is one deep); relative paths climb one `../` more per level. */
const MAX_NESTING = 3;

function restrictionsFor(module, nesting) {
  const forbidden = MODULES.filter((m) => m !== module && !MODULE_IMPORTS[module].includes(m));
  const up = '\\.\\./'.repeat(nesting + 1);
  const patterns = Object.entries(VENDOR_OWNERS)
    .filter(([, owner]) => owner !== module)
    .map(([sdk, owner]) => ({
      regex: `^${sdk}(/|$)`,
      message: `${sdk} is imported by src/${owner} alone; use that module's interface (docs/architecture.md).`,
    }));
  if (forbidden.length > 0)
    patterns.push({
      regex: `^${up}(${forbidden.join('|')})(/|$)`,
      message:
        `src/${module} may import ${MODULE_IMPORTS[module].join(', ') || 'no other module'} only ` +
        '(docs/architecture.md, "Module dependencies"); move the shared type to src/document or the owning module.',
    });
  return patterns;
}

const boundaryRules = MODULES.flatMap((module) =>
  Array.from({ length: MAX_NESTING }, (_, nesting) => ({
    files: [`src/${module}/${'*/'.repeat(nesting)}*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: restrictionsFor(module, nesting) }] },
  })),
).concat({
  // One configuration: variables are parsed in src/config; FOLIO_HOME (local-paths) and a child's inherited
  // environment (the Neo4j launcher) are the exceptions.
  files: ['src/**/*.ts'],
  ignores: ['src/config/**', 'src/common/local-paths.ts', 'src/graph/server/neo4j-server.ts', 'src/**/*.spec.ts'],
  rules: {
    'no-restricted-properties': [
      'error',
      {
        object: 'process',
        property: 'env',
        message: 'Read configuration from FolioConfig (src/config/folio-config.ts), where every variable is parsed once.',
      },
    ],
  },
}, {
  // Queries run in repositories: everything else asks one (graph's own services own the driver and migrations).
  files: ['src/**/*.ts'],
  ignores: ['src/graph/**', 'src/**/*.repository.ts', 'src/**/*.spec.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '(^|/)graph/graph-executor$',
            message: 'Only repositories (*.repository.ts) run queries: add the query to a repository and call it.',
          },
        ],
      },
    ],
  },
});

module.exports = { MODULE_IMPORTS, VENDOR_OWNERS, boundaryRules };
