import { Logger } from '@nestjs/common';
import { makeTextPdf } from '../../test/support/make-pdf';
import type { FolioConfig } from '../config/folio-config';
import { DocumentError, DocumentErrorCode } from '../document/document.errors';
import type { Embedder } from '../embed/embedder';
import type { StoredDocument } from '../graph/document.repository';
import { GraphError, GraphErrorCode } from '../graph/graph.errors';
import type { FileStore } from './file-store';
import type { IngestRecoveryService, WriteOutcome } from './ingest-recovery.service';
import { IngestError, IngestErrorCode } from './ingest.errors';
import type { DocumentGraphRows, IngestRepository, StoredIngestDocument } from './ingest.repository';
import { documentIdFor } from './document-id';
import { IngestService, type IngestProgress } from './ingest.service';
import type { OcrService } from './ocr.service';
import { PdfError, PdfErrorCode } from './pdf/pdf.errors';

class FakeEmbedder implements Embedder {
  readonly modelName = 'fake-model-3d';
  readonly dimension = 3;
  readonly maxTokens = 512;
  readonly embedded: string[] = [];
  async embedPassages(texts: string[]): Promise<Float32Array[]> {
    this.embedded.push(...texts);
    return texts.map(() => Float32Array.from([1, 0, 0]));
  }
  async embedQuery(): Promise<Float32Array> {
    return Float32Array.from([1, 0, 0]);
  }
  countTokens(text: string): number {
    return text.split(/\s+/).filter(Boolean).length;
  }
  async close(): Promise<void> {}
}

const CONFIG = {
  limits: { maxPages: 50, maxUploadBytes: 10_000_000 },
  heartbeat: { intervalMs: 60_000, staleAfterMs: 120_000 },
  ingest: { ocr: false, serverPaths: false, serverPathRoot: undefined, fileStore: '/unused', concurrency: 1 },
} as unknown as FolioConfig;

function stored(id: string, over: Partial<StoredIngestDocument> = {}): StoredIngestDocument {
  return {
    id,
    title: 'Stored',
    fileName: 'stored.pdf',
    sha256: 'other',
    pageCount: 2,
    status: 'READY',
    ingestedAt: '2026-11-26T00:00:00Z',
    tags: [],
    kind: 'TEXT',
    embeddingModel: 'fake-model-3d',
    heartbeatAt: null,
    heartbeatAgeMs: 0,
    stage: null,
    ...over,
  };
}

interface Options {
  existing?: StoredIngestDocument;
  writeFails?: Error;
  claimFails?: Error;
  outcome?: WriteOutcome;
}

/** The service over fake ports; `journal` lists every side effect in order. */
function setup(opts: Options = {}) {
  const journal: string[] = [];
  const claims: Array<Record<string, unknown>> = [];
  let written: DocumentGraphRows | undefined;
  const settled: Array<{ docId: string; ingestionId: string; expected: unknown }> = [];
  const repo = {
    findDocument: async () => opts.existing ?? null,
    createDocument: async (doc: Record<string, unknown> & { id: string }) => {
      journal.push(`claim ${doc.id}`);
      if (opts.claimFails) throw opts.claimFails;
      claims.push(doc);
    },
    deleteDocument: async (docId: string) => {
      journal.push(`delete ${docId}`);
      return true;
    },
    writeGraph: async (
      docId: string,
      rows: DocumentGraphRows,
      onRows: (done: number, total: number) => void,
    ) => {
      journal.push(`write ${docId}`);
      if (opts.writeFails) throw opts.writeFails;
      written = rows;
      onRows(rows.pages.length, rows.pages.length);
    },
    markReady: async (docId: string, stats: Record<string, unknown>): Promise<StoredDocument> => {
      journal.push(`ready ${docId} ${JSON.stringify(stats)}`);
      return stored(docId, { sha256: String(claims[0]?.sha256), title: String(claims[0]?.title) });
    },
    heartbeat: async () => undefined,
  } as unknown as IngestRepository;
  const files = {
    save: async (sha256: string) => void journal.push(`save file ${sha256.slice(0, 8)}`),
  } as unknown as FileStore;
  const recovery = {
    settleFailedWrite: async (docId: string, ingestionId: string, expected: unknown) => {
      journal.push(`settle ${docId}`);
      settled.push({ docId, ingestionId, expected });
      return opts.outcome ?? { state: 'removed' };
    },
    remove: async (docId: string) => void journal.push(`remove ${docId}`),
  } as unknown as IngestRecoveryService;
  const ocr = {} as OcrService; // CONFIG.ingest.ocr is off: reaching OCR would throw
  const embedder = new FakeEmbedder();
  const service = new IngestService(repo, ocr, files, recovery, embedder, CONFIG);
  return { service, journal, claims, settled, embedder, written: () => written };
}

