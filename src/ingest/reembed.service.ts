import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import { CypherRegistry } from '../graph/cypher-registry';
import { GraphExecutor } from '../graph/graph-executor';
import { MigrationService } from '../graph/migration.service';
import { pageVectorsFromPassages, passageRows, vectorRow } from './graph-rows';
import { buildRetrievalUnits, pageHeads, type UnitSourceElement } from './retrieval-units';

const BATCH = 256;

/**
 * Re-embeds every stored document with the configured embedder: vector indexes are dropped, the retrieval units
 * (Passage) rebuilt from the stored elements and embedded (the same rules ingestion uses), page vectors taken from
 * the passages, section vectors recomputed, then migrations recreate the indexes for the new dimension and record
 * the new model. This also moves a database from before retrieval units to them: elements lose the vectors they
 * used to carry (nothing reads them; an element is read through the passage covering it). Run while the service is
 * stopped.
 */
@Injectable()
export class ReembedService {
  private readonly q;

  constructor(
    private readonly graph: GraphExecutor,
    private readonly migrations: MigrationService,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    cypher: CypherRegistry,
  ) {
    const get = (name: string) => cypher.get(name);
    this.q = {
      dropIndexes: ['element', 'passage', 'page', 'section', 'summary'].map((l) =>
        get(`graph/drop-${l}-vector-index`),
      ),
      unitSources: get('ingest/list-unit-sources'),
      pageTexts: get('retrieve/document-page-texts'),
      deletePassages: get('ingest/delete-document-passages'),
      writePassages: get('ingest/write-passages'),
      documents: get('ingest/list-document-ids'),
      clearElementVectors: get('ingest/clear-element-vectors'),
      setPages: get('ingest/set-page-vectors'),
      sections: get('ingest/list-section-paths'),
      setSections: get('ingest/set-section-vectors'),
      setModel: get('ingest/set-document-embedding-model'),
    };
  }

  async reembedAll(
    opts: { unitsOnly?: boolean; onDocument?: (docId: string, done: number, total: number) => void } = {},
  ): Promise<number> {
    if (opts.unitsOnly) {
      await this.migrations.migrate(); // creates the passage indexes; refuses a model other than the recorded one
    } else {
      for (const drop of this.q.dropIndexes) await this.graph.runAutoCommit(drop);
    }
    const docs = await this.graph.read<{ id: string }>(this.q.documents);
    for (const [i, { id }] of docs.entries()) {
      if (opts.unitsOnly) await this.rebuildUnits(id);
      else await this.reembedDocument(id);
      opts.onDocument?.(id, i + 1, docs.length);
    }
    if (!opts.unitsOnly) await this.migrations.migrate({ allowModelChange: true });
    return docs.length;
  }

  /** Recomputes one document's passage, page and section vectors with this service's embedder. */
  async reembedDocument(docId: string): Promise<void> {
    await this.rebuildUnits(docId);
    const sections = await this.graph.read<{ id: string; path: string }>(this.q.sections, { docId });
    if (sections.length) {
      const vectors = await this.embedder.embedPassages(sections.map((s) => s.path));
      await this.graph.write(this.q.setSections, {
        rows: sections.map((s, i) => ({ id: s.id, embedding: Array.from(vectors[i]!) })),
      });
    }
    await this.graph.write(this.q.setModel, { docId, model: this.embedder.modelName });
  }

  /**
   * Rebuilds one document's retrieval units from its stored elements, and its page vectors (the mean of its units'
   * and its head vector) from them and its page texts; removes the element vectors of a document stored before
   * retrieval units.
   */
  async rebuildUnits(docId: string): Promise<void> {
    const countTokens = (t: string) => this.embedder.countTokens(t);
    const [sources, pages] = await Promise.all([
      this.graph.read<UnitSourceElement>(this.q.unitSources, { docId }),
      this.graph.read<{ pageNumber: number; text: string }>(this.q.pageTexts, { docIds: [docId] }),
    ]);
    const units = buildRetrievalUnits(sources, countTokens);
    const heads = pageHeads(
      pages.map((p) => ({ number: p.pageNumber, text: p.text })),
      sources,
      countTokens,
    );
    const vectors = await this.embedder.embedPassages([
      ...units.map((u) => u.embedText),
      ...heads.map((h) => h.text),
    ]);
    const passages = passageRows(docId, units, vectors.slice(0, units.length));
    await this.graph.write(this.q.deletePassages, { docId });
    for (let i = 0; i < passages.length; i += BATCH) {
      await this.graph.write(this.q.writePassages, { docId, passages: passages.slice(i, i + BATCH) });
    }
    const pageVectors = pageVectorsFromPassages(passages);
    const headVectors = new Map(heads.map((h, i) => [h.pageNumber, vectors[units.length + i]!]));
    const pageRows = pages.map(({ pageNumber }) => ({
      pageNumber,
      embedding: pageVectors.get(pageNumber) ?? null,
      headEmbedding: vectorRow(headVectors.get(pageNumber)),
    }));
    for (let i = 0; i < pageRows.length; i += BATCH) {
      await this.graph.write(this.q.setPages, { docId, rows: pageRows.slice(i, i + BATCH) });
    }
    await this.graph.write(this.q.clearElementVectors, { docId });
  }
}
