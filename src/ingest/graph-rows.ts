import {
  pageFields,
  sectionFields,
  type DocumentModel,
  type LayoutElement,
} from '../document/document-model';
import type { DocumentGraphRows, ElementRow, Pair, PassageRow, SectionRow } from './ingest.repository';
import type { RetrievalUnit, UnitSourceElement } from './retrieval-units';

// Pure mapping from the in-memory document model to the rows the write queries take. Ids are stable and
// readable: `<docId>:p<page>`, `<docId>:p<page>-e<order>`, `<docId>:s<order>`.

export const pageId = (docId: string, page: number) => `${docId}:p${page}`;
export const elementId = (docId: string, key: string) => `${docId}:${key}`;
export const sectionId = (docId: string, key: string) => `${docId}:${key}`;
export const passageId = (docId: string, key: string) => `${docId}:${key}`;

/** The elements as the retrieval-unit builder takes them (ids are graph ids), in reading order. */
export function unitSources(docId: string, model: DocumentModel): UnitSourceElement[] {
  const sectionOf = new Map<string, { key: string; path: string }>();
  for (const s of model.sections) for (const key of s.elementKeys) sectionOf.set(key, s);
  return model.elements.map((e) => {
    const section = sectionOf.get(e.key);
    return {
      id: elementId(docId, e.key),
      pageNumber: e.pageNumber,
      kind: e.kind,
      text: e.text,
      description: e.description,
      sectionId: section ? sectionId(docId, section.key) : null,
      sectionPath: section?.path ?? null,
      captionOf: e.captionOf ? elementId(docId, e.captionOf) : null,
    };
  });
}

/** A vector as the write queries take it (a plain array), or null. */
export const vectorRow = (v: Float32Array | undefined): number[] | null => (v ? Array.from(v) : null);

/** Passage rows for a document's retrieval units and their vectors (same order). */
export function passageRows(docId: string, units: RetrievalUnit[], vectors: Float32Array[]): PassageRow[] {
  return units.map((u, i) => ({
    id: passageId(docId, u.key),
    pageNumber: u.pageNumber,
    order: u.order,
    kind: u.kind,
    text: u.text,
    elementIds: u.elementIds,
    embedding: vectorRow(vectors[i]),
  }));
}

/** A page's vector: the normalised mean of its passages' vectors (pages without passages get none). */
export function pageVectorsFromPassages(passages: PassageRow[]): Map<number, number[]> {
  const byPage = new Map<number, Float32Array[]>();
  for (const p of passages) {
    if (!p.embedding) continue;
    const list = byPage.get(p.pageNumber) ?? [];
    list.push(Float32Array.from(p.embedding));
    byPage.set(p.pageNumber, list);
  }
  const out = new Map<number, number[]>();
  for (const [page, vectors] of byPage) {
    const mean = meanVector(vectors);
    if (mean) out.set(page, mean);
  }
  return out;
}

/** Mean of unit vectors, re-normalised: the coarse page vector TRACE compares pages with. */
export function meanVector(vectors: Float32Array[]): number[] | null {
  const first = vectors[0];
  if (!first) return null;
  const sum = new Float64Array(first.length);
  for (const v of vectors) for (let i = 0; i < v.length; i++) sum[i]! += v[i]!;
  const norm = Math.sqrt(sum.reduce((n, x) => n + x * x, 0));
  if (norm === 0) return null;
  return Array.from(sum, (x) => x / norm);
}

function elementRow(docId: string, e: LayoutElement, readingIndex: number): ElementRow {
  return {
    id: elementId(docId, e.key),
    pageNumber: e.pageNumber,
    kind: e.kind,
    text: e.text,
    bbox: e.bbox,
    order: e.order,
    readingIndex,
    description: e.description,
    headingLevel: e.headingLevel,
    source: e.source,
    cellRows: e.cells?.rows ?? null,
    cellCols: e.cells?.cols ?? null,
    cellTexts: e.cells?.texts ?? null,
    cellBoxes: e.cells?.boxes ?? null,
  };
}

/**
 * Every row of the document graph. Elements carry no vectors: the retrieval units (`passages`) are what is searched,
 * and a page's vector is the mean of its passages'. */
export function buildGraphRows(
  docId: string,
  model: DocumentModel,
  sectionVectors: Map<string, Float32Array>,
  passages: PassageRow[] = [],
  pageHeadVectors: Map<number, Float32Array> = new Map(),
): DocumentGraphRows {
  const passagePageVectors = pageVectorsFromPassages(passages);
  const elements = model.elements.map((e, i) => elementRow(docId, e, i));
  const elementsByPage = new Map<number, LayoutElement[]>();
  for (const e of model.elements) {
    const list = elementsByPage.get(e.pageNumber) ?? [];
    list.push(e);
    elementsByPage.set(e.pageNumber, list);
  }

  const pages = model.pages.map((p) => {
    const onPage = elementsByPage.get(p.number) ?? [];
    return {
      id: pageId(docId, p.number),
      ...pageFields(p),
      elementCount: onPage.length,
      embedding: passagePageVectors.get(p.number) ?? null,
      headEmbedding: vectorRow(pageHeadVectors.get(p.number)),
    };
  });

  const sections: SectionRow[] = model.sections.map((s) => {
    const vector = sectionVectors.get(s.key);
    return {
      id: sectionId(docId, s.key),
      parentId: s.parentKey ? sectionId(docId, s.parentKey) : null,
      ...sectionFields(s),
      source: s.source,
      embedding: vectorRow(vector),
    };
  });

  const nextElements: Pair[] = [];
  for (let i = 1; i < elements.length; i++)
    nextElements.push({ from: elements[i - 1]!.id, to: elements[i]!.id });

  const captions: Pair[] = model.elements
    .filter((e) => e.captionOf)
    .map((e) => ({ from: elementId(docId, e.key), to: elementId(docId, e.captionOf!) }));

  const refsToElements: DocumentGraphRows['refsToElements'] = [];
  const refsToSections: DocumentGraphRows['refsToSections'] = [];
  const refsToPages: DocumentGraphRows['refsToPages'] = [];
  for (const ref of model.crossReferences) {
    const from = elementId(docId, ref.fromKey);
    const t = ref.target;
    switch (t.type) {
      case 'element':
        refsToElements.push({ from, to: elementId(docId, t.key), mention: ref.mention });
        break;
      case 'section':
        refsToSections.push({ from, to: sectionId(docId, t.key), mention: ref.mention });
        break;
      case 'page':
        refsToPages.push({ from, pageNumber: t.pageNumber, mention: ref.mention });
        break;
    }
  }

  return {
    pages,
    elements,
    sections,
    passages,
    nextElements,
    captions,
    sectionElements: model.sections
      .filter((s) => s.elementKeys.length > 0)
      .map((s) => ({
        sectionId: sectionId(docId, s.key),
        elementIds: s.elementKeys.map((k) => elementId(docId, k)),
      })),
    refsToElements,
    refsToSections,
    refsToPages,
  };
}
