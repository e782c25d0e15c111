import { Injectable } from '@nestjs/common';
import { CypherRepository } from '../../graph/cypher-repository';

export interface EvolvableElement {
  id: string;
  kind: string;
  text: string;
  description: string | null;
  readingIndex: number;
  pageNumber: number;
  embedding: number[];
}

export interface RelationEdgeRow {
  from: string;
  to: string;
  relation: string;
  source: 'window' | 'lite' | 'llm';
  score: number;
  iteration: number;
  reason: string | null;
}

export interface RevisionRow {
  id: string;
  elementId: string;
  iteration: number;
  summary: string;
  keywords: string[];
  mode: string;
  neighbourIds: string[];
}

export interface EvolvedElementRow {
  id: string;
  summary: string;
  keywords: string[];
  vector: number[];
}

export interface RelatedElementLink {
  direction: 'out' | 'in';
  relation: string;
  source: string;
  score: number;
  iteration: number;
  reason: string | null;
  elementId: string;
}

export interface EvolvedSummary {
  summary: string | null;
  keywords: string[] | null;
}

export interface StoredRevision {
  id: string;
  iteration: number;
  summary: string;
  keywords: string[];
  mode: string | null;
  createdAt: string;
}

const PAGE = 2000;
const WRITE_BATCH = 1000;

/** Reads and writes of G²-Reader's content graph: elements to evolve, RELATES_TO, Revisions, evolved properties. */
@Injectable()
export class EvolutionRepository extends CypherRepository {
  private readonly q = this.queries('enrich', {
    list: 'evolve-list-elements',
    sizes: 'evolve-element-sizes',
    clearRelations: 'evolve-clear-relations',
    clearRevisions: 'evolve-clear-revisions',
    clearProperties: 'evolve-clear-properties',
    writeElements: 'evolve-write-elements',
    writeRelations: 'evolve-write-relations',
    writeRevisions: 'evolve-write-revisions',
    related: 'evolve-elements-related',
    revisions: 'evolve-elements-revisions',
    summary: 'evolve-elements-summary',
    evolvedVectors: 'evolve-evolved-vectors',
  });

  /** Every embedded element of the document in reading order. */
  async elements(docId: string): Promise<EvolvableElement[]> {
    const all: EvolvableElement[] = [];
    for (let skip = 0; ; skip += PAGE) {
      const rows = await this.graph.read<EvolvableElement>(this.q.list, { docId, skip, limit: PAGE });
      all.push(...rows);
      if (rows.length < PAGE) return all;
    }
  }

  async elementSizes(docId: string): Promise<number[]> {
    const [row] = await this.graph.read<{ elements: number; lengths: number[] }>(this.q.sizes, { docId });
    return row?.lengths ?? [];
  }

  /** Removes the document's RELATES_TO edges, Revisions and evolved element properties. */
  async clear(docId: string): Promise<void> {
    await this.graph.runAutoCommit(this.q.clearRelations, { docId });
    await this.graph.runAutoCommit(this.q.clearRevisions, { docId });
    await this.graph.runAutoCommit(this.q.clearProperties, { docId });
  }

  async writeRelations(edges: RelationEdgeRow[]): Promise<void> {
    await this.writeBatches(this.q.writeRelations, edges, WRITE_BATCH, {}, 'edges');
  }

  async writeRevisions(docId: string, rows: RevisionRow[]): Promise<void> {
    await this.writeBatches(this.q.writeRevisions, rows, WRITE_BATCH, { docId });
  }

  async writeElements(rows: EvolvedElementRow[], mode: string): Promise<void> {
    await this.writeBatches(this.q.writeElements, rows, WRITE_BATCH, { mode });
  }

  /** Element id → evolved vector, for the document's evolved elements. */
  async evolvedVectors(docId: string): Promise<Map<string, number[]>> {
    const rows = await this.graph.read<{ id: string; vector: number[] }>(this.q.evolvedVectors, { docId });
    return new Map(rows.map((r) => [r.id, r.vector]));
  }

  async related(elementId: string): Promise<RelatedElementLink[]> {
    return (await this.relatedOf([elementId]))[0] ?? [];
  }

  /** RELATES_TO links of each element, in the order of `elementIds` (one query for many parents). */
  async relatedOf(elementIds: string[]): Promise<RelatedElementLink[][]> {
    return this.readEach<RelatedElementLink[]>(this.q.related, elementIds, 'links', []);
  }

  async revisions(elementId: string): Promise<StoredRevision[]> {
    return (await this.revisionsOf([elementId]))[0] ?? [];
  }

  async revisionsOf(elementIds: string[]): Promise<StoredRevision[][]> {
    return this.readEach<StoredRevision[]>(this.q.revisions, elementIds, 'revisions', []);
  }

  async summary(elementId: string): Promise<EvolvedSummary | null> {
    return (await this.summariesOf([elementId]))[0] ?? null;
  }

  /** Evolved summary and keywords of each element; null for an element that does not exist. */
  async summariesOf(elementIds: string[]): Promise<Array<EvolvedSummary | null>> {
    if (elementIds.length === 0) return [];
    const rows = await this.graph.read<EvolvedSummary & { id: string }>(this.q.summary, { ids: elementIds });
    const byId = new Map(rows.map(({ id, ...summary }) => [id, summary]));
    return elementIds.map((id) => byId.get(id) ?? null);
  }
}
