import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import { CypherRegistry } from '../graph/cypher-registry';
import { GraphExecutor } from '../graph/graph-executor';
import { MigrationService } from '../graph/migration.service';
import { embeddingText, meanVector } from './graph-rows';

const BATCH = 256;

interface ElementInput {
  id: string;
  pageNumber: number;
  kind: string;
  text: string;
  description: string | null;
  sectionPath: string | null;
  caption: string | null;
}

/**
 * Re-embeds every stored document with the configured embedder: vector indexes are dropped, element, page and
 * section vectors recomputed from the stored text (the same inputs ingestion uses), then migrations recreate
 * the indexes for the new dimension and record the new model. Run while the service is stopped.
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
      dropIndexes: ['element', 'page', 'section', 'summary'].map((l) => get(`graph/drop-${l}-vector-index`)),
      documents: get('ingest/list-document-ids'),
      inputs: get('ingest/list-element-embedding-inputs'),
      setElements: get('ingest/set-element-vectors'),
      setPages: get('ingest/set-page-vectors'),
      sections: get('ingest/list-section-paths'),
      setSections: get('ingest/set-section-vectors'),
      setModel: get('ingest/set-document-embedding-model'),
    };
  }

  async reembedAll(onDocument?: (docId: string, done: number, total: number) => void): Promise<number> {
    for (const drop of this.q.dropIndexes) await this.graph.runAutoCommit(drop);
    const docs = await this.graph.read<{ id: string }>(this.q.documents);
    for (const [i, { id }] of docs.entries()) {
      await this.reembedDocument(id);
      onDocument?.(id, i + 1, docs.length);
    }
    await this.migrations.migrate({ allowModelChange: true });
    return docs.length;
  }

  /** Recomputes one document's element, page and section vectors with this service's embedder. */
  async reembedDocument(docId: string): Promise<void> {
    const inputs = await this.graph.read<ElementInput>(this.q.inputs, { docId });
    const texts = inputs
      .map((e) => ({ e, text: embeddingText(e) }))
      .filter((x): x is { e: ElementInput; text: string } => x.text !== null);
    const byPage = new Map<number, Float32Array[]>();
    for (let i = 0; i < texts.length; i += BATCH) {
      const slice = texts.slice(i, i + BATCH);
      const vectors = await this.embedder.embedPassages(slice.map((x) => x.text));
      const rows = slice.map((x, j) => {
        const list = byPage.get(x.e.pageNumber) ?? [];
        list.push(vectors[j]!);
        byPage.set(x.e.pageNumber, list);
        return { id: x.e.id, embedding: Array.from(vectors[j]!) };
      });
      await this.graph.write(this.q.setElements, { rows });
    }
    const pageRows = [...byPage].map(([pageNumber, vectors]) => ({
      pageNumber,
      embedding: meanVector(vectors),
    }));
    await this.graph.write(this.q.setPages, { docId, rows: pageRows.filter((r) => r.embedding) });
    const sections = await this.graph.read<{ id: string; path: string }>(this.q.sections, { docId });
    if (sections.length) {
      const vectors = await this.embedder.embedPassages(sections.map((s) => s.path));
      await this.graph.write(this.q.setSections, {
        rows: sections.map((s, i) => ({ id: s.id, embedding: Array.from(vectors[i]!) })),
      });
    }
    await this.graph.write(this.q.setModel, { docId, model: this.embedder.modelName });
  }
}
