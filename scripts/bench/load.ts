// npm run bench:load — a bounded load test against the API over loopback HTTP: at each concurrency level c,
// c uploads of different PDFs (each a unique copy, so no stored document is replaced), 4c searches, c asks, 2c page
// images and c/2 GDS analytics (pageGraph), all sent at once (level 8: 8 + 32 + 8 + 16 + 4). Typed refusals
// (ANALYTICS_BUSY) are counted apart from errors. Afterwards every upload is accounted for and every uploaded
// document reconciled through the API (pages == pageCount, the NEXT_PAGE chain, elements == elementCount, no
// orphan elements, every job terminal) and deleted.
// Writes <out>/load.json and <out>/load.md. Without --url it starts its own API (dist/main.js) on a free port, and
// with `--runner redis --workers N` its own Redis and N `folio worker` processes (load-fleet.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type KindSummary, markdownTable, reconcile, summarize, type UploadedDocument } from './load-report';
import { Api, pool, timed } from './load-client';
import { type Fleet, startFleet } from './load-fleet';

const ROOT = path.resolve(__dirname, '..', '..');

interface Options {
  levels: number[];
  out: string;
  questions: string;
  pdfs: string;
  url?: string;
  apiKey?: string;
  maxSeconds: number;
  timeoutMs: number;
  /** FOLIO_INGEST_CONCURRENCY of the API this script starts (unset: the API's default). */
  ingestConcurrency?: number;
  /** Who ingests when this script starts the service: the API itself, or N worker processes on Redis. */
  runner: 'inline' | 'redis';
  workers: number;
}

function parseArgs(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const url = value('--url');
  if (url && !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname))
    throw new Error(`--url must be a loopback address (the load test never leaves this machine), got ${url}`);
  const levels = (value('--levels') ?? '1,4,8').split(',').map(Number);
  if (levels.some((l) => !Number.isInteger(l) || l < 1 || l > 16))
    throw new Error('--levels must be whole numbers from 1 to 16, e.g. 1,4,8');
  const runner = value('--runner') ?? 'inline';
  if (runner !== 'inline' && runner !== 'redis')
    throw new Error(`--runner must be inline or redis, not ${runner}`);
  const workers = Number(value('--workers') ?? (runner === 'redis' ? 1 : 0));
  if (runner === 'redis' && (!Number.isInteger(workers) || workers < 1 || workers > 16))
    throw new Error('--workers must be a whole number from 1 to 16 with --runner redis');
  if (url && (runner === 'redis' || value('--workers')))
    throw new Error('--runner/--workers start a service of their own; leave out --url');
  return {
    levels,
    out: value('--out') ?? 'bench-results/load',
    questions: value('--questions') ?? path.join(ROOT, '..', 'shared', 'bench', 'dev-questions.jsonl'),
    pdfs: value('--pdfs') ?? path.join(ROOT, '..', 'shared', 'bench', 'pdfs'),
    url,
    apiKey: value('--api-key') ?? process.env.FOLIO_BENCH_API_KEY,
    maxSeconds: Number(value('--max-seconds') ?? 1200),
    timeoutMs: Number(value('--timeout-ms') ?? 300_000),
    ingestConcurrency: value('--ingest-concurrency') ? Number(value('--ingest-concurrency')) : undefined,
    runner,
    workers: runner === 'redis' ? workers : 0,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Uploads one PDF and waits for its job to end; the latency is upload to terminal job. A failed poll (the API
 * busy) is noted and polling goes on, so a document is never left behind untracked; the job's own end decides.
 */
async function uploadAndWait(api: Api, file: string, run: LevelRun, timeoutMs: number): Promise<void> {
  const bytes = Buffer.concat([fs.readFileSync(file), Buffer.from(`\n%folio-load ${randomUUID()}\n`)]);
  const jobId = await api.upload(new Uint8Array(bytes), `load-${path.basename(file)}`);
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    await sleep(500);
    let job: { status: string; errorCode: string | null; document: { id: string } | null };
    try {
      ({ ingestionJob: job } = await api.graphql<{ ingestionJob: typeof job }>(
        'query($id: ID!) { ingestionJob(id: $id) { status errorCode document { id } } }',
        { id: jobId },
      ));
    } catch (err) {
      run.pollErrors.push(`${path.basename(file)}: ${(err as Error).message}`);
      if (Date.now() > giveUpAt) throw new Error('JOB_NOT_TERMINAL');
      continue;
    }
    if (job.status === 'SUCCEEDED' && job.document) {
      run.docIds.push(job.document.id);
      return;
    }
    if (job.status === 'FAILED') {
      run.failedJobs.push(`${path.basename(file)}: job ${jobId} FAILED (${job.errorCode})`);
      throw new Error(job.errorCode ?? 'JOB_FAILED');
    }
    if (Date.now() > giveUpAt) {
      run.failedJobs.push(`${path.basename(file)}: job ${jobId} still ${job.status} after ${timeoutMs} ms`);
      throw new Error('JOB_NOT_TERMINAL');
    }
  }
}