async function errorOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('expected the ingestion to fail');
    },
    (e: unknown) => e,
  );
}

const PAGES = [
  ['Annual Review', 'Revenue grew by a tenth over the year, led by the northern stores.'],
  ['Staff numbers stayed flat across the group while wages rose.'],
];

describe('IngestService', () => {
  let pdf: Uint8Array;
  beforeAll(async () => {
    Logger.overrideLogger(false);
    pdf = await makeTextPdf(PAGES);
  });
  afterAll(() => Logger.overrideLogger(true));

  it('reads and embeds everything before the first write, then claims, writes and marks the document READY', async () => {
    const { service, journal, claims, embedder, written } = setup();
    const stages: string[] = [];
    const onProgress = (p: IngestProgress) => {
      if (stages.at(-1) !== p.stage) stages.push(p.stage);
    };
    const result = await service.ingest(pdf, { fileName: 'review.pdf', tags: [' a ', 'a', ''], onProgress });
    const { sha256, docId } = documentIdFor(pdf);

    expect(stages).toEqual(['parse', 'layout', 'embed', 'write']);
    expect(journal.map((j) => j.split(' {')[0])).toEqual([
      `save file ${sha256.slice(0, 8)}`,
      `claim ${docId}`,
      `write ${docId}`,
      `ready ${docId}`,
    ]);
    expect(claims[0]).toMatchObject({
      id: docId,
      fileName: 'review.pdf',
      sha256,
      pageCount: 2,
      tags: ['a'],
      embeddingModel: 'fake-model-3d',
    });
    const rows = written()!;
    expect(rows.pages.map((p) => p.number)).toEqual([1, 2]);
    expect(result.reused).toBe(false);
    expect(result.counts).toMatchObject({ pages: 2, ocrPages: 0, passages: rows.passages.length });
    expect(result.counts.passages).toBeGreaterThan(0);
    expect(embedder.embedded.some((t) => t.includes('Revenue grew by a tenth'))).toBe(true);
    expect(Object.keys(result.timingsMs).sort()).toEqual(['embed', 'layout', 'ocr', 'parse', 'write']);
  });

  it('a corrupt PDF is a typed error and leaves nothing written', async () => {
    const { service, journal } = setup();
    const corrupt = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage without xref');
    const err = await errorOf(service.ingest(corrupt, { fileName: 'broken.pdf' }));
    expect(err).toBeInstanceOf(PdfError);
    expect([PdfErrorCode.CORRUPT_PDF, PdfErrorCode.NO_PAGES]).toContain((err as PdfError).code);
    expect(journal).toEqual([]);
  });

  it('bytes that are not a PDF say so and write nothing', async () => {
    const { service, journal } = setup();
    const err = await errorOf(service.ingest(new TextEncoder().encode('<html>'), { fileName: 'x.pdf' }));
    expect((err as PdfError).code).toBe(PdfErrorCode.NOT_A_PDF);
    expect(journal).toEqual([]);
  });

  it('a failed write is settled by recovery and the error says the document was not stored', async () => {
    const failure = new GraphError(GraphErrorCode.NEO4J_UNAVAILABLE, 'connection lost');
    const { service, journal, settled, claims } = setup({ writeFails: failure });
    const err = await errorOf(service.ingest(pdf, { fileName: 'review.pdf' }));
    const { docId } = documentIdFor(pdf);
    expect(err).toBeInstanceOf(GraphError);
    expect((err as GraphError).code).toBe(GraphErrorCode.NEO4J_UNAVAILABLE);
    expect((err as GraphError).message).toContain(`Document ${docId} was not stored`);
    expect(journal.slice(-2)).toEqual([`write ${docId}`, `settle ${docId}`]);
    expect(settled[0]!.ingestionId).toBe(claims[0]!.ingestionId);
    expect(settled[0]!.expected).toMatchObject({ pages: 2 });
  });

  it('a write whose last commit landed returns the READY document recovery read back', async () => {
    const { docId } = documentIdFor(pdf);
    const readBack = stored(docId, { title: 'Read back' });
    const { service } = setup({
      writeFails: new GraphError(GraphErrorCode.NEO4J_UNAVAILABLE, 'answer lost'),
      outcome: { state: 'ready', document: readBack },
    });
    const result = await service.ingest(pdf, { fileName: 'review.pdf' });
    expect(result.document).toBe(readBack);
  });

  it('the same bytes already READY are returned as stored, without parsing or writing', async () => {
    const { sha256, docId } = documentIdFor(pdf);
    const existing = stored(docId, { sha256, elementCount: 7 } as Partial<StoredIngestDocument>);
    const { service, journal } = setup({ existing });
    const result = await service.ingest(pdf, { fileName: 'again.pdf' });
    expect(result.reused).toBe(true);
    expect(result.document).toBe(existing);
    expect(result.counts).toMatchObject({ pages: 2, elements: 7, passages: 0 });
    expect(journal).toEqual([]);
  });

  it('replace re-ingests over a READY document: the old graph is deleted only once the new one is ready', async () => {
    const { sha256, docId } = documentIdFor(pdf);
    const { service, journal } = setup({ existing: stored(docId, { sha256 }) });
    await service.ingest(pdf, { fileName: 'review.pdf', replace: true });
    expect(journal[0]).toBe(`delete ${docId}`);
    expect(journal.slice(1).map((j) => j.split(' ')[0])).toEqual(['save', 'claim', 'write', 'ready']);
  });

  it('an explicit id that another document holds is DOCUMENT_ID_TAKEN', async () => {
    const { service, journal } = setup({ existing: stored('mine', { sha256: 'different' }) });
    const err = await errorOf(service.ingest(pdf, { fileName: 'review.pdf', docId: 'mine' }));
    expect((err as IngestError).code).toBe(IngestErrorCode.DOCUMENT_ID_TAKEN);
    expect((err as IngestError).message).toContain('--replace');
    expect(journal).toEqual([]);
  });

  it('a live ingestion of the same id makes the second one DOCUMENT_BUSY at once', async () => {
    const { service } = setup();
    const first = service.ingest(pdf, { fileName: 'a.pdf' });
    const err = await errorOf(service.ingest(pdf, { fileName: 'b.pdf' }));
    expect((err as IngestError).code).toBe(IngestErrorCode.DOCUMENT_BUSY);
    await first;
  });

  it('losing the claim to another process (constraint violation) is DOCUMENT_BUSY, and nothing is written', async () => {
    const { service, journal } = setup({
      claimFails: new GraphError(GraphErrorCode.CONSTRAINT_VIOLATION, 'already exists'),
    });
    const err = await errorOf(service.ingest(pdf, { fileName: 'a.pdf' }));
    expect((err as IngestError).code).toBe(IngestErrorCode.DOCUMENT_BUSY);
    expect(journal.some((j) => j.startsWith('write'))).toBe(false);
  });

  it('an INGESTING document with a fresh heartbeat is busy; an abandoned one is ingested again', async () => {
    const { docId } = documentIdFor(pdf);
    const live = setup({ existing: stored(docId, { status: 'INGESTING', heartbeatAgeMs: 1_000 }) });
    const err = await errorOf(live.service.ingest(pdf, { fileName: 'a.pdf' }));
    expect((err as IngestError).code).toBe(IngestErrorCode.DOCUMENT_BUSY);

    const stale = setup({ existing: stored(docId, { status: 'INGESTING', heartbeatAgeMs: 600_000 }) });
    const result = await stale.service.ingest(pdf, { fileName: 'a.pdf' });
    expect(result.reused).toBe(false);
    expect(stale.journal[0]).toBe(`delete ${docId}`);
  });

  describe('deleteDocument', () => {
    it('an unknown id is DOCUMENT_NOT_FOUND', async () => {
      const { service, journal } = setup();
      const err = await errorOf(service.deleteDocument('nope'));
      expect((err as DocumentError).code).toBe(DocumentErrorCode.DOCUMENT_NOT_FOUND);
      expect(err).toBeInstanceOf(DocumentError);
      expect((err as DocumentError).message).toBe("No document with id 'nope'.");
      expect(journal).toEqual([]);
    });

    it('refuses a live ingestion and removes a stored document through recovery', async () => {
      const busy = setup({ existing: stored('d', { status: 'INGESTING', heartbeatAgeMs: 10 }) });
      expect(((await errorOf(busy.service.deleteDocument('d'))) as IngestError).code).toBe(
        IngestErrorCode.DOCUMENT_BUSY,
      );
      const ready = setup({ existing: stored('d') });
      await ready.service.deleteDocument('d');
      expect(ready.journal).toEqual(['remove d']);
    });
  });
});
