import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Semaphore } from '../common/concurrency';
import { isAbandoned, thisOwner } from '../common/process-owner';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import type { StoredDocument } from '../graph/document.repository';
import { GraphError, GraphErrorCode } from '../graph/graph.errors';
import type { DocumentModel, ParsedPdf } from '../document/document-model';
import { documentKind } from '../document/document-kind';
import { documentNotFound } from '../document/document.errors';
import { FileStore } from './file-store';
import { buildGraphRows, passageRows, unitSources } from './graph-rows';
import type { NewDocument, PassageRow } from './ingest.repository';
import { pageHeads } from './page-heads';
import { buildRetrievalUnits } from './retrieval-units';
import { describeWriteOutcome, IngestRecoveryService, withWriteOutcome } from './ingest-recovery.service';
import { documentIdFor } from './document-id';
import { documentBusy, IngestError, IngestErrorCode } from './ingest.errors';
import { IngestRepository } from './ingest.repository';
import { analyzeLayout } from './layout/analyze-layout';
import { OcrService } from './ocr.service';
import { checkPdfOpens, parsePdf } from './pdf/pdf-parser';

export const INGEST_STAGES = ['parse', 'ocr', 'layout', 'embed', 'write'] as const;

/**
 * Documents a batch ingestion (`folio ingest <folder>`, the ingest benchmark) keeps in flight: one read (parsed,
 * laid out) on the main thread at a time, the others embedded in the inference workers or written. With two, the
 * next document could not be read until one was written, and the workers waited for it.
 */
export const DOCUMENTS_IN_FLIGHT = 3;
export type IngestStage = (typeof INGEST_STAGES)[number];

export interface IngestProgress {
  stage: IngestStage;
  /** Units done / total in this stage: pages for parse/ocr/layout, texts for embed, rows for write. */
  done: number;
  total: number;
}

export interface IngestOptions {
  fileName: string;
  title?: string;
  /** Labels a search can narrow by (scope filter `tags`, CLI `--where tag=…`). */
  tags?: string[];
  password?: string;
  /** Re-ingest even when these bytes are already stored (the old graph is replaced only once the new one is ready to write). */
  replace?: boolean;
  /** Store under this id instead of the one derived from the bytes (e.g. the same PDF twice for load tests). */
  docId?: string;
  onProgress?: (p: IngestProgress) => void;
}

export interface IngestResult {
  document: StoredDocument;
  /** True when the bytes were already ingested and the stored document is returned as is. */
  reused: boolean;
  timingsMs: Partial<Record<IngestStage, number>>;
  counts: {
    pages: number;
    elements: number;
    passages: number;
    sections: number;
    ocrPages: number;
    crossReferences: number;
  };
}

/**
 * PDF bytes → document graph. Everything expensive (parse, OCR, layout, embeddings) happens before the first
 * write, and a failure while writing removes what was written: a document is either READY or absent.
 */
@Injectable()
export class IngestService {
  private readonly logger = new Logger(IngestService.name);
  /** Document ids this process is ingesting right now. */
  private readonly inFlight = new Set<string>();
  private readonly reading = new Semaphore(1);

  constructor(
    private readonly repo: IngestRepository,
    private readonly ocr: OcrService,
    private readonly files: FileStore,
    private readonly recovery: IngestRecoveryService,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(FOLIO_CONFIG) private readonly config: FolioConfig,
  ) {}

  async ingest(bytes: Uint8Array, opts: IngestOptions): Promise<IngestResult> {
    const { sha256, docId: derivedId } = documentIdFor(bytes);
    const docId = opts.docId ?? derivedId;
    // Decided before any parse: a second ingestion of the same id in this process loses at once, not after
    // parsing and embedding the whole PDF (another process loses when it claims the id).
    if (this.inFlight.has(docId)) throw documentBusy(docId);
    this.inFlight.add(docId);
    try {
      return await this.ingestClaimed(bytes, sha256, docId, opts);
    } finally {
      this.inFlight.delete(docId);
    }
  }

