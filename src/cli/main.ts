#!/usr/bin/env node
import 'reflect-metadata';

// `folio <command>`: each command lives in its own file and is loaded only when used, so `folio neo4j start`
// does not pay for loading ONNX or pdf.js.
const COMMANDS: Record<string, { summary: string; run: (args: string[]) => Promise<number> }> = {
  neo4j: {
    summary: 'start | stop | status | restart the local Neo4j server',
    run: async (args) => (await import('./neo4j.command')).runNeo4jCommand(args),
  },
  redis: {
    summary: 'start | stop | status the local Redis (FOLIO_INGEST_RUNNER=redis)',
    run: async (args) => (await import('./redis.command')).runRedisCommand(args),
  },
  worker: {
    summary: '[--concurrency N] [--queues ingest] — take ingestion jobs from the Redis queue',
    run: async (args) => (await import('./worker.command')).runWorkerCommand(args),
  },
  ingest: {
    summary: '<file.pdf|folder>... — ingest PDFs into the document graph',
    run: async (args) => (await import('./ingest.command')).runIngestCommand(args),
  },
  migrate: {
    summary: '[--backfills] — apply the schema migrations (--backfills: re-run the one-time data backfills)',
    run: async (args) => (await import('./migrate.command')).runMigrateCommand(args),
  },
  list: {
    summary: '[--json] — stored documents: id, title, pages, status, ingested at, enrichment done',
    run: async (args) => (await import('./list.command')).runListCommand(args),
  },
  delete: {
    summary: '<docId>... — remove documents and everything hanging off them',
    run: async (args) => (await import('./delete.command')).runDeleteCommand(args),
  },
  enrich: {
    summary:
      '<docId>...|--all [--stages similar,evolve,summaries,tree] [--llm|--offline] [--dry-run] — semantic layer',
    run: async (args) => (await import('./enrich.command')).runEnrichCommand(args),
  },
  search: {
    summary:
      '"<query>" [--doc ID]... [--where F] [--strategy S] [--k N] [--rerank] — ranked pages with their evidence',
    run: async (args) => (await import('./ask.command')).runSearchCommand(args, 'search'),
  },
  ask: {
    summary: '"<question>" [--doc ID]... [--where F] [--strategy S] — a cited answer',
    run: async (args) => (await import('./ask.command')).runSearchCommand(args, 'ask'),
  },
  bench: {
    summary:
      '--questions FILE --pdfs DIR --out DIR [--peer | --peers langchain,naive] | ingest --pdfs DIR — retrieval and ingestion benchmarks',
    run: async (args) => (await import('./bench.command')).runBenchCommand(args),
  },
  corpus: {
    summary: 'export --out F | import F | grow --documents N — a benchmark library copied at the graph level',
    run: async (args) => (await import('./corpus.command')).runCorpusCommand(args),
  },
  'bench-search': {
    summary: '--questions FILE --pdfs DIR [--sizes 1000,10000] — search latency per strategy at corpus sizes',
    run: async (args) => (await import('./bench-search.command')).runBenchSearchCommand(args),
  },
  analyze: {
    summary:
      '<docId>...|--all [--gds [--write]] [--similar] [--html F] — structure analytics (Cypher + GDS), HTML report',
    run: async (args) => (await import('./analyze.command')).runAnalyzeCommand(args),
  },
  stats: {
    summary: '[docId] — node and relationship counts of a document or the whole corpus',
    run: async (args) => (await import('./stats.command')).runStatsCommand(args),
  },
  reembed: {
    summary: '--all — re-embed every document with the configured embedding model (after changing it)',
    run: async (args) => (await import('./reembed.command')).runReembedCommand(args),
  },
  retitle: {
    summary:
      '[--dry-run] (--all | docId...) — re-choose stored titles from the stored PDFs with the current rule',
    run: async (args) => (await import('./retitle.command')).runRetitleCommand(args),
  },
  demo: {
    summary: '[file.pdf] ["question"] — start Neo4j, ingest a PDF, answer a question with cited pages',
    run: async (args) => (await import('./demo.command')).runDemoCommand(args),
  },
  keys: {
    summary:
      'create --name N [--scope read|write|admin] | list | revoke <id> | delete <id> | hash <key> — API keys (stored hashed)',
    run: async (args) => (await import('./keys.command')).runKeysCommand(args),
  },
  assets: {
    summary: 'fetch — download Neo4j, GDS and the local models once (Maven Central, PyPI)',
    run: async (args) => (await import('./assets.command')).runAssetsCommand(args),
  },
};

function usage(): string {
  const rows = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `Usage: folio <command> [options]\n\nCommands:\n${rows.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`Unknown command '${name}'.\n\n${usage()}`);
    return 2;
  }
  // A bad environment gets one message naming every invalid variable (printed below), instead of Nest logging it
  // with a stack trace from inside the dependency injector.
  (await import('../config/folio-config')).loadConfig();
  // Every Nest log line on stderr, also those written before (or without) a Nest application: stdout is output.
  const { Logger } = await import('@nestjs/common');
  Logger.overrideLogger((await import('./cli-logger')).cliLogger());
  return command.run(rest);
}

// `folio list | head`: the reader went away, which is not an error of ours.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
