// Parses the born-digital dev PDFs once and keeps each ParsedPdf as JSON, so the caption/reference measurement
// (captions-bench.ts) can re-run layout analysis in seconds while the layout rules change. Scanned PDFs (the
// benchmark's `pdf_image_only`) are skipped: they need OCR first.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parsePdf } from '../../src/ingest/pdf/pdf-parser';
import type { ParsedPdf } from '../../src/document/document-model';
import { type BenchDocument, benchDocuments } from './captions-documents';

export function cachePath(cacheDir: string, doc: BenchDocument): string {
  return path.join(cacheDir, `${doc.fileName.replace(/[^\w.-]+/g, '_')}.json`);
}

export async function parsedPdf(pdfDir: string, cacheDir: string, doc: BenchDocument): Promise<ParsedPdf> {
  const cached = cachePath(cacheDir, doc);
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8')) as ParsedPdf;
  const parsed = await parsePdf(new Uint8Array(fs.readFileSync(path.join(pdfDir, doc.fileName))));
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(cached, JSON.stringify(parsed));
  return parsed;
}

async function main(): Promise<void> {
  const questions = process.argv[2] ?? '../shared/bench/dev-questions.jsonl';
  const pdfDir = process.argv[3] ?? '../shared/bench/pdfs';
  const cacheDir = process.argv[4] ?? 'bench-results/captions/parsed';
  for (const doc of benchDocuments(questions).filter((d) => !d.imageOnly)) {
    const started = Date.now();
    const parsed = await parsedPdf(pdfDir, cacheDir, doc);
    console.log(
      `${doc.fileName}: ${parsed.pageCount} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}

if (require.main === module) void main();
