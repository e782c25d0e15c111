import * as fs from 'node:fs';
import * as path from 'node:path';
import { mapWithConcurrency } from '../common/concurrency';
import { firstOfEachContent } from '../ingest/document-id';
import { DOCUMENTS_IN_FLIGHT, IngestResult, IngestService, IngestStage } from '../ingest/ingest.service';
import { withCliApp } from './cli-app';
import { StageProgress } from './progress';
import { fileLabel } from './progress-format';
import { commandArgs } from './command-args';

/** The unit each ingest stage counts in, for progress lines. */
export const INGEST_STAGE_UNITS: Record<IngestStage, string> = {
  parse: 'pages',
  ocr: 'pages',
  layout: 'pages',
  embed: 'texts',
  write: 'rows',
};

const USAGE = `Usage: folio ingest <file.pdf|folder>... [--password PW] [--replace] [--title T] [--tag T]... [--id ID] [--concurrency N]
  Ingests PDFs (folders: every *.pdf below them) into the document graph and prints a summary.
  --concurrency  documents ingested at once (default 3: one is read while others are embedded)
  --replace   ingest again even when the same bytes are already stored
  --tag T     a label searches can narrow by (folio search --where tag=T); repeatable
  --id ID     store under this id instead of the one derived from the file's sha256 (one file only)
  --json      print one JSON object per file instead of the table`;

function listPdfs(inputs: string[]): string[] {
  const files: string[] = [];
  for (const input of inputs) {
    const stat = fs.statSync(input, { throwIfNoEntry: false });
    if (!stat) throw new Error(`No such file or folder: ${input}`);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(input, { recursive: true, withFileTypes: true })) {
        if (entry.isFile() && entry.name.toLowerCase().endsWith('.pdf'))
          files.push(path.join(entry.parentPath, entry.name));
      }
    } else files.push(input);
  }
  return files.sort();
}

export async function runIngestCommand(args: string[]): Promise<number> {
  const parsed = commandArgs(
    USAGE,
    {
      args,
      allowPositionals: true,
      options: {
        password: { type: 'string' },
        replace: { type: 'boolean', default: false },
        title: { type: 'string' },
        tag: { type: 'string', multiple: true },
        id: { type: 'string' },
        json: { type: 'boolean', default: false },
        concurrency: { type: 'string' },
      },
    },
    (p) => p.positionals.length > 0,
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const files = listPdfs(positionals);
  if (values.id && files.length !== 1) throw new Error('--id needs exactly one file');
  const concurrency = Number(values.concurrency ?? DOCUMENTS_IN_FLIGHT);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`--concurrency must be a positive integer, got '${values.concurrency}'`);

  return withCliApp(async (app) => {
    const ingest = app.get(IngestService);
    let failed = 0;
    const ingestFile = async (i: number) => {
      const file = files[i]!;
      const label = fileLabel(file, i, files.length);
      const progress = new StageProgress(label);
      const t0 = Date.now();
      try {
        const result: IngestResult = await ingest.ingest(new Uint8Array(fs.readFileSync(file)), {
          fileName: path.basename(file),
          password: values.password,
          replace: values.replace,
          title: values.title,
          tags: values.tag,
          docId: values.id,
          onProgress: (p) => progress.update(p.stage, p.done, p.total, INGEST_STAGE_UNITS[p.stage]),
        });
        progress.finishStage();
        const c = result.counts;
        const seconds = (Date.now() - t0) / 1000;
        return {
          report: {
            file,
            docId: result.document.id,
            title: result.document.title,
            result: result.reused ? 'already stored' : 'ingested',
            counts: c,
            seconds,
          },
          row: [
            path.basename(file),
            result.document.id,
            result.reused ? 'already stored' : 'ingested',
            String(c.pages),
            String(c.elements),
            String(c.sections),
            String(c.ocrPages),
            seconds.toFixed(1),
          ],
        };
      } catch (err) {
        progress.finishStage();
        failed++;
        const e = err as Error & { code?: string };
        process.stderr.write(`${path.basename(file)}: ${e.message}\n`);
        return {
          report: { file, result: 'failed', code: e.code ?? null, error: e.message },
          row: [
            path.basename(file),
            '-',
            `FAILED ${e.code ?? ''}`.trim(),
            '',
            '',
            '',
            '',
            ((Date.now() - t0) / 1000).toFixed(1),
          ],
        };
      }
    };
    // The same bytes twice at once would be one ingestion and a DOCUMENT_BUSY error: copies wait for the first.
    const { first, copies } = firstOfEachContent(files, (f) => new Uint8Array(fs.readFileSync(f)));
    const outcomes = new Map<number, Awaited<ReturnType<typeof ingestFile>>>();
    await mapWithConcurrency(first, concurrency, async (i) => outcomes.set(i, await ingestFile(i)));
    for (const i of copies) outcomes.set(i, await ingestFile(i));
    const report = files.map((_, i) => outcomes.get(i)!.report);
    const rows = files.map((_, i) => outcomes.get(i)!.row);
    if (values.json) {
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return failed > 0 ? 1 : 0;
    }
    printTable(
      ['file', 'document id', 'result', 'pages', 'elements', 'sections', 'ocr pages', 'seconds'],
      rows,
    );
    return failed > 0 ? 1 : 0;
  });
}

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  process.stdout.write(
    `\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}\n${rows.map(line).join('\n')}\n`,
  );
}
