import { Injectable } from '@nestjs/common';
import type { PageFields, SectionFields } from '../document/document-model';
import { alignBy, CypherRepository } from './cypher-repository';

export interface StoredPage extends PageFields {
  id: string;
  docId: string;
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

export interface StoredSection extends SectionFields {
  id: string;
  docId: string;
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

const pageKey = (p: PageRef): string => `${p.docId}\u0000${p.number}`;

export interface GraphStats {
  nodes: Array<{ label: string; count: number }>;
  relationships: Array<{ type: string; count: number }>;
}

/** A page by its document and 1-based number. */
export interface PageRef {
  docId: string;
  number: number;
}

/** A document's pages from `from` to `to`, inclusive and 1-based. */
export interface PageRange {
  docId: string;
  from: number;
  to: number;
}

/** A page's elements, only the given kinds (null = all). */
export interface PageElementsRequest extends PageRef {
  kinds: string[] | null;
}

/**
 * Reads the stored document graph: pages, elements, sections and the links between them. The plural methods read
 * for many parents in one query and answer in the order asked (null or [] where nothing was found), so the API's
 * request-scoped loaders can batch per-parent fields; the singular ones are the same queries for one parent.
 */
@Injectable()
export class ContentRepository extends CypherRepository {
  private readonly q = this.queries('graph', {
    pagesAt: 'get-pages',
    pagesIn: 'list-pages-of-documents',
    elementsOn: 'list-elements-of-pages',
    elements: 'get-elements',
    linksOf: 'list-element-links',
    sectionsOf: 'list-sections-of-documents',
    sectionsById: 'get-sections',
    elementsIn: 'list-elements-of-sections',
    stats: 'document-graph-stats',
    corpusStats: 'corpus-graph-stats',
  });

  async page(docId: string, number: number): Promise<StoredPage | null> {
    return (await this.pagesAt([{ docId, number }]))[0] ?? null;
  }

  async pagesAt(refs: PageRef[]): Promise<Array<StoredPage | null>> {
    if (refs.length === 0) return [];
    const rows = await this.graph.read<{ page: StoredPage }>(this.q.pagesAt, { refs });
    return alignBy(
      refs.map(pageKey),
      rows,
      (r) => pageKey(r.page),
      (r) => r.page,
      null,
    );
  }

  async pages(docId: string, from: number, to: number): Promise<StoredPage[]> {
    return (await this.pagesIn([{ docId, from, to }]))[0] ?? [];
  }

  async pagesIn(ranges: PageRange[]): Promise<StoredPage[][]> {
    if (ranges.length === 0) return [];
    const requests = ranges.map((r, index) => ({ index, ...r }));
    const rows = await this.graph.read<{ index: number; pages: StoredPage[] }>(this.q.pagesIn, { requests });
    return alignBy(
      ranges.map((_, i) => i),
      rows,
      (r) => r.index,
      (r) => r.pages,
      [],
    );
  }

  async pageElements(docId: string, number: number, kinds: string[] | null): Promise<StoredElement[]> {
    return (await this.elementsOn([{ docId, number, kinds }]))[0] ?? [];
  }

  async elementsOn(pages: PageElementsRequest[]): Promise<StoredElement[][]> {
    if (pages.length === 0) return [];
    const requests = pages.map((p, index) => ({ index, ...p }));
    const rows = await this.graph.read<{ index: number; elements: StoredElement[] }>(this.q.elementsOn, {
      requests,
    });
    return alignBy(
      pages.map((_, i) => i),
      rows,
      (r) => r.index,
      (r) => r.elements,
      [],
    );
  }

  async element(id: string): Promise<StoredElement | null> {
    return (await this.elementsById([id]))[0] ?? null;
  }

  /** The elements that exist among `ids`, in the order given. */
  async elements(ids: string[]): Promise<StoredElement[]> {
    if (ids.length === 0) return [];
    return (await this.graph.read<{ element: StoredElement }>(this.q.elements, { ids })).map(
      (r) => r.element,
    );
  }

  async elementsById(ids: string[]): Promise<Array<StoredElement | null>> {
    return alignBy(
      ids,
      await this.elements(ids),
      (e) => e.id,
      (e) => e,
      null,
    );
  }

  async elementLinks(id: string): Promise<ElementLinks | null> {
    return (await this.linksOf([id]))[0] ?? null;
  }

  async linksOf(ids: string[]): Promise<Array<ElementLinks | null>> {
    if (ids.length === 0) return [];
    const rows = await this.graph.read<ElementLinks & { id: string }>(this.q.linksOf, { ids });
    return alignBy(
      ids,
      rows,
      (r) => r.id,
      ({ id: _id, ...links }) => links,
      null,
    );
  }

  async sections(docId: string): Promise<StoredSection[]> {
    return (await this.sectionsOf([docId]))[0] ?? [];
  }

  /** Every section of each document, flat, in document order. */
  async sectionsOf(docIds: string[]): Promise<StoredSection[][]> {
    if (docIds.length === 0) return [];
    const rows = await this.graph.read<{ docId: string; sections: StoredSection[] }>(this.q.sectionsOf, {
      docIds,
    });
    return alignBy(
      docIds,
      rows,
      (r) => r.docId,
      (r) => r.sections,
      [],
    );
  }

  async section(id: string): Promise<StoredSection | null> {
    return (await this.sectionsById([id]))[0] ?? null;
  }

  async sectionsById(ids: string[]): Promise<Array<StoredSection | null>> {
    if (ids.length === 0) return [];
    const rows = await this.graph.read<{ section: StoredSection }>(this.q.sectionsById, { ids });
    return alignBy(
      ids,
      rows,
      (r) => r.section.id,
      (r) => r.section,
      null,
    );
  }

  async sectionElements(id: string): Promise<StoredElement[]> {
    return (await this.elementsIn([id]))[0] ?? [];
  }

  /** The elements each section directly contains, in reading order. */
  async elementsIn(sectionIds: string[]): Promise<StoredElement[][]> {
    return this.readEach<StoredElement[]>(this.q.elementsIn, sectionIds, 'elements', []);
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
