import { Injectable } from '@nestjs/common';
import { CypherRegistry } from './cypher-registry';
import { GraphExecutor } from './graph-executor';

export interface StoredPage {
  id: string;
  docId: string;
  number: number;
  width: number;
  height: number;
  text: string;
  hasTextLayer: boolean;
  elementCount: number;
}

export interface StoredElement {
  id: string;
  docId: string;
  pageNumber: number;
  kind: string;
  text: string;
  bbox: number[];
  order: number;
  description: string | null;
  headingLevel: number | null;
  source: string;
}

export interface StoredSection {
  id: string;
  docId: string;
  title: string;
  level: number;
  path: string;
  order: number;
  pageStart: number;
  pageEnd: number;
  source: string;
  parentId: string | null;
}

export interface ElementLinks {
  sectionId: string | null;
  captionId: string | null;
  captionOfId: string | null;
  nextId: string | null;
  previousId: string | null;
  refersTo: Array<{ mention: string; label: 'Element' | 'Section' | 'Page'; id: string }>;
  referredByIds: string[];
}

export interface GraphStats {
  nodes: Array<{ label: string; count: number }>;
  relationships: Array<{ type: string; count: number }>;
}

/** Reads the stored document graph: pages, elements, sections and the links between them. */
@Injectable()
export class ContentRepository {
  private readonly q;

  constructor(
    private readonly graph: GraphExecutor,
    cypher: CypherRegistry,
  ) {
    const get = (name: string) => cypher.get(`graph/${name}`);
    this.q = {
      page: get('get-page'),
      pages: get('list-pages'),
      pageElements: get('list-page-elements'),
      element: get('get-element'),
      elements: get('get-elements'),
      elementLinks: get('get-element-links'),
      sections: get('list-sections'),
      section: get('get-section'),
      sectionElements: get('list-section-elements'),
      stats: get('document-graph-stats'),
      corpusStats: get('corpus-graph-stats'),
    };
  }

  async page(docId: string, number: number): Promise<StoredPage | null> {
    const [row] = await this.graph.read<{ page: StoredPage }>(this.q.page, { docId, number });
    return row?.page ?? null;
  }

  async pages(docId: string, from: number, to: number): Promise<StoredPage[]> {
    return (await this.graph.read<{ page: StoredPage }>(this.q.pages, { docId, from, to })).map(
      (r) => r.page,
    );
  }

  async pageElements(docId: string, number: number, kinds: string[] | null): Promise<StoredElement[]> {
    const rows = await this.graph.read<{ element: StoredElement }>(this.q.pageElements, {
      docId,
      number,
      kinds,
    });
    return rows.map((r) => r.element);
  }

  async element(id: string): Promise<StoredElement | null> {
    const [row] = await this.graph.read<{ element: StoredElement }>(this.q.element, { id });
    return row?.element ?? null;
  }

  async elements(ids: string[]): Promise<StoredElement[]> {
    if (ids.length === 0) return [];
    return (await this.graph.read<{ element: StoredElement }>(this.q.elements, { ids })).map(
      (r) => r.element,
    );
  }

  async elementLinks(id: string): Promise<ElementLinks | null> {
    const [row] = await this.graph.read<ElementLinks>(this.q.elementLinks, { id });
    return row ?? null;
  }

  async sections(docId: string): Promise<StoredSection[]> {
    return (await this.graph.read<{ section: StoredSection }>(this.q.sections, { docId })).map(
      (r) => r.section,
    );
  }

  async section(id: string): Promise<StoredSection | null> {
    const [row] = await this.graph.read<{ section: StoredSection }>(this.q.section, { id });
    return row?.section ?? null;
  }

  async sectionElements(id: string): Promise<StoredElement[]> {
    return (await this.graph.read<{ element: StoredElement }>(this.q.sectionElements, { id })).map(
      (r) => r.element,
    );
  }

  /** Counts per label and relationship type of one document (all zero for an unknown id), or of the corpus. */
  async graphStats(docId: string | null): Promise<GraphStats> {
    const [row] = docId
      ? await this.graph.read<GraphStats>(this.q.stats, { docId })
      : await this.graph.read<GraphStats>(this.q.corpusStats);
    return {
      nodes: (row?.nodes ?? []).sort((a, b) => a.label.localeCompare(b.label)),
      relationships: (row?.relationships ?? []).sort((a, b) => a.type.localeCompare(b.type)),
    };
  }
}
