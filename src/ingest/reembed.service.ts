import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDER } from '../embed/embed.tokens';
import type { Embedder } from '../embed/embedder';
import { MigrationService } from '../graph/migration.service';
import { pageVectorsFromPassages, passageRows, vectorRow } from './graph-rows';
import { ReembedRepository } from './reembed.repository';
import { pageHeads } from './page-heads';
import { buildRetrievalUnits } from './retrieval-units';

/**
 * Re-embeds every stored document with the configured embedder, by ingestion's own rules, then lets migrations
 * recreate the vector indexes for the new dimension and record the model. Run while the service is stopped. */
@Injectable()
export class ReembedService {
  constructor(
    private readonly repo: ReembedRepository,
    private readonly migrations: MigrationService,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
  ) {}

  async reembedAll(
    opts: { unitsOnly?: boolean; onDocument?: (docId: string, done: number, total: number) => void } = {},
  ): Promise<number> {
    if (opts.unitsOnly) {
      await this.migrations.migrate(); // creates the passage indexes; refuses a model other than the recorded one
    } else {
      await this.repo.dropVectorIndexes();
    }
    const docs = await this.repo.documentIds();
    for (const [i, id] of docs.entries()) {
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
    const sections = await this.repo.sectionPaths(docId);
    if (sections.length) {
      const vectors = await this.embedder.embedPassages(sections.map((s) => s.path));
      await this.repo.setSectionVectors(
        sections.map((s, i) => ({ id: s.id, embedding: Array.from(vectors[i]!) })),
      );
    }
    await this.repo.setEmbeddingModel(docId, this.embedder.modelName);
  }

  /**
   * Rebuilds one document's retrieval units from its stored elements, and its page vectors (the mean of its units'
   * and its head vector) from them and its page texts; removes the element vectors of a document stored before
   * retrieval units.
   */
  async rebuildUnits(docId: string): Promise<void> {
    const countTokens = (t: string) => this.embedder.countTokens(t);
    const [sources, pages] = await Promise.all([this.repo.unitSources(docId), this.repo.pageTexts(docId)]);
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
    await this.repo.replacePassages(docId, passages);
    const pageVectors = pageVectorsFromPassages(passages);
    const headVectors = new Map(heads.map((h, i) => [h.pageNumber, vectors[units.length + i]!]));
    const pageRows = pages.map(({ pageNumber }) => ({
      pageNumber,
      embedding: pageVectors.get(pageNumber) ?? null,
      headEmbedding: vectorRow(headVectors.get(pageNumber)),
    }));
    await this.repo.setPageVectors(docId, pageRows);
    await this.repo.clearElementVectors(docId);
  }
}
