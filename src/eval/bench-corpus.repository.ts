import { Injectable } from '@nestjs/common';
import { CypherRepository } from '../graph/cypher-repository';

/** A stored document as the benchmarks see it: its size, and the original it was copied from. */
export interface BenchDocument {
  id: string;
  pageCount: number;
  clonedFrom: string | null;
}

/** One node of an exported document: its labels and every property (vectors included). */
export interface ExportedNode {
  labels: string[];
  props: Record<string, unknown>;
}

/** One relationship of an exported document, each end named by its primary label and id. */
export interface ExportedRelationship {
  type: string;
  props: Record<string, unknown>;
  fromLabel: string;
  fromId: string;
  toLabel: string;
  toId: string;
}

/** A document's graph as `folio corpus export` writes it, one per line. */
export interface ExportedDocument {
  docId: string;
  nodes: ExportedNode[];
  relationships: ExportedRelationship[];
}

/** The benchmarks' corpus queries: the stored documents, grown by copying them, moved between databases. */
@Injectable()
export class BenchCorpusRepository extends CypherRepository {
  private readonly q = this.queries('eval', {
    clone: 'clone-document',
    docs: 'list-documents-for-bench',
    exportNodes: 'export-document-nodes',
    exportRelationships: 'export-document-relationships',
    importNodes: 'import-nodes',
    importRelationships: 'import-relationships',
  });

  documents(): Promise<BenchDocument[]> {
    return this.graph.read<BenchDocument>(this.q.docs);
  }

  /** Copies a document's whole graph and vectors under a new id (no re-embedding). */
  async cloneDocument(sourceId: string, targetId: string): Promise<{ nodes: number; relationships: number }> {
    const [row] = await this.graph.write<{ nodes: number; relationships: number }>(this.q.clone, {
      sourceId,
      targetId,
    });
    return row ?? { nodes: 0, relationships: 0 };
  }

  /**
   * Copies documents' whole graphs and vectors under new ids (no re-embedding), all in one transaction: a commit's
   * index refresh costs about a second whatever it holds, so copies written together grow a library many times faster.
   */
  async cloneDocuments(copies: Array<{ sourceId: string; targetId: string }>): Promise<number> {
    return this.graph.writeTx(this.q.clone.name, async (tx) => {
      for (const copy of copies) await tx.run(this.q.clone, copy);
      return copies.length;
    });
  }

  async exportDocument(docId: string): Promise<ExportedDocument> {
    const [nodes, relationships] = await Promise.all([
      this.graph.read<ExportedNode>(this.q.exportNodes, { docId }, { timeoutMs: 0 }),
      this.graph.read<ExportedRelationship>(this.q.exportRelationships, { docId }, { timeoutMs: 0 }),
    ]);
    return { docId, nodes, relationships };
  }

  async importNodes(rows: ExportedNode[]): Promise<number> {
    const [row] = await this.graph.write<{ nodes: number }>(this.q.importNodes, { rows });
    return row?.nodes ?? 0;
  }

  async importRelationships(rows: ExportedRelationship[]): Promise<number> {
    const [row] = await this.graph.write<{ relationships: number }>(this.q.importRelationships, { rows });
    return row?.relationships ?? 0;
  }
}
