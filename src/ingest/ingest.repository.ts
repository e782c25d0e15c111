import { Injectable } from '@nestjs/common';
import type { CypherQuery } from '../graph/cypher-registry';
import { JobStore } from '../graph/job-store';
import { chunk } from '../common/concurrency';
import type { OwnedWork } from '../common/process-owner';
import type { StoredDocument } from '../graph/document.repository';
import type { BBox, PageFields, SectionFields } from '../document/document-model';
import type { DocumentKind } from '../document/document-kind';
import { CypherRepository } from '../graph/cypher-repository';

// Rows as the write queries take them; vectors are plain number arrays (the driver sends them as lists).
export interface PageRow extends PageFields {
  id: string;
  elementCount: number;
  /** Mean of the page's passage vectors (TRACE's seeds, SIMILAR_TO). */
  embedding: number[] | null;
  /** The page's running header and opening words embedded (pageHeads): VECTOR's page-level evidence. */
  headEmbedding: number[] | null;
}

export interface ElementRow {
  id: string;
  pageNumber: number;
  kind: string;
  text: string;
  bbox: BBox;
  order: number;
  /** Position in the whole document's reading order. */
  readingIndex: number;
  description: string | null;
  headingLevel: number | null;
  source: string;
  /** A table's cells (TableCells, as four typed lists); null for other elements. */
  cellRows: number[] | null;
  cellCols: number[] | null;
  cellTexts: string[] | null;
  cellBoxes: number[] | null;
}

export interface SectionRow extends SectionFields {
  id: string;
  parentId: string | null;
  source: string;
  embedding: number[] | null;
}

/** A retrieval unit (see retrieval-units.ts): the text that is embedded and searched, over the elements it covers. */
export interface PassageRow {
  id: string;
  pageNumber: number;
  order: number;
  kind: string;
  text: string;
  elementIds: string[];
  embedding: number[] | null;
}

export interface Pair {
  from: string;
  to: string;
}

export interface StoredIngestDocument extends StoredDocument {
  heartbeatAt: string | null;
  /** Since the last heartbeat (or the claim), by Neo4j's clock. */
  heartbeatAgeMs: number;
  stage: string | null;
  /** Which ingestion claimed the id (set at the claim), so its clean-up never removes a later ingestion's. */
  ingestionId?: string | null;
  /** The process ingesting it (process-owner.ts). */
  owner?: string | null;
}

export interface DocumentGraphRows {
  pages: PageRow[];
  elements: ElementRow[];
  sections: SectionRow[];
  passages: PassageRow[];
  nextElements: Pair[];
  captions: Pair[];
  sectionElements: Array<{ sectionId: string; elementIds: string[] }>;
  refsToElements: Array<Pair & { mention: string }>;
  refsToSections: Array<Pair & { mention: string }>;
  refsToPages: Array<{ from: string; pageNumber: number; mention: string }>;
}

export interface IngestionJobRow {
  id: string;
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  fileName: string;
  stage: string | null;
  done: number;
  total: number;
  docId: string | null;
  error: string | null;
  errorCode: string | null;
  runner?: string | null;
  owner?: string | null;
  /** Attempts a queue worker made (FOLIO_INGEST_RUNNER=redis); transient errors are retried. */
  attempts?: number;
  /** `redis` while the job is the Redis queue's: BullMQ's stalled check, not the heartbeat, tracks it until it ends. */
  queue?: string | null;
  /** The stored PDF a queue worker reads (FOLIO_INGEST_RUNNER=redis), kept in the file store while the job is open. */
  fileSha256?: string | null;
  createdAt?: string;
  updatedAt?: string;
  heartbeatAt?: string | null;
}

/** What an ingestion claims a Document with (cypher/ingest/create-document). */
export interface NewDocument {
  id: string;
  title: string;
  fileName: string;
  sha256: string;
  pageCount: number;
  tags?: string[];
  kind?: DocumentKind;
  embeddingModel?: string;
  ingestionId?: string;
  owner?: string;
}

/** What a finished ingestion records on its Document (cypher/ingest/mark-document-ready). */
export interface ReadyStats {
  elementCount: number;
  passageCount: number;
  sectionCount: number;
  ocrPageCount: number;
  crossReferenceCount: number;
  outlineSource: string | null;
}

export interface DocumentContentCounts {
  pages: number;
  elements: number;
  passages: number;
}

const BATCH = 500;

