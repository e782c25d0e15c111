import * as path from 'node:path';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import { ingestSummaryLines, ingestTable, writeIngestReport } from '../eval/ingest-report';
import { listPdfFiles, runIngestBench } from '../eval/ingest-bench';
import { LangChainNeo4jBaseline } from '../eval/peer/langchain-baseline';
import { ContentRepository } from '../graph/content.repository';
import { IngestService } from '../ingest/ingest.service';
import { positiveInt, UsageError } from './bench-options';
import { withBenchApp } from './cli-app';
import { INGEST_STAGE_UNITS, printTable } from './ingest.command';
import { StageProgress } from './progress';
import { fileLabel } from './progress-format';
import { commandArgs } from './command-args';

export const INGEST_BENCH_USAGE = `  folio bench ingest --pdfs DIR --out DIR [--limit N] [--keep] [--peer] [--concurrency N]
    Ingest benchmark: end-to-end pages/s per document, time per stage, embedding-only passages/s and peak RSS,
    on separate document ids (bench-<sha16>) that are deleted afterwards unless --keep.
    --concurrency  documents Folio ingests at once (default 3: one is read while others are embedded);
                its pages/s is measured over the wall time of the whole run
    --peer      then the LangChain.js peer ingests the same PDFs in the same run (PDFLoader, 1000/200-character
                chunks, Neo4jVectorStore, same embedder; label PeerIngestChunk, removed afterwards): its pages/s,
                its stages (load, embed, store), its peak RSS and Folio's pages/s over the peer's`;

export async function runIngestBenchCommand(args: string[]): Promise<number> {
  const parsed = commandArgs(`Usage:\n${INGEST_BENCH_USAGE}`, {
    args,
    options: {
      pdfs: { type: 'string' },
      out: { type: 'string' },
      limit: { type: 'string' },
      keep: { type: 'boolean', default: false },
      peer: { type: 'boolean', default: false },
      concurrency: { type: 'string' },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  if (!values.pdfs || !values.out) throw new UsageError('folio bench ingest needs --pdfs DIR and --out DIR');
  const concurrency = positiveInt('--concurrency', values.concurrency);
  const files = listPdfFiles(values.pdfs, positiveInt('--limit', values.limit));
  if (files.length === 0) throw new UsageError(`No *.pdf files in ${values.pdfs}`);

  return withBenchApp(async (app) => {
    const content = app.get(ContentRepository);
    const bars = new Map<string, StageProgress>();
    const barFor = (file: string) => {
      let bar = bars.get(file);
      if (!bar) {
        bar = new StageProgress(fileLabel(file, bars.size, files.length));
        bars.set(file, bar);
      }
      return bar;
    };
    const report = await runIngestBench(
      files,
      { keep: values.keep, concurrency },
      {
        ingester: app.get(IngestService),
        embedder: app.get<Embedder>(EMBEDDER),
        elementTexts: (docId, max) => sampleElementTexts(content, docId, max),
        onProgress: (file, stage, done, total) =>
          barFor(file).update(stage, done, total, INGEST_STAGE_UNITS[stage]),
        onDocumentDone: (file) => barFor(file).finishStage(),
        onWarning: (m) => process.stderr.write(`${m}\n`),
        peer: values.peer
          ? new LangChainNeo4jBaseline({
              neo4j: app.get<FolioConfig>(FOLIO_CONFIG).neo4j,
              embedder: app.get<Embedder>(EMBEDDER),
              nodeLabel: 'PeerIngestChunk',
              indexName: 'peer_ingest_chunk_embedding',
            })
          : undefined,
        onPeerDocumentDone: (file, done, total) =>
          process.stderr.write(`peer: ${done}/${total} ${path.basename(file)}\n`),
      },
    );
    const written = writeIngestReport(report, values.out!);
    const table = ingestTable(report);
    printTable(table.header, table.rows);
    process.stdout.write(
      `\n${ingestSummaryLines(report).join('\n')}\n\nWrote ${written.json} and ${written.markdown}\n`,
    );
    return report.documents.some((d) => d.error !== null) ? 1 : 0;
  });
}

/** Element texts from pages spread over the document, up to `max`. */
async function sampleElementTexts(content: ContentRepository, docId: string, max: number): Promise<string[]> {
  const pages = await content.pages(docId, 1, 100_000);
  const step = Math.max(1, Math.floor(pages.length / 8));
  const texts: string[] = [];
  for (let i = 0; i < pages.length && texts.length < max; i += step) {
    const elements = await content.pageElements(docId, pages[i]!.number, null);
    for (const e of elements) if (e.text.trim() && texts.length < max) texts.push(e.text);
  }
  return texts;
}
