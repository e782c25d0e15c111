import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import { QueryCachingEmbedder } from '../embed/query-cache';
import { loadQuestions } from '../eval/bench-questions';
import {
  DEFAULT_VARIANTS,
  latencyTable,
  LatencyQuery,
  LatencyVariant,
  LatencyRow,
  SearchLatencyBench,
} from '../eval/search-latency-bench';
import { ContentRepository } from '../graph/content.repository';
import { DocumentRepository } from '../graph/document.repository';
import { documentIdFor } from '../ingest/document-id';
import { IngestService } from '../ingest/ingest.service';
import { RetrieveService } from '../retrieve/retrieve.service';
import { BenchCorpusRepository } from '../eval/bench-corpus.repository';
import { withCliApp } from './cli-app';
import { commandArgs } from './command-args';

const USAGE = `Usage: folio bench-search --questions FILE --pdfs DIR [--sizes 1000,10000] [--queries 40] [--out DIR] [--keep]
       [--strategies VECTOR,HYBRID,GRAPH] [--scope document|corpus]
  Search latency (p50/p95 per strategy, mean per stage) with the corpus grown to each size by copying the stored
  documents (pages, elements, vectors) under new ids. Queries are the questions whose PDFs are already ingested.
  --strategies (e.g. VECTOR,HYBRID+RERANK) and --scope keep only those of the default variants; --keep leaves
  the copies for the next run.`;

export async function runBenchSearchCommand(args: string[]): Promise<number> {
  const parsed = commandArgs(
    USAGE,
    {
      args,
      options: {
        questions: { type: 'string' },
        pdfs: { type: 'string' },
        sizes: { type: 'string', default: '1000,10000' },
        queries: { type: 'string', default: '40' },
        out: { type: 'string', default: 'bench-results/search' },
        keep: { type: 'boolean', default: false },
        strategies: { type: 'string' },
        scope: { type: 'string' },
      },
    },
    (p) => Boolean(p.values.questions && p.values.pdfs),
  );
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const sizes = values.sizes
    .split(',')
    .map(Number)
    .sort((a, b) => a - b);
  const variants = selectVariants(values.strategies, values.scope);
  const set = loadQuestions(values.questions!, values.pdfs!); // both checked by commandArgs

  return withCliApp(async (app) => {
    const documents = app.get(DocumentRepository);
    const idOf = new Map<string, string>();
    const queries: LatencyQuery[] = [];
    for (const q of set.questions) {
      if (!idOf.has(q.pdfPath))
        idOf.set(q.pdfPath, documentIdFor(new Uint8Array(fs.readFileSync(q.pdfPath))).docId);
      const docId = idOf.get(q.pdfPath)!;
      if (queries.length < Number(values.queries) && (await documents.get(docId))?.status === 'READY') {
        queries.push({ docId, text: q.question });
      }
    }
    if (queries.length === 0)
      throw new Error(
        'None of the questions has its PDF ingested yet: run folio ingest on the PDF folder first.',
      );

    const log = (m: string) => process.stderr.write(`${m}\n`);
    const bench = new SearchLatencyBench(
      app.get(BenchCorpusRepository),
      app.get(RetrieveService),
      app.get(IngestService),
      log,
      // The variants ask the same questions: each search must embed its query, as a new question would.
      () => {
        const embedder = app.get<Embedder>(EMBEDDER);
        if (embedder instanceof QueryCachingEmbedder) embedder.clear();
      },
    );
    const rows: LatencyRow[] = [];
    try {
      for (const size of sizes) {
        const pages = await bench.growTo(size);
        const stats = await app.get(ContentRepository).graphStats(null);
        const elements = stats.nodes.find((n) => n.label === 'Element')?.count ?? 0;
        log(`corpus at ${pages} pages, ${elements} elements; ${queries.length} queries per variant`);
        rows.push(...(await bench.measure(queries, variants, elements)));
      }
    } finally {
      if (!values.keep) log(`removed ${await bench.removeClones()} copied documents`);
    }
    fs.mkdirSync(values.out, { recursive: true });
    const table = latencyTable(rows);
    fs.writeFileSync(
      path.join(values.out, 'search-latency.json'),
      JSON.stringify({ machine: machine(), rows }, null, 2),
    );
    fs.writeFileSync(path.join(values.out, 'search-latency.md'), `${table}\n`);
    process.stdout.write(`${table}\n\nWritten to ${values.out}/search-latency.{json,md}\n`);
    return 0;
  });
}

/** The default variants narrowed by --strategies and --scope; a name that matches none is a usage error. */
function selectVariants(strategies: string | undefined, scope: string | undefined): LatencyVariant[] {
  const wanted = strategies?.split(',').map((s) => s.trim().toUpperCase());
  const variants = DEFAULT_VARIANTS.filter(
    (v) => (!wanted || wanted.includes(variantName(v))) && (!scope || v.scope === scope),
  );
  if (variants.length === 0) {
    const known = [...new Set(DEFAULT_VARIANTS.map(variantName))].join(', ');
    throw new Error(
      `No benchmark variant matches --strategies ${strategies ?? '(all)'} --scope ${scope ?? '(all)'}: ` +
        `strategies are ${known}; scopes are document and corpus.`,
    );
  }
  return variants;
}

const variantName = (v: LatencyVariant) => `${v.strategy}${v.rerank ? '+RERANK' : ''}`;

function machine(): Record<string, unknown> {
  return {
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}
