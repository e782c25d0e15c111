import { seededRandom } from '../../src/enrich/summary-tree/seeded-random';
import { meanVector } from '../../src/ingest/graph-rows';
import type {
  DocumentGraphRows,
  ElementRow,
  IngestRepository,
  PageRow,
  PassageRow,
} from '../../src/ingest/ingest.repository';

// Synthetic documents for the enrichment benchmark and tests: clustered unit vectors (pages drawn from a few
// topics, elements near their page's topic) written with the ingest repository's own batched UNWIND queries, so
// no embedding model or PDF is needed and ids follow the real scheme (`<doc>:p<n>`, `<doc>:p<n>-e<i>`).

export interface SyntheticDocumentSpec {
  docId: string;
  pages: number;
  elementsPerPage: number;
  dimension: number;
  /** Topics the pages are drawn from (pages of one topic are similar). */
  topics: number;
  seed: number;
  /** Seed of the topic centroids (default `seed`): documents sharing it share topics. */
  topicSeed?: number;
  /** Noise around the topic centroid for a page, and around the page for its elements (defaults 0.5 and 0.6). */
  pageNoise?: number;
  elementNoise?: number;
  /** Element text; default "topic T page P element I". */
  text?: (page: number, element: number, topic: number) => string;
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
}

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  return v.map((x) => x / n);
}

function noisy(base: Float32Array, scale: number, random: () => number): Float32Array {
  const perDim = scale / Math.sqrt(base.length);
  return unit(base.map((x) => x + perDim * gaussian(random)));
}

/** The rows of a synthetic document (pages, elements in reading order, NEXT_ELEMENT pairs). */
export function syntheticRows(spec: SyntheticDocumentSpec): DocumentGraphRows {
  const random = seededRandom(spec.seed);
  const topicRandom = seededRandom(spec.topicSeed ?? spec.seed);
  const centroids = Array.from({ length: spec.topics }, () =>
    unit(Float32Array.from({ length: spec.dimension }, () => gaussian(topicRandom))),
  );
  const pages: PageRow[] = [];
  const elements: ElementRow[] = [];
  const passages: PassageRow[] = [];
  for (let p = 1; p <= spec.pages; p++) {
    const topic = Math.floor(random() * spec.topics);
    const pageBase = noisy(centroids[topic]!, spec.pageNoise ?? 0.5, random);
    const vectors: Float32Array[] = [];
    for (let i = 0; i < spec.elementsPerPage; i++) {
      const v = noisy(pageBase, spec.elementNoise ?? 0.6, random);
      vectors.push(v);
      elements.push({
        id: `${spec.docId}:p${p}-e${i}`,
        pageNumber: p,
        kind: i === 0 ? 'heading' : 'paragraph',
        text: spec.text?.(p, i, topic) ?? `topic ${topic} page ${p} element ${i}`,
        bbox: [0, i * 20, 100, i * 20 + 18],
        order: i,
        readingIndex: elements.length,
        description: null,
        headingLevel: i === 0 ? 2 : null,
        source: 'synthetic',
        cellRows: null,
        cellCols: null,
        cellTexts: null,
        cellBoxes: null,
      });
      // One retrieval unit per element carries its vector (elements carry none).
      passages.push({
        id: `${spec.docId}:p${p}-u${i}`,
        pageNumber: p,
        order: i,
        kind: 'text',
        text: elements[elements.length - 1]!.text,
        elementIds: [`${spec.docId}:p${p}-e${i}`],
        embedding: Array.from(v),
      });
    }
    pages.push({
      id: `${spec.docId}:p${p}`,
      number: p,
      width: 612,
      height: 792,
      text: `synthetic page ${p}`,
      hasTextLayer: true,
      elementCount: spec.elementsPerPage,
      embedding: meanVector(vectors),
      headEmbedding: null, // the enrichment stages do not read it
    });
  }
  const nextElements = elements.slice(1).map((e, i) => ({ from: elements[i]!.id, to: e.id }));
  return {
    pages,
    elements,
    sections: [],
    passages,
    nextElements,
    captions: [],
    sectionElements: [],
    refsToElements: [],
    refsToSections: [],
    refsToPages: [],
  };
}

/** Writes a READY synthetic document through the ingest repository. */
export async function writeSyntheticDocument(
  repo: IngestRepository,
  spec: SyntheticDocumentSpec,
): Promise<void> {
  const rows = syntheticRows(spec);
  await repo.createDocument({
    id: spec.docId,
    title: `Synthetic ${spec.docId}`,
    fileName: `${spec.docId}.pdf`,
    sha256: spec.docId,
    pageCount: spec.pages,
    embeddingModel: 'synthetic',
  });
  await repo.writeGraph(spec.docId, rows);
  await repo.markReady(spec.docId, {
    elementCount: rows.elements.length,
    passageCount: rows.passages.length,
    sectionCount: 0,
    ocrPageCount: 0,
    crossReferenceCount: 0,
    outlineSource: null,
  });
}
