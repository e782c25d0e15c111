// The labelled PDFs read as ingest reads them (parse, OCR of pages without a text layer, layout), without Neo4j:
// `npm run bench:structure -- --parse` scores the rules as they are in the working tree, not as they were when the
// shared dev database was ingested. Parsed pages (with their OCR) are cached as JSON, keyed by the file's sha256,
// so a rule change re-runs layout only. Pictures' words on text pages are not read: layout keeps them in figures,
// which neither titles nor sections read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DocumentModel, ParsedPdf } from '../../src/document/document-model';
import { analyzeLayout } from '../../src/ingest/layout/analyze-layout';
import { OcrService } from '../../src/ingest/ocr.service';
import { parsePdf } from '../../src/ingest/pdf/pdf-parser';
import type { PredictedSection, StructureLabel } from './structure-score';

export interface ParsedStructure {
  title: string;
  sections: PredictedSection[];
}

async function parsedWithOcr(file: string, cacheFile: string, ocr: OcrService): Promise<ParsedPdf> {
  if (fs.existsSync(cacheFile)) return JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as ParsedPdf;
  const bytes = new Uint8Array(fs.readFileSync(file));
  const parsed = await parsePdf(bytes);
  const scanned = parsed.pages.filter((p) => !p.hasTextLayer);
  if (scanned.length > 0) await ocr.readPages(bytes, scanned, undefined, () => undefined);
  fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
  fs.writeFileSync(cacheFile, JSON.stringify(parsed));
  return parsed;
}

/** Depth of each section in the model's tree (1 for a top-level section). */
export function modelSectionDepths(model: Pick<DocumentModel, 'sections'>): number[] {
  const parentOf = new Map(model.sections.map((s) => [s.key, s.parentKey]));
  return model.sections.map((s) => {
    let depth = 1;
    let parent = s.parentKey;
    while (parent !== null && parentOf.has(parent) && depth < 64) {
      depth++;
      parent = parentOf.get(parent) ?? null;
    }
    return depth;
  });
}

/** Title and outline of each labelled PDF as the working tree's layout rules make them (null: file missing). */
export async function parseLabelled(
  labels: StructureLabel[],
  pdfDir: string,
  cacheDir: string,
  log: (line: string) => void,
): Promise<Array<ParsedStructure | null>> {
  const ocr = new OcrService();
  const out: Array<ParsedStructure | null> = [];
  try {
    for (const label of labels) {
      const file = path.join(pdfDir, label.file);
      if (!fs.existsSync(file)) {
        out.push(null);
        continue;
      }
      const started = Date.now();
      const parsed = await parsedWithOcr(file, path.join(cacheDir, `${label.sha256}.json`), ocr);
      const model = analyzeLayout(parsed, { fileName: label.file });
      const depths = modelSectionDepths(model);
      out.push({
        title: model.title,
        sections: model.sections.map((s, i) => ({
          depth: depths[i] ?? 1,
          title: s.title,
          page: s.pageStart,
        })),
      });
      log(
        `  read ${label.file} (${parsed.pageCount} pages) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await ocr.onModuleDestroy();
  }
  return out;
}
