import { Injectable } from '@nestjs/common';
import type { BBox } from '../../document/document-model';
import type { PageCandidate } from '../retrieve.repository';
import { CypherRepository } from '../../graph/cypher-repository';

export interface StructurePage {
  docId: string;
  pageNumber: number;
  score: number;
  /** section-title, section-summary or page-summary */
  via: string;
  section: string | null;
}

export interface ExpandedElement {
  fromElementId: string;
  fromPage: number;
  docId: string;
  pageNumber: number;
  elementId: string;
  kind: string;
  text: string;
  bbox: BBox;
  /** next-element, previous-element or section */
  via: string;
  score: number;
  section: string | null;
}

interface Scoped {
  embedding: number[];
  docIds: string[] | null;
  candidates: number;
  k: number;
}

/** DMAP's queries (cypher/retrieve/dmap-*): the structure and visual paths and the reflective expansion. */
@Injectable()
export class DmapRepository extends CypherRepository {
  private readonly q = this.queries('retrieve', {
    structure: 'dmap-structure-pages',
    visual: 'dmap-visual-pages',
    expand: 'dmap-expand-elements',
    withoutSummaries: 'documents-without-summaries',
  });

  structurePages(query: Scoped & { sectionPages: number }): Promise<StructurePage[]> {
    return this.graph.read<StructurePage>(this.q.structure, { ...query });
  }

  visualPages(query: Scoped): Promise<PageCandidate[]> {
    return this.graph.read<PageCandidate>(this.q.visual, { ...query });
  }

  expandElements(query: {
    elementIds: string[];
    embedding: number[];
    perSection: number;
  }): Promise<ExpandedElement[]> {
    return this.graph.read<ExpandedElement>(this.q.expand, { ...query });
  }

  /** READY documents in scope (null = all) on which the enrich `summaries` stage never ran. */
  async documentsWithoutSummaries(docIds: string[] | null): Promise<string[]> {
    const rows = await this.graph.read<{ docId: string }>(this.q.withoutSummaries, { docIds });
    return rows.map((r) => r.docId);
  }
}
