import type { Embedder } from '../embed/embedder';
import type { IngestOptions, IngestResult } from '../ingest/ingest.service';
import { benchDocId, runIngestBench } from './ingest-bench';

class FakeEmbedder implements Embedder {
  readonly modelName = 'fake';
  readonly dimension = 2;
  readonly maxTokens = 512;
  embedded = 0;
  embedPassages(texts: string[]): Promise<Float32Array[]> {
    this.embedded += texts.length;
    return Promise.resolve(texts.map(() => new Float32Array([1, 0])));
  }
  embedQuery(): Promise<Float32Array> {
    return Promise.resolve(new Float32Array([1, 0]));
  }
  countTokens(text: string): number {
    return text.split(' ').length + 2;
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

class FakeIngester {
  readonly ingested: IngestOptions[] = [];
  readonly deleted: string[] = [];
  ingest(bytes: Uint8Array, opts: IngestOptions): Promise<IngestResult> {
    this.ingested.push(opts);
    if (bytes[0] === 0) return Promise.reject(new Error('broken PDF'));
    opts.onProgress?.({ stage: 'parse', done: 1, total: 1 });
    return Promise.resolve({
      document: { id: opts.docId } as IngestResult['document'],
      reused: false,
      timingsMs: { parse: 100, ocr: 0, layout: 50, embed: 400, write: 50 },
      counts: { pages: 3, elements: 12, passages: 4, sections: 2, ocrPages: 0, crossReferences: 0 },
    });
  }
  deleteDocument(docId: string): Promise<void> {
    this.deleted.push(docId);
    return Promise.resolve();
  }
}

describe('runIngestBench', () => {
  const bytes: Record<string, Uint8Array> = {
    'a.pdf': new Uint8Array([1, 2]),
    'b.pdf': new Uint8Array([1, 3]),
    'bad.pdf': new Uint8Array([0]),
  };

  it('ingests under bench ids with replace, measures the embedder alone, then deletes what it made', async () => {
    const ingester = new FakeIngester();
    const embedder = new FakeEmbedder();
    const stages: string[] = [];
    const report = await runIngestBench(
      ['/x/a.pdf', '/x/b.pdf', '/x/bad.pdf'],
      {},
      {
        ingester,
        embedder,
        elementTexts: (docId, max) =>
          Promise.resolve(Array.from({ length: Math.min(max, 5) }, (_, i) => `${docId} text ${i}`)),
        readPdf: (f) => bytes[f.slice(3)]!,
        onProgress: (file, stage) => stages.push(`${file}:${stage}`),
      },
    );
    expect(ingester.ingested.map((o) => [o.fileName, o.docId, o.replace])).toEqual([
      ['a.pdf', benchDocId(bytes['a.pdf']!), true],
      ['b.pdf', benchDocId(bytes['b.pdf']!), true],
      ['bad.pdf', benchDocId(bytes['bad.pdf']!), true],
    ]);
    expect(benchDocId(bytes['a.pdf']!)).toMatch(/^bench-[0-9a-f]{16}$/);
    expect(stages).toContain('/x/a.pdf:parse');
    expect(report.documents.map((d) => d.error)).toEqual([null, null, 'broken PDF']);
    expect(report.overall).toMatchObject({ documents: 2, pages: 6 });
    expect(report.overall.ingestEmbedPassagesPerSecond).toBeCloseTo(12 / 0.8); // (4 passages + 2 section paths) × 2
    // 10 sampled texts (+ a 4-text warm-up)
    expect(report.embeddingOnly?.passages).toBe(10);
    expect(embedder.embedded).toBe(14);
    expect(ingester.deleted).toEqual([benchDocId(bytes['a.pdf']!), benchDocId(bytes['b.pdf']!)]);
  });

  it('ingests `concurrency` documents at once and measures pages/s over the wall time, in file order', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const ingester = new FakeIngester();
    const slow = {
      ingest: async (b: Uint8Array, o: IngestOptions) => {
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, o.fileName === 'a.pdf' ? 60 : 20));
        inFlight--;
        return ingester.ingest(b, o);
      },
      deleteDocument: (id: string) => ingester.deleteDocument(id),
    };
    const report = await runIngestBench(
      ['/x/a.pdf', '/x/b.pdf'],
      { concurrency: 2 },
      {
        ingester: slow,
        embedder: new FakeEmbedder(),
        elementTexts: () => Promise.resolve([]),
        readPdf: (f) => bytes[f.slice(3)]!,
      },
    );
    expect(mostInFlight).toBe(2);
    expect(report.documents.map((d) => d.file)).toEqual(['a.pdf', 'b.pdf']);
    const sum = report.documents.reduce((s, d) => s + d.seconds, 0);
    expect(report.overall.seconds).toBeLessThan(sum);
    expect(report.overall.pagesPerSecond).toBeCloseTo(6 / report.overall.seconds);
  });