/** What one level's uploads produced. */
interface LevelRun {
  docIds: string[];
  failedJobs: string[];
  /** Job polls the API refused while busy (not failures of the upload itself). */
  pollErrors: string[];
}

interface DocumentReply {
  id: string;
  status: string;
  pageCount: number;
  elementCount: number | null;
  pages: Array<{ number: number; elementCount: number }>;
  graphStats: {
    nodes: Array<{ label: string; count: number }>;
    relationships: Array<{ type: string; count: number }>;
  };
}

async function readDocument(api: Api, id: string): Promise<UploadedDocument> {
  const { document: d } = await api.graphql<{ document: DocumentReply }>(
    `query($id: ID!) { document(id: $id) { id status pageCount elementCount
      pages(from: 1) { number elementCount }
      graphStats { nodes { label count } relationships { type count } } } }`,
    { id },
  );
  return {
    id: d.id,
    status: d.status,
    pageCount: d.pageCount,
    elementCount: d.elementCount ?? 0,
    pageNumbers: d.pages.map((p) => p.number),
    pageElementCounts: d.pages.map((p) => p.elementCount),
    nodes: Object.fromEntries(d.graphStats.nodes.map((n) => [n.label, n.count])),
    relationships: Object.fromEntries(d.graphStats.relationships.map((r) => [r.type, r.count])),
  };
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const questions = fs
    .readFileSync(opts.questions, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { question: string }).question);
  // The smallest PDFs, a different one for every upload of the run.
  const pdfs = fs
    .readdirSync(opts.pdfs)
    .filter((f) => f.toLowerCase().endsWith('.pdf'))
    .map((f) => path.join(opts.pdfs, f))
    .sort((a, b) => fs.statSync(a).size - fs.statSync(b).size);
  const uploadsNeeded = opts.levels.reduce((a, b) => a + b, 0);
  if (pdfs.length < uploadsNeeded)
    throw new Error(`need ${uploadsNeeded} PDFs in ${opts.pdfs}, found ${pdfs.length}`);

  let fleet: Fleet | undefined;
  let url = opts.url;
  let apiKey = opts.apiKey;
  if (!url) {
    apiKey = `folio_load_${randomBytes(24).toString('base64url')}`;
    process.stdout.write(
      `starting the API (dist/main.js)${opts.runner === 'redis' ? `, Redis and ${opts.workers} worker(s)` : ''}…\n`,
    );
    fleet = await startFleet(apiKey, opts);
    url = fleet.url;
  }
  const api = new Api(url, apiKey, opts.timeoutMs);
  const deadline = Date.now() + opts.maxSeconds * 1000;
  const rows: KindSummary[] = [];
  const reconciliation: Array<{
    level: number;
    loadAverageAtStart: number[];
    documents: number;
    pages: number;
    pagesPerSecond: number;
    problems: string[];
    failedJobs: string[];
    pollErrors: string[];
  }> = [];
  let nextPdf = 0;
  try {
    const { documents } = await api.graphql<{
      documents: { edges: Array<{ node: { id: string; status: string; pageCount: number } }> };
    }>('{ documents(first: 50) { edges { node { id status pageCount } } } }');
    // Page images of documents that can render one (an encrypted PDF answers 412 by design, not under load).
    const imageTargets: (typeof documents.edges)[number]['node'][] = [];
    for (const d of documents.edges.map((e) => e.node).filter((n) => n.status === 'READY')) {
      if (imageTargets.length >= 8) break;
      const probe = await fetch(`${url}/documents/${d.id}/pages/1/image.png`, {
        headers: api.headers(),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      await probe.arrayBuffer();
      if (probe.ok) imageTargets.push(d);
    }
    for (const level of opts.levels) {
      const run: LevelRun = { docIds: [], failedJobs: [], pollErrors: [] };
      const { docIds, failedJobs } = run;
      const files = pdfs.slice(nextPdf, nextPdf + level);
      nextPdf += level;
      const analyticsCount = imageTargets.length > 0 ? Math.floor(level / 2) : 0;
      process.stdout.write(
        `level ${level}: ${level} uploads, ${4 * level} searches, ${level} asks, ${2 * level} images, ` +
          `${analyticsCount} analytics, all at once\n`,
      );
      const loadAverageAtStart = os.loadavg();
      const started = performance.now();
      const kinds = await Promise.all([
        pool(level, level, deadline, (i) =>
          timed('upload', () => uploadAndWait(api, files[i]!, run, opts.timeoutMs)),
        ),
        pool(4 * level, 4 * level, deadline, (i) =>
          timed('search', () =>
            api.graphql(
              'query($q: String!) { search(query: $q, k: 5) { pages { docId pageNumber score } } }',
              {
                q: questions[(i + level * 7) % questions.length],
              },
            ),
          ),
        ),
        pool(level, level, deadline, (i) =>
          timed('ask', () =>
            api.graphql(
              'query($q: String!) { ask(question: $q, rerank: false) { answer { text } answerable } }',
              {
                q: questions[(i + level * 13) % questions.length],
              },
            ),
          ),
        ),
        pool(2 * level, imageTargets.length > 0 ? 2 * level : 0, deadline, (i) =>
          timed('image', async () => {
            const doc = imageTargets[i % imageTargets.length]!;
            const page = 1 + (i % Math.max(1, Math.min(doc.pageCount, 5)));
            const res = await fetch(`${url}/documents/${doc.id}/pages/${page}/image.png`, {
              headers: api.headers(),
              signal: AbortSignal.timeout(opts.timeoutMs),
            });
            await res.arrayBuffer();
            if (!res.ok) throw new Error(`HTTP_${res.status}`);
          }),
        ),
        pool(analyticsCount, analyticsCount, deadline, (i) =>
          timed('analytics', () =>
            api.graphql(
              'query($id: ID!) { analytics(docId: $id) { pageGraph { nodeCount relationshipCount centralPages { pageNumber } } } }',
              { id: imageTargets[i % imageTargets.length]!.id },
            ),
          ),
        ),
      ]);
      const wallMs = performance.now() - started;
      rows.push(...summarize(level, wallMs, kinds.flat()));
      const problems: string[] = [];
      // Every upload ends as a reconciled document, a FAILED job or an upload error: none may go missing.
      const uploadErrors = kinds.flat().filter((k) => k.kind === 'upload' && !k.ok).length;
      if (docIds.length + uploadErrors !== files.length)
        problems.push(
          `${files.length} uploads, ${docIds.length} documents and ${uploadErrors} upload errors`,
        );
      let pages = 0;
      for (const id of docIds) {
        const doc = await readDocument(api, id);
        pages += doc.pageCount;
        problems.push(...reconcile(doc));
      }
      // Uploads start together, so the slowest one's upload-to-READY is the level's ingestion time.
      const ingestMs = Math.max(
        0,
        ...kinds
          .flat()
          .filter((k) => k.kind === 'upload' && k.ok)
          .map((k) => k.ms),
      );
      reconciliation.push({
        level,
        loadAverageAtStart,
        documents: docIds.length,
        pages,
        pagesPerSecond: ingestMs > 0 ? Number(((pages * 1000) / ingestMs).toFixed(3)) : 0,
        problems,
        failedJobs,
        pollErrors: run.pollErrors,
      });
      for (const id of docIds) {
        const { deleteDocument } = await api.graphql<{ deleteDocument: { deleted: boolean } }>(
          'mutation($id: ID!) { deleteDocument(id: $id) { deleted } }',
          { id },
        );
        if (!deleteDocument.deleted) problems.push(`${id}: not deleted after the level`);
      }
      process.stdout.write(`${markdownTable(rows.filter((r) => r.level === level))}\n`);
      process.stdout.write(
        `reconciliation: ${docIds.length} documents, ${problems.length} problems, ${failedJobs.length} failed jobs\n`,
      );
    }
  } finally {
    await fleet?.stop();
  }

  fs.mkdirSync(opts.out, { recursive: true });
  const machine = {
    cpus: os.cpus().length,
    loadAverage: os.loadavg(),
    totalMemGiB: Math.round(os.totalmem() / 2 ** 30),
  };
  const report = {
    finishedAt: new Date().toISOString(),
    machine,
    options: { ...opts, apiKey: undefined },
    rows,
    reconciliation,
  };
  fs.writeFileSync(path.join(opts.out, 'load.json'), JSON.stringify(report, null, 2));
  const md =
    `# Load benchmark (${report.finishedAt})\n\nIngestion: ${opts.url ? 'the service at --url' : opts.runner === 'redis' ? `Redis, ${opts.workers} worker process(es)` : 'inline, in the API process'}. ` +
    `${machine.cpus} cores, load average at the end ` +
    `${machine.loadAverage.map((l) => l.toFixed(1)).join(' / ')} — a shared machine: latencies are upper bounds.\n\n` +
    `${markdownTable(rows)}\n\n` +
    rows
      .filter((r) => r.errors + r.refused > 0)
      .map((r) => `- level ${r.level} ${r.kind} errors and typed refusals: ${JSON.stringify(r.errorCodes)}\n`)
      .join('') +
    reconciliation
      .map(
        (r) =>
          `- level ${r.level}: ${r.documents} documents (${r.pages} pages, ${r.pagesPerSecond} pages/s ingested; load average at start ${r.loadAverageAtStart.map((l) => l.toFixed(1)).join(' / ')}) reconciled, ${r.problems.length} problems, ${r.failedJobs.length} failed jobs, ${r.pollErrors.length} refused job polls${[...r.problems, ...r.failedJobs].map((p) => `\n  - ${p}`).join('')}`,
      )
      .join('\n') +
    '\n';
  fs.writeFileSync(path.join(opts.out, 'load.md'), md);
  process.stdout.write(`wrote ${path.join(opts.out, 'load.json')} and load.md\n`);
  const failed =
    rows.some((r) => r.errors > 0) || reconciliation.some((r) => r.problems.length + r.failedJobs.length > 0);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
