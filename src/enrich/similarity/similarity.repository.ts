import { Injectable } from '@nestjs/common';
import { CypherRepository } from '../../graph/cypher-repository';

export interface SimilarEdgeRow {
  from: string;
  to: string;
  score: number;
  coarse: number;
}

export interface SimilarPageLink {
  fromDocId: string;
  fromNumber: number;
  toDocId: string;
  toNumber: number;
  score: number;
  coarse: number | null;
  method: string;
}

/** Reads and writes of the page SIMILAR_TO layer. */
@Injectable()
export class SimilarityRepository extends CypherRepository {
  private readonly q = this.queries('enrich', {
    pages: 'similar-list-pages',
    candidates: 'similar-candidates',
    vectors: 'similar-passage-vectors',
    clear: 'similar-clear',
    write: 'similar-write-edges',
    documentEdges: 'similar-document-edges',
    pageEdges: 'similar-pages-edges',
  });

  async embeddedPages(docId: string): Promise<Array<{ id: string; number: number }>> {
    return this.graph.read(this.q.pages, { docId });
  }

  /** Nearest pages by page vector for each page id (index scores, best first, at most `keep`). */
  async candidates(
    pageIds: string[],
    k: number,
    keep: number,
    crossDocument: boolean,
  ): Promise<Map<string, Array<{ id: string; score: number }>>> {
    const rows = await this.graph.read<{ pageId: string; candidates: Array<{ id: string; score: number }> }>(
      this.q.candidates,
      { pageIds, k, keep, crossDocument },
    );
    return new Map(rows.map((r) => [r.pageId, r.candidates]));
  }

  async unitVectors(pageIds: string[]): Promise<Map<string, Float32Array[]>> {
    const rows = await this.graph.read<{ pageId: string; vectors: number[][] }>(this.q.vectors, { pageIds });
    return new Map(rows.map((r) => [r.pageId, r.vectors.map((v) => Float32Array.from(v))]));
  }

  async clear(docId: string): Promise<void> {
    await this.graph.runAutoCommit(this.q.clear, { docId });
  }

  async writeEdges(edges: SimilarEdgeRow[], tau: number): Promise<void> {
    if (edges.length > 0) await this.graph.write(this.q.write, { edges, tau });
  }

  async documentEdges(docId: string, limit: number): Promise<SimilarPageLink[]> {
    return this.graph.read(this.q.documentEdges, { docId, limit });
  }

  async pageEdges(docId: string, number: number): Promise<SimilarPageLink[]> {
    return (await this.pageEdgesOf([{ docId, number }]))[0] ?? [];
  }

  /** SIMILAR_TO edges leaving each page, in the order of `pages` (one query for many parents). */
  async pageEdgesOf(pages: Array<{ docId: string; number: number }>): Promise<SimilarPageLink[][]> {
    if (pages.length === 0) return [];
    const refs = pages.map((p, index) => ({ index, docId: p.docId, number: p.number }));
    const rows = await this.graph.read<{ index: number; edges: SimilarPageLink[] }>(this.q.pageEdges, {
      refs,
    });
    const byIndex = new Map(rows.map((r) => [r.index, r.edges]));
    return pages.map((_, i) => byIndex.get(i) ?? []);
  }
}
