import { Injectable } from '@nestjs/common';
import type { SectionFields } from '../../document/document-model';
import { CypherRepository } from '../../graph/cypher-repository';

export interface SummaryElementRow {
  id: string;
  pageNumber: number;
  kind: string;
  text: string | null;
  description: string | null;
  headingLevel: number | null;
  embedding: number[] | null;
}

export interface SummarySectionRow {
  id: string;
  title: string;
  level: number;
  order: number;
  source: string | null;
  parentId: string | null;
  elementIds: string[];
}

export interface SummaryWriteRow {
  id: string;
  kind: 'page' | 'section' | 'document';
  level: number;
  text: string;
  keywords: string[];
  source: 'llm' | 'offline';
  targetId: string;
  embedding: number[] | null;
}

export interface InferredSectionRow extends SectionFields {
  id: string;
  parentId: string | null;
  elementIds: string[];
  embedding: number[] | null;
}

export type SummaryKind = 'page' | 'section' | 'document' | 'cluster';

/** A Summary node as the API shows it, with the pages it covers and its child summaries (tree clusters). */
export interface StoredSummary {
  id: string;
  docId: string;
  kind: SummaryKind;
  level: number | null;
  text: string;
  keywords: string[] | null;
  source: string | null;
  memberCount: number | null;
  leafCount: number | null;
  pages: number[];
  childIds: string[];
}

export interface SummaryFilter {
  kinds?: SummaryKind[] | null;
  level?: number | null;
  ids?: string[] | null;
  limit: number;
}

const BATCH = 200;

/** The summaries stage's reads and writes: page/section/document Summary nodes and the inferred outline. */
@Injectable()
export class SummariesRepository extends CypherRepository {
  private readonly q = this.queries('enrich', {
    pages: 'summary-list-pages',
    elements: 'summary-list-elements',
    sections: 'summary-list-sections',
    clear: 'summary-clear',
    write: 'summary-write',
    estimate: 'summary-estimate-inputs',
    sources: 'outline-section-sources',
    clearOutline: 'outline-clear',
    writeOutline: 'outline-write-sections',
    stored: 'summary-list',
  });

  /** Summaries of a document (every kind, including the summary tree's clusters), document first. */
  async storedSummaries(docId: string, filter: SummaryFilter): Promise<StoredSummary[]> {
    const rows = await this.graph.read<{ summary: StoredSummary }>(this.q.stored, {
      docId,
      kinds: filter.kinds ?? null,
      level: filter.level ?? null,
      ids: filter.ids ?? null,
      limit: filter.limit,
    });
    return rows.map((r) => r.summary);
  }

  listPages(docId: string): Promise<Array<{ id: string; number: number }>> {
    return this.graph.read(this.q.pages, { docId });
  }

  listElements(docId: string): Promise<SummaryElementRow[]> {
    return this.graph.read<SummaryElementRow>(this.q.elements, { docId });
  }

  listSections(docId: string): Promise<SummarySectionRow[]> {
    return this.graph.read<SummarySectionRow>(this.q.sections, { docId });
  }

  async estimateInputs(docId: string): Promise<{ pages: number; sections: number; chars: number }> {
    const [row] = await this.graph.read<{ pages: number; sections: number; chars: number }>(this.q.estimate, {
      docId,
    });
    return row ?? { pages: 0, sections: 0, chars: 0 };
  }

  async sectionSources(docId: string): Promise<Record<string, number>> {
    const rows = await this.graph.read<{ source: string; sections: number }>(this.q.sources, { docId });
    return Object.fromEntries(rows.map((r) => [r.source, r.sections]));
  }

  async clearSummaries(docId: string): Promise<number> {
    const [row] = await this.graph.write<{ deleted: number }>(this.q.clear, { docId });
    return row?.deleted ?? 0;
  }

  async clearInferredOutline(docId: string): Promise<number> {
    const [row] = await this.graph.write<{ deleted: number }>(this.q.clearOutline, { docId });
    return row?.deleted ?? 0;
  }

  /** Parents-first rows in one transaction (an outline is small: sections, not elements). */
  async writeInferredOutline(docId: string, sections: InferredSectionRow[]): Promise<void> {
    if (sections.length) await this.graph.write(this.q.writeOutline, { docId, sections });
  }

  async writeSummaries(docId: string, rows: SummaryWriteRow[]): Promise<number> {
    return this.writeBatches(this.q.write, rows, BATCH, { docId });
  }
}
