// The dev benchmark's PDFs with their document kind: MMLongBench-Doc's `doc_type`, and "Filing" for the
// FinanceBench and docugami 10-K/10-Q/8-K filings (those sets carry no document type).
import * as fs from 'node:fs';

export interface BenchDocument {
  fileName: string;
  kind: string;
  imageOnly: boolean;
}

interface QuestionLine {
  dataset: string;
  pdf_name: string | null;
  pdf_image_only?: boolean;
  extra?: { doc_type?: string; source_pdfs?: string[] };
}

export function benchDocuments(questionsFile: string): BenchDocument[] {
  const byName = new Map<string, BenchDocument>();
  for (const line of fs.readFileSync(questionsFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const q = JSON.parse(line) as QuestionLine;
    const names = q.pdf_name ? [q.pdf_name] : (q.extra?.source_pdfs ?? []);
    for (const fileName of names) {
      const known = byName.get(fileName);
      if (known && !(known.kind === 'Other' && q.extra?.doc_type)) continue;
      const kind =
        q.extra?.doc_type ??
        (q.dataset === 'mmlongbench-doc' || q.dataset === 'mmdocir' ? 'Other' : 'Filing');
      byName.set(fileName, {
        fileName,
        kind,
        imageOnly: known?.imageOnly === true || q.pdf_image_only === true,
      });
    }
  }
  return [...byName.values()].sort((a, b) => a.fileName.localeCompare(b.fileName));
}
