import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../common/local-paths';
import { loadConfig } from '../config/folio-config';
import { browserUrl, neo4jServerOptions, startNeo4j } from '../graph/server/neo4j-server';
import { CypherRegistry, type CypherQuery } from '../graph/cypher-registry';
import { IngestService } from '../ingest/ingest.service';
import { EnrichService } from '../enrich/enrich.service';
import { AskService } from '../retrieve/answer/ask.service';
import { titlesOf, titleLookup } from './ask.command';
import { formatAnswer } from './search-format';
import { withCliApp } from './cli-app';
import { StageProgress } from './progress';
import { fileLabel } from './progress-format';

const SAMPLE_PDF = path.join(PROJECT_ROOT, 'test', 'fixtures', 'pdf', 'sample-report.pdf');
const SAMPLE_QUESTION = 'What recall@3 does the graph walk with re-ranking reach, and at what latency?';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Whether a Neo4j URI names the server the launcher runs: plain bolt/neo4j on this machine's loopback, its port. */
export function isLauncherUri(uri: string, launcherBoltPort: number): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol !== 'bolt:' && url.protocol !== 'neo4j:') return false;
  return LOOPBACK_HOSTS.has(url.hostname) && Number(url.port || 7687) === launcherBoltPort;
}

/** Where to look next: the document's outline in Neo4j Browser (Folio's guide, opened on connect, goes further). */
export function browserHint(url: string, docId: string, outline: CypherQuery): string {
  return (
    `See the document's outline in Neo4j Browser, ${url} (Folio's guide opens when you connect):\n` +
    `  :param docId => '${docId.replace(/'/g, "\\'")}'\n  ${outline.text.replace(/\n/g, '\n  ')}\n`
  );
}

/**
 * Folio's main job end to end, offline: start the local Neo4j if it is not running, ingest a PDF (the project's
 * sample report by default), ask a question and print the cited answer.
 */
export async function runDemoCommand(args: string[]): Promise<number> {
  const [file = SAMPLE_PDF, ...rest] = args;
  const question =
    rest.join(' ').trim() || (file === SAMPLE_PDF ? SAMPLE_QUESTION : 'What is this document about?');
  if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`);

  const config = loadConfig();
  const launcher = neo4jServerOptions(config);
  const uri = config.neo4j.uri;
  if (isLauncherUri(uri, launcher.boltPort)) {
    const server = await startNeo4j(launcher, (m) => process.stderr.write(`[neo4j] ${m}\n`));
    process.stderr.write(
      server.alreadyRunning
        ? `[neo4j] Folio's own Neo4j is already running on ${uri}\n`
        : `[neo4j] started Folio's own Neo4j in ${server.seconds.toFixed(1)} s on ${uri}\n`,
    );
  } else {
    process.stderr.write(
      `[neo4j] using the configured server at ${uri} (NEO4J_URI); Folio starts its own Neo4j only for ` +
        `bolt://127.0.0.1:${launcher.boltPort} (NEO4J_BOLT_PORT), so that server must already be running.\n`,
    );
  }
  // Migrating a fresh database and loading the models print nothing of their own: say what the wait is.
  const booting = Date.now();
  process.stderr.write(
    'Starting Folio: schema migrations and the local models (about 30 s against a fresh database)…\n',
  );
  return withCliApp(async (app) => {
    process.stderr.write(`Folio ready in ${((Date.now() - booting) / 1000).toFixed(1)} s\n`);
    const progress = new StageProgress(fileLabel(file));
    const ingested = await app.get(IngestService).ingest(new Uint8Array(fs.readFileSync(file)), {
      fileName: path.basename(file),
      onProgress: (p) =>
        progress.update(
          p.stage,
          p.done,
          p.total,
          p.stage === 'embed' ? 'texts' : p.stage === 'write' ? 'rows' : 'pages',
        ),
    });
    progress.finishStage();
    const doc = ingested.document;
    process.stdout.write(
      `\nDocument ${doc.id}: "${doc.title}", ${doc.pageCount} pages${ingested.reused ? ' (already stored)' : ''}\n\n`,
    );
    // The default walk follows SIMILAR_TO too: add the page-similarity layer (offline, seconds) once per document.
    const enrich = app.get(EnrichService);
    if (!(await enrich.records(doc.id)).some((r) => r.stage === 'similar')) {
      const similar = await enrich.run(doc.id, { stages: ['similar'], mode: 'offline' });
      const ms = similar.stages.reduce((sum, r) => sum + r.ms, 0);
      process.stdout.write(
        `Semantic layer (SIMILAR_TO between pages) added in ${(ms / 1000).toFixed(1)} s\n\n`,
      );
    }
    const answer = await app.get(AskService).ask(question, { scope: { docIds: [doc.id] } });
    const titles = titleLookup(await titlesOf(app, answer));
    process.stdout.write(
      `${formatAnswer(answer, titles)}\n\n` +
        browserHint(browserUrl(launcher), doc.id, app.get(CypherRegistry).get('browser/1-outline')),
    );
    return 0;
  });
}