  private async ingestClaimed(
    bytes: Uint8Array,
    sha256: string,
    docId: string,
    opts: IngestOptions,
  ): Promise<IngestResult> {
    const existing = await this.repo.findDocument(docId);
    if (existing) {
      if (opts.docId && existing.sha256 !== sha256 && !opts.replace)
        throw new IngestError(
          IngestErrorCode.DOCUMENT_ID_TAKEN,
          `The id '${docId}' belongs to another document ('${existing.fileName}'); choose another id, or pass ` +
            'replace (--replace) to overwrite it.',
        );
      const reuse = this.decideOnExisting(existing, opts.replace ?? false);
      if (reuse) {
        // The stored document answers only to whoever could open the PDF: an encrypted one needs its password.
        await checkPdfOpens(bytes, opts.password);
        return { document: existing, reused: true, timingsMs: {}, counts: this.countsOf(existing) };
      }
    }

    const timingsMs: IngestResult['timingsMs'] = {};
    const timed = async <T>(stage: IngestStage, work: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      try {
        return await work();
      } finally {
        timingsMs[stage] = Math.round(performance.now() - t0);
      }
    };
    const report = (stage: IngestStage, done: number, total: number) =>
      opts.onProgress?.({ stage, done, total });

    // One document is read (parse, OCR, layout) at a time. Documents in flight then take turns: one is read on the
    // main thread while another is embedded by the workers. Started together, they read, then embedded, in step,
    // and the embedding workers sat idle while they read: a quarter of a four-filing run.
    const { ocrPages, model } = await this.reading.run(async () => {
      const parsed = await timed('parse', () =>
        parsePdf(bytes, {
          password: opts.password,
          maxPages: this.config.limits.maxPages,
          onPage: (n, total) => report('parse', n, total),
        }),
      );
      const ocrPages = await timed('ocr', () => this.readWithOcr(bytes, parsed, opts, report));
      const model = await timed('layout', async () => {
        report('layout', 0, parsed.pageCount);
        const m = analyzeLayout(parsed, {
          maxTokens: this.embedder.maxTokens - 32,
          countTokens: (s) => this.embedder.countTokens(s),
          fileName: opts.fileName,
        });
        report('layout', parsed.pageCount, parsed.pageCount);
        return m;
      });
      return { ocrPages, model };
    });
    const { sectionVectors, passages, pageHeadVectors } = await timed('embed', () =>
      this.embed(docId, model, report),
    );
    const rows = buildGraphRows(docId, model, sectionVectors, passages, pageHeadVectors);

    if (existing) await this.repo.deleteDocument(docId);
    const document = await timed('write', async () => {
      await this.files.save(sha256, bytes);
      const ingestionId = randomUUID();
      await this.claim(docId, {
        id: docId,
        title: opts.title ?? model.title,
        tags: normalisedTags(opts.tags),
        kind: documentKind(model.pages),
        fileName: opts.fileName,
        sha256,
        pageCount: model.pageCount,
        embeddingModel: this.embedder.modelName,
        ingestionId,
        owner: thisOwner(this.config.heartbeat.staleAfterMs),
      });
      // On a timer, not on write progress: one slow batch must not make a live ingestion look abandoned.
      const heartbeat = setInterval(
        () => void this.repo.heartbeat(docId, 'write').catch(() => undefined),
        this.config.heartbeat.intervalMs,
      );
      heartbeat.unref();
      try {
        await this.repo.writeGraph(docId, rows, (done, total) => report('write', done, total));
        return await this.repo.markReady(docId, {
          elementCount: rows.elements.length,
          passageCount: rows.passages.length,
          sectionCount: rows.sections.length,
          ocrPageCount: ocrPages,
          crossReferenceCount: model.crossReferences.length,
          outlineSource: model.sections[0]?.source ?? null,
        });
      } catch (err) {
        clearInterval(heartbeat);
        const outcome = await this.recovery.settleFailedWrite(docId, ingestionId, {
          pages: rows.pages.length,
          elements: rows.elements.length,
          passages: rows.passages.length,
        });
        if (outcome.state === 'ready') {
          this.logger.warn(
            `${describeWriteOutcome(docId, outcome)} (${(err as Error).message.split('\n')[0]})`,
          );
          return outcome.document;
        }
        throw withWriteOutcome(err, docId, outcome);
      } finally {
        clearInterval(heartbeat);
      }
    });
    return {
      document,
      reused: false,
      timingsMs,
      counts: {
        pages: model.pageCount,
        elements: rows.elements.length,
        passages: rows.passages.length,
        sections: rows.sections.length,
        ocrPages,
        crossReferences: model.crossReferences.length,
      },
    };
  }

  /**
   * Re-chooses a stored document's title from its stored PDF with the current title rule (layout/title.ts: a filing
   * cover, the cover's title block or metadata holding its words, else the file name).
   */
  async retitle(docId: string, opts: { dryRun?: boolean } = {}): Promise<{ before: string; after: string }> {
    const doc = await this.repo.findDocument(docId);
    if (!doc) throw documentNotFound(docId);
    const bytes = await this.files.read(doc.sha256);
    if (!bytes)
      throw new IngestError(
        IngestErrorCode.FILE_NOT_FOUND,
        `The stored PDF of '${docId}' is missing; re-ingest it with \`folio ingest <file> --replace\`.`,
      );
    const model = analyzeLayout(await parsePdf(bytes), { fileName: doc.fileName });
    if (!opts.dryRun && model.title !== doc.title) await this.repo.setTitle(docId, model.title);
    return { before: doc.title, after: model.title };
  }

  async documentIds(): Promise<string[]> {
    return this.repo.documentIds();
  }

