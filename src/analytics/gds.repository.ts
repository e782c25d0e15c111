import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { projectionGate } from './projection-gate';
import type {
  CentralPage,
  DocumentSimilarity,
  GdsMemoryEstimate,
  PageCommunity,
  PageComponent,
} from './analytics.types';
import { CypherRepository } from '../graph/cypher-repository';

/** Every projection Folio creates is named with this prefix, so a test (or an operator) can find leftovers. */
export const PROJECTION_PREFIX = 'folio-analytics-';

export interface ProjectionSize {
  nodeCount: number;
  relationshipCount: number;
}

export interface PageGraphSize extends ProjectionSize {
  similarLinks: number;
}

/** Graph Data Science calls on named in-memory projections; GDS runs for minutes at most, so no read timeout. */
@Injectable()
export class GdsRepository extends CypherRepository {
  private readonly q = {
    version: this.cypher.get('graph/gds-version'),
    ...this.queries('analytics', {
      pageGraphSize: 'gds-page-graph-size',
      estimate: 'gds-estimate',
      projectPages: 'gds-project-pages',
      projectDocuments: 'gds-project-documents',
      pageRank: 'gds-page-rank',
      leiden: 'gds-leiden',
      wcc: 'gds-wcc',
      similarity: 'gds-document-similarity',
      drop: 'gds-drop',
      list: 'gds-list-projections',
      writeBack: 'write-page-centrality',
      pageRanks: 'page-ranks',
    }),
  };
  private readonly noTimeout = { timeoutMs: 0 };
  /** One gate per process (the repository is a singleton): projections share Neo4j's heap. */
  private readonly gate = projectionGate();

  /** The GDS version, or null when the procedures are not installed. */
  async version(): Promise<string | null> {
    try {
      const [row] = await this.graph.read<{ version: string }>(this.q.version);
      return row?.version ?? null;
    } catch {
      return null;
    }
  }

  async pageGraphSize(docIds: string[] | null, withNextPage: boolean): Promise<PageGraphSize> {
    const [row] = await this.graph.read<PageGraphSize>(
      this.q.pageGraphSize,
      { docIds, withNextPage },
      this.noTimeout,
    );
    return row ?? { nodeCount: 0, relationshipCount: 0, similarLinks: 0 };
  }

  async estimate(size: ProjectionSize): Promise<GdsMemoryEstimate> {
    const [row] = await this.graph.read<GdsMemoryEstimate>(this.q.estimate, { ...size });
    if (!row) throw new Error('gds-estimate returned no row');
    return row;
  }

  /**
   * Projects the page graph under a fresh name, hands it to `work`, and drops it in `finally`, whatever
   * `work` does: a projection holds heap until dropped or the server stops.
   */
  async withPageGraph<T>(
    docIds: string[] | null,
    withNextPage: boolean,
    work: (graphName: string, size: ProjectionSize) => Promise<T>,
  ): Promise<T> {
    return this.withProjection(
      (graphName) =>
        this.graph.read<ProjectionSize>(
          this.q.projectPages,
          { graphName, docIds, withNextPage },
          this.noTimeout,
        ),
      work,
    );
  }

  async withDocumentGraph<T>(
    docIds: string[] | null,
    work: (graphName: string, size: ProjectionSize) => Promise<T>,
  ): Promise<T> {
    return this.withProjection(
      (graphName) =>
        this.graph.read<ProjectionSize>(this.q.projectDocuments, { graphName, docIds }, this.noTimeout),
      work,
    );
  }

  async pageRank(graphName: string): Promise<CentralPage[]> {
    return this.graph.read<CentralPage>(this.q.pageRank, { graphName }, this.noTimeout);
  }

  async leiden(graphName: string): Promise<PageCommunity[]> {
    return this.graph.read<PageCommunity>(this.q.leiden, { graphName }, this.noTimeout);
  }

  async components(graphName: string): Promise<PageComponent[]> {
    return this.graph.read<PageComponent>(this.q.wcc, { graphName }, this.noTimeout);
  }

  async documentSimilarity(graphName: string, topK: number): Promise<DocumentSimilarity[]> {
    return this.graph.read<DocumentSimilarity>(this.q.similarity, { graphName, topK }, this.noTimeout);
  }

  async writeCentrality(rows: { pageId: string; pageRank: number; community: number | null }[]) {
    const [row] = await this.graph.write<{ written: number }>(this.q.writeBack, { rows });
    return row?.written ?? 0;
  }

  /** Stored pageRank per page of `docIds` (written by a previous analysis; null where never written). */
  async storedPageRanks(docIds: string[]) {
    return this.graph.read<{ docId: string; pageNumber: number; pageRank: number | null }>(
      this.q.pageRanks,
      { docIds },
      this.noTimeout,
    );
  }

  /** Names of Folio's projections still in the GDS catalog (there should be none between calls). */
  async openProjections(): Promise<string[]> {
    const rows = await this.graph.read<{ graphName: string }>(this.q.list, { prefix: PROJECTION_PREFIX });
    return rows.map((r) => r.graphName);
  }

  private async withProjection<T>(
    project: (graphName: string) => Promise<ProjectionSize[]>,
    work: (graphName: string, size: ProjectionSize) => Promise<T>,
  ): Promise<T> {
    return this.gate.run(async () => {
      const graphName = `${PROJECTION_PREFIX}${randomUUID()}`;
      try {
        const [size] = await project(graphName);
        return await work(graphName, size ?? { nodeCount: 0, relationshipCount: 0 });
      } finally {
        await this.graph.read(this.q.drop, { graphName }, this.noTimeout);
      }
    });
  }
}
