import type { BenchIngester, BenchProgress, PeerRetriever } from './bench-ports';
import type { DocumentRow } from './bench-report.types';
import type { BenchQuestion } from './bench-questions';
import { errorMessage } from './question-runner';

/** Ingests each PDF the questions name once; a PDF that fails is a row with its error, its questions misses. */
export async function ingestDocuments(
  questions: BenchQuestion[],
  ingester: BenchIngester,
  readPdf: (p: string) => Uint8Array,
  progress: BenchProgress,
  warn: (m: string) => void,
): Promise<DocumentRow[]> {
  const byPdf = new Map<string, BenchQuestion[]>();
  for (const q of questions) byPdf.set(q.pdfName, [...(byPdf.get(q.pdfName) ?? []), q]);
  const documents: DocumentRow[] = [];
  let done = 0;
  progress('ingest', 0, byPdf.size, 'docs');
  for (const [pdfName, qs] of byPdf) {
    const t0 = performance.now();
    try {
      // IngestService returns the stored document as is when these bytes were ingested before.
      const result = await ingester.ingest(readPdf(qs[0]!.pdfPath), { fileName: pdfName });
      documents.push({
        pdfName,
        docId: result.document.id,
        pages: result.counts.pages,
        questions: qs.length,
        folio: {
          reused: result.reused,
          ms: Math.round(performance.now() - t0),
          timingsMs: result.timingsMs,
          error: null,
        },
        peers: {},
      });
    } catch (err) {
      warn(`could not ingest ${pdfName}: ${errorMessage(err)} (its ${qs.length} questions count as misses)`);
      documents.push({
        pdfName,
        docId: null,
        pages: null,
        questions: qs.length,
        folio: {
          reused: false,
          ms: Math.round(performance.now() - t0),
          timingsMs: {},
          error: errorMessage(err),
        },
        peers: {},
      });
    }
    progress('ingest', ++done, byPdf.size, 'docs');
  }
  return documents;
}

/** Lets each peer load the documents Folio ingested, and records its per-document stats on their rows. */
export async function preparePeers(
  peers: PeerRetriever[],
  documents: DocumentRow[],
  questions: BenchQuestion[],
  progress: BenchProgress,
  warn: (m: string) => void,
): Promise<void> {
  const ready = documents.filter((d): d is DocumentRow & { docId: string } => d.docId !== null);
  const pdfPathOf = new Map(questions.map((q) => [q.pdfName, q.pdfPath]));
  for (const peer of peers) {
    const stats = await peer.prepare(
      ready.map((d) => ({ docId: d.docId, pdfName: d.pdfName, pdfPath: pdfPathOf.get(d.pdfName) ?? '' })),
      (done, total) => progress(`peer:${peer.name} ingest`, done, total, 'docs'),
    );
    for (const s of stats) {
      const row = documents.find((d) => d.docId === s.docId);
      if (row) row.peers[peer.name] = s;
      if (s.error) warn(`peer ${peer.name} could not load ${row?.pdfName ?? s.docId}: ${s.error}`);
    }
  }
}