  it('measures the same bytes once, with a warning, however many files hold them', async () => {
    const ingester = new FakeIngester();
    const warnings: string[] = [];
    const report = await runIngestBench(
      ['/x/a.pdf', '/x/a-copy.pdf', '/x/b.pdf'],
      {},
      {
        ingester,
        embedder: new FakeEmbedder(),
        elementTexts: () => Promise.resolve([]),
        readPdf: (f) => (f.endsWith('a-copy.pdf') ? bytes['a.pdf']! : bytes[f.slice(3)]!),
        onWarning: (m) => warnings.push(m),
      },
    );
    expect(ingester.ingested.map((o) => o.fileName)).toEqual(['a.pdf', 'b.pdf']);
    expect(report.documents.map((d) => d.file)).toEqual(['a.pdf', 'b.pdf']);
    expect(warnings).toEqual(['a-copy.pdf: the same bytes as an earlier file; measured once']);
  });

  it('keeps the documents with keep', async () => {
    const ingester = new FakeIngester();
    const report = await runIngestBench(
      ['/x/a.pdf'],
      { keep: true },
      {
        ingester,
        embedder: new FakeEmbedder(),
        elementTexts: () => Promise.resolve([]),
        readPdf: (f) => bytes[f.slice(3)]!,
      },
    );
    expect(ingester.deleted).toEqual([]);
    expect(report.kept).toBe(true);
    expect(report.embeddingOnly).toBeNull();
  });

  it('lets a peer ingest the same PDFs after Folio, reports its pages/s, stages and the ratio, then cleans it up', async () => {
    const seen: string[] = [];
    let cleaned = false;
    const peer = {
      name: 'fake-peer',
      ingestFile: (file: string, docId: string) => {
        seen.push(`${file}:${docId}`);
        if (file.endsWith('bad.pdf')) return Promise.reject(new Error('peer cannot read it'));
        return Promise.resolve({ pages: 3, chunks: 9, stageMs: { load: 10, embed: 30, store: 5 } });
      },
      cleanup: () => {
        cleaned = true;
        return Promise.resolve();
      },
    };
    const report = await runIngestBench(
      ['/x/a.pdf', '/x/bad.pdf'],
      {},
      {
        ingester: new FakeIngester(),
        embedder: new FakeEmbedder(),
        elementTexts: () => Promise.resolve([]),
        readPdf: (f) => bytes[f.slice(3)]!,
        peer,
      },
    );
    expect(seen).toEqual([
      `/x/a.pdf:${benchDocId(bytes['a.pdf']!)}`,
      `/x/bad.pdf:${benchDocId(bytes['bad.pdf']!)}`,
    ]);
    expect(cleaned).toBe(true);
    expect(report.peer).toMatchObject({
      name: 'fake-peer',
      pages: 3,
      chunks: 9,
      stageMs: { load: 10, embed: 30, store: 5 },
    });
    expect(report.peer!.documents.map((d) => d.error)).toEqual([null, 'peer cannot read it']);
    expect(report.speedRatio).toBeCloseTo(report.overall.pagesPerSecond / report.peer!.pagesPerSecond);
    expect(report.folioPeakRssMiB).toBeGreaterThan(0);
  });
});