  /** Removes the document, everything hanging off it, and its stored PDF unless another document shares it. */
  async deleteDocument(docId: string): Promise<void> {
    const doc = await this.repo.findDocument(docId);
    if (!doc) throw documentNotFound(docId);
    // An ingestion whose process stopped (stale heartbeat) is not busy: it is removed at once.
    if (doc.status === 'INGESTING' && !this.isAbandoned(doc)) throw documentBusy(docId);
    await this.recovery.remove(docId, doc.sha256);
  }

  /** True: return the stored document. False: (re-)ingest. Throws when another ingestion is running. */
  private decideOnExisting(
    existing: { id: string; status: string; heartbeatAgeMs: number; owner?: string | null },
    replace: boolean,
  ): boolean {
    if (existing.status === 'INGESTING') {
      if (!this.isAbandoned(existing)) throw documentBusy(existing.id);
      this.logger.warn(
        `Document ${existing.id} was left INGESTING by a process that stopped; ingesting it again`,
      );
      return false;
    }
    return existing.status === 'READY' && !replace;
  }

  /** INGESTING by a process known to be dead, or by an unknown one silent past the staleness rule (isAbandoned). */
  private isAbandoned(doc: { heartbeatAgeMs: number; owner?: string | null }): boolean {
    return isAbandoned(doc, this.config.heartbeat.staleAfterMs);
  }

  private async claim(docId: string, doc: NewDocument): Promise<void> {
    try {
      await this.repo.createDocument(doc);
    } catch (err) {
      if (err instanceof GraphError && err.code === GraphErrorCode.CONSTRAINT_VIOLATION)
        throw documentBusy(docId);
      throw err;
    }
  }

  /**
   * OCR for pages without a text layer, and for pictures whose words are only in their pixels (a chart or diagram
   * pasted as an image, a logo) on the other pages; returns how many pages were read without a text layer.
   */
  private async readWithOcr(
    bytes: Uint8Array,
    parsed: ParsedPdf,
    opts: IngestOptions,
    report: (stage: IngestStage, done: number, total: number) => void,
  ): Promise<number> {
    if (!this.config.ingest.ocr) return 0;
    const scanned = parsed.pages.filter((p) => !p.hasTextLayer);
    if (scanned.length > 0) {
      let done = 0;
      report('ocr', 0, scanned.length);
      await this.ocr.readPages(bytes, scanned, opts.password, () => report('ocr', ++done, scanned.length));
    }
    const textPages = parsed.pages.filter((p) => p.hasTextLayer);
    await this.ocr.readFigureText(bytes, textPages, opts.password);
    return scanned.length;
  }

  private async embed(
    docId: string,
    model: DocumentModel,
    report: (stage: IngestStage, done: number, total: number) => void,
  ): Promise<{
    sectionVectors: Map<string, Float32Array>;
    passages: PassageRow[];
    pageHeadVectors: Map<number, Float32Array>;
  }> {
    // Only the retrieval units, the section paths and the pages' heads are embedded: elements are read
    // through the unit covering them.
    const countTokens = (t: string) => this.embedder.countTokens(t);
    const sources = unitSources(docId, model);
    const units = buildRetrievalUnits(sources, countTokens);
    const sectionTexts = model.sections.map((s) => s.path);
    const heads = pageHeads(model.pages, sources, countTokens);
    const texts = [...units.map((u) => u.embedText), ...sectionTexts, ...heads.map((h) => h.text)];
    const vectors = await this.embedInChunks(texts, (done) => report('embed', done, texts.length));
    const passageVectors = vectors.slice(0, units.length);
    const sectionVectors = new Map(model.sections.map((s, i) => [s.key, vectors[units.length + i]!]));
    const headStart = units.length + sectionTexts.length;
    const pageHeadVectors = new Map(heads.map((h, i) => [h.pageNumber, vectors[headStart + i]!]));
    return { sectionVectors, passages: passageRows(docId, units, passageVectors), pageHeadVectors };
  }

  private async embedInChunks(texts: string[], onProgress: (done: number) => void): Promise<Float32Array[]> {
    const chunk = 256; // report progress between chunks; the embedder batches inside each
    onProgress(0); // starts the stage's clock before the first chunk, not after it
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += chunk) {
      out.push(...(await this.embedder.embedPassages(texts.slice(i, i + chunk))));
      onProgress(out.length);
    }
    return out;
  }

  private countsOf(doc: StoredDocument): IngestResult['counts'] {
    const d = doc as StoredDocument & Record<string, unknown>;
    const n = (k: string) => (typeof d[k] === 'number' ? d[k] : 0);
    return {
      pages: doc.pageCount,
      elements: n('elementCount'),
      passages: n('passageCount'),
      sections: n('sectionCount'),
      ocrPages: n('ocrPageCount'),
      crossReferences: n('crossReferenceCount'),
    };
  }
}

/** Tags as stored: trimmed, blank ones dropped, each once. */
export function normalisedTags(tags: string[] | undefined): string[] {
  return [...new Set((tags ?? []).map((t) => t.trim()).filter(Boolean))];
}
