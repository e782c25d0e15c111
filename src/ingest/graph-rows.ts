import type { DocumentModel, ElementKind, LayoutElement } from './document-model';
import type { DocumentGraphRows, ElementRow, Pair, PassageRow, SectionRow } from './ingest.repository';
import type { RetrievalUnit, UnitSourceElement } from './retrieval-units';

// Pure mapping from the in-memory document model to the rows the write queries take. Ids are stable and
// readable: `<docId>:p<page>`, `<docId>:p<page>-e<order>`, `<docId>:s<order>`.

/** Running headers/footers repeat on every page: storing them is faithful, embedding them only adds noise. */
const UNEMBEDDED_KINDS: ReadonlySet<ElementKind> = new Set(['page-header', 'page-footer']);

export const pageId = (docId: string, page: number) => `${docId}:p${page}`;
export const elementId = (docId: string, key: string) => `${docId}:${key}`;
export const sectionId = (docId: string, key: string) => `${docId}:${key}`;
export const passageId = (docId: string, key: string) => `${docId}:${key}`;

/** What each element is embedded as: its section path gives a bare paragraph its context. */
export interface EmbeddingInput {
  elementKey: string;
  text: string;
}

function sectionPathByElement(model: DocumentModel): Map<string, string> {
  const byElement = new Map<string, string>();
  for (const s of model.sections) for (const key of s.elementKeys) byElement.set(key, s.path);
  return byElement;
}

function captionTextByTarget(model: DocumentModel): Map<string, string> {
  const captions = new Map<string, string>();
  for (const e of model.elements) if (e.captionOf) captions.set(e.captionOf, e.text);
  return captions;
}

export interface EmbeddingSource {
  kind: string;
  text: string;
  description: string | null;
  sectionPath: string | null;
  caption: string | null;
}

/** What an element is embedded as (null: not embedded). Shared by ingestion and re-embedding. */
export function embeddingText(e: EmbeddingSource): string | null {
  if (UNEMBEDDED_KINDS.has(e.kind as ElementKind)) return null;
  const parts: string[] = [];
  if (e.sectionPath && e.kind !== 'heading') parts.push(e.sectionPath);
  if (e.caption) parts.push(e.caption);
  parts.push(e.kind === 'table' && e.description ? e.description : e.text);
  const text = parts.join('\n').trim();
  return text || null;
}

/** The texts to embed, one per embeddable element, in reading order. */
export function elementEmbeddingInputs(model: DocumentModel): EmbeddingInput[] {
  const paths = sectionPathByElement(model);
  const captions = captionTextByTarget(model);
  const inputs: EmbeddingInput[] = [];
  for (const e of model.elements) {
    const text = embeddingText({
      kind: e.kind,
      text: e.text,
      description: e.description,
      sectionPath: paths.get(e.key) ?? null,
      caption: captions.get(e.key) ?? null,
    });
    if (text) inputs.push({ elementKey: e.key, text });
  }
  return inputs;
}

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

/** Passage rows for a document's retrieval units and their vectors (same order). */
export function passageRows(docId: string, units: RetrievalUnit[], vectors: Float32Array[]): PassageRow[] {
  return units.map((u, i) => ({
    id: passageId(docId, u.key),
    pageNumber: u.pageNumber,
    order: u.order,
    kind: u.kind,
    text: u.text,
    elementIds: u.elementIds,
    embedding: vectors[i] ? Array.from(vectors[i]) : null,
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

function elementRow(
  docId: string,
  e: LayoutElement,
  readingIndex: number,
  vector: Float32Array | undefined,
): ElementRow {
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
    embedding: vector ? Array.from(vector) : null,
  };
}

/**
 * Builds every row of the document graph. `elementVectors` maps element keys to their vectors,
 * `sectionVectors` section keys to theirs (either may lack entries: those nodes get no vector).
 */
export function buildGraphRows(
  docId: string,
  model: DocumentModel,
  elementVectors: Map<string, Float32Array>,
  sectionVectors: Map<string, Float32Array>,
  passages: PassageRow[] = [],
): DocumentGraphRows {
  const passagePageVectors = pageVectorsFromPassages(passages);
  const elements = model.elements.map((e, i) => elementRow(docId, e, i, elementVectors.get(e.key)));
  const elementsByPage = new Map<number, LayoutElement[]>();
  for (const e of model.elements) {
    const list = elementsByPage.get(e.pageNumber) ?? [];
    list.push(e);
    elementsByPage.set(e.pageNumber, list);
  }

  const pages = model.pages.map((p) => {
    const onPage = elementsByPage.get(p.number) ?? [];
    const elementMean = () =>
      meanVector(
        onPage.map((e) => elementVectors.get(e.key)).filter((v): v is Float32Array => v !== undefined),
      );
    return {
      id: pageId(docId, p.number),
      number: p.number,
      width: p.width,
      height: p.height,
      text: p.text,
      hasTextLayer: p.hasTextLayer,
      elementCount: onPage.length,
      embedding: passagePageVectors.get(p.number) ?? elementMean(),
    };
  });

  const sections: SectionRow[] = model.sections.map((s) => {
    const vector = sectionVectors.get(s.key);
    return {
      id: sectionId(docId, s.key),
      parentId: s.parentKey ? sectionId(docId, s.parentKey) : null,
      title: s.title,
      level: s.level,
      path: s.path,
      order: s.order,
      pageStart: s.pageStart,
      pageEnd: s.pageEnd,
      source: s.source,
      embedding: vector ? Array.from(vector) : null,
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
