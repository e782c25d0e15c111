import type { CorpusDocumentRow, DocumentAnalytics, DocumentOverview, PageProfile } from './analytics.types';
import { fmt } from './html-text';

/** The hub-page table's columns after the page number, shared by the HTML report and `folio analyze`. */
export const HUB_PAGE_COLUMNS = [
  'degree',
  'NEXT_PAGE',
  'SIMILAR_TO',
  'refers out',
  'referred in',
  'tables',
  'figures',
  'charts',
];

export function hubPageRow(p: PageProfile): number[] {
  return [
    p.pageNumber,
    p.degree,
    p.nextPage,
    p.similar,
    p.refersOut,
    p.refersIn,
    p.tables,
    p.figures,
    p.charts,
  ];
}

/** Captions and cross-references: uncaptioned visuals, orphan captions, references, per page, per 100, dangling. */
export function captionReferenceRow(a: Pick<DocumentAnalytics, 'captions' | 'crossReferences'>): number[] {
  const x = a.crossReferences;
  return [
    a.captions.uncaptioned.length,
    a.captions.orphanCaptions.length,
    x.references,
    x.perPage,
    x.per100Elements,
    x.dangling,
  ];
}

/** A document's overview row; `share` formats the OCR percentage as the report in hand formats decimals. */
export function overviewRow(
  o: DocumentOverview,
  share: (n: number, digits: number) => string,
): (string | number)[] {
  const ocr = `${o.ocrPages} (${share(100 * o.ocrShare, 1)} %)`;
  return [
    o.pageCount,
    ocr,
    o.elements,
    o.sections,
    o.tables,
    o.figures,
    o.charts,
    o.nextPageEdges,
    o.similarEdges,
  ];
}

/** The corpus table (one row a document), shared by the HTML report and `folio analyze --all`. */
export const CORPUS_COLUMNS = [
  'file',
  'pages',
  'OCR %',
  'elements',
  'sections',
  'depth',
  'visuals',
  'uncaptioned',
  'refs/page',
  'SIMILAR_TO',
];

export function corpusRow(d: CorpusDocumentRow): (string | number)[] {
  return [
    d.fileName ?? d.docId,
    d.pageCount,
    fmt(100 * d.ocrShare, 1),
    d.elements,
    d.sections,
    d.maxDepth,
    d.visuals,
    d.uncaptioned,
    d.referencesPerPage,
    d.similarEdges,
  ];
}