/** Every write ingestion makes to Neo4j: batched UNWINDs, one named query each. */
@Injectable()
export class IngestRepository extends CypherRepository {
  private readonly q = this.queries('ingest', {
    find: 'find-document-by-id',
    create: 'create-document',
    touch: 'touch-document',
    setTitle: 'set-document-title',
    documentIds: 'list-document-ids',
    pages: 'write-pages',
    nextPages: 'link-next-pages',
    elements: 'write-elements',
    nextElements: 'link-next-elements',
    captions: 'link-captions',
    sections: 'write-sections',
    passages: 'write-passages',
    sectionElements: 'link-section-elements',
    refsToElements: 'link-references-to-elements',
    refsToSections: 'link-references-to-sections',
    refsToPages: 'link-references-to-pages',
    ready: 'mark-document-ready',
    deleteNodes: 'delete-document-nodes',
    deleteDocument: 'delete-document',
    fileHolders: 'count-file-holders',
    countContent: 'count-document-content',
    saveJob: 'save-job',
    getJob: 'get-job',
    failAbandonedJobs: 'fail-abandoned-jobs',
    ingestingDocuments: 'list-ingesting-documents',
    listOpenJobs: 'list-open-jobs',
  });
  /** Ingestion jobs, stored like enrichment jobs. */
  readonly jobs = new JobStore<IngestionJobRow>(this.graph, this.q);

  async findDocument(docId: string): Promise<StoredIngestDocument | null> {
    const [row] = await this.graph.read<{ document: StoredIngestDocument }>(this.q.find, { docId });
    return row?.document ?? null;
  }

  /** Claims the id; throws a CONSTRAINT_VIOLATION GraphError when another ingestion holds it. */
  async createDocument(doc: NewDocument): Promise<void> {
    await this.graph.write(this.q.create, { doc });
  }

  async setTitle(docId: string, title: string): Promise<void> {
    await this.graph.write(this.q.setTitle, { docId, title });
  }

  async documentIds(): Promise<string[]> {
    const rows = await this.graph.read<{ id: string }>(this.q.documentIds);
    return rows.map((r) => r.id);
  }

  async heartbeat(docId: string, stage: string): Promise<void> {
    await this.graph.write(this.q.touch, { docId, stage });
  }

  /**
   * Writes the document's content in batched transactions, nodes before the relationships between them.
   * `onBatch` reports progress (rows written so far, rows in all).
   */
  async writeGraph(
    docId: string,
    rows: DocumentGraphRows,
    onBatch?: (done: number, total: number) => void,
  ): Promise<void> {
    const q = this.q;
    const steps: Array<{ query: CypherQuery; key: string; rows: unknown[]; oneBatch?: boolean }> = [
      { query: q.pages, key: 'pages', rows: rows.pages },
      { query: q.elements, key: 'elements', rows: rows.elements },
      // Sections reference their parents, so they go in one batch (they are few) to keep parents first.
      { query: q.sections, key: 'sections', rows: rows.sections, oneBatch: true },
      { query: q.passages, key: 'passages', rows: rows.passages },
      { query: q.nextElements, key: 'pairs', rows: rows.nextElements },
      { query: q.captions, key: 'pairs', rows: rows.captions },
      { query: q.sectionElements, key: 'rows', rows: rows.sectionElements },
      { query: q.refsToElements, key: 'refs', rows: rows.refsToElements },
      { query: q.refsToSections, key: 'refs', rows: rows.refsToSections },
      { query: q.refsToPages, key: 'refs', rows: rows.refsToPages },
    ];
    const total = steps.reduce((n, s) => n + s.rows.length, 0);
    let done = 0;
    onBatch?.(0, total);
    for (const step of steps) {
      for (const batch of chunk(step.rows, step.oneBatch ? Math.max(step.rows.length, 1) : BATCH)) {
        await this.graph.write(step.query, { docId, [step.key]: batch });
        done += batch.length;
        onBatch?.(done, total);
      }
      if (step.query === q.pages) await this.graph.write(q.nextPages, { docId });
    }
  }

  async markReady(docId: string, stats: ReadyStats): Promise<StoredDocument> {
    const [row] = await this.graph.write<{ document: StoredDocument }>(this.q.ready, { docId, stats });
    if (!row) throw new Error(`Document ${docId} vanished while it was being ingested`);
    return row.document;
  }

  /** Deletes the document and everything hanging off it; returns false when there was no such document. */
  async deleteDocument(docId: string): Promise<boolean> {
    await this.graph.runAutoCommit(this.q.deleteNodes, { docId });
    const [row] = await this.graph.write<{ deleted: boolean }>(this.q.deleteDocument, { docId });
    return row?.deleted ?? false;
  }

  /** What of the document is stored: pages, elements and retrieval units. */
  async countContent(docId: string): Promise<DocumentContentCounts> {
    const [row] = await this.graph.read<DocumentContentCounts>(this.q.countContent, { docId });
    return row ?? { pages: 0, elements: 0, passages: 0 };
  }

  /** The documents stored from these bytes and the open jobs whose worker will read them from the file store. */
  async fileHolders(sha256: string): Promise<{ documents: number; openJobs: number }> {
    const [row] = await this.graph.read<{ documents: number; openJobs: number }>(this.q.fileHolders, {
      sha256,
    });
    return row ?? { documents: 0, openJobs: 0 };
  }

  /** Documents still INGESTING, with their owner and heartbeat age (for the recovery sweep). */
  async ingestingDocuments(): Promise<
    Array<OwnedWork & { id: string; sha256: string; ingestionId: string | null }>
  > {
    return this.graph.read(this.q.ingestingDocuments);
  }
}
