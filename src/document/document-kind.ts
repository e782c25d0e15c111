import type { ParsedPage } from './document-model';

// What a document is, read from its pages' geometry and text layer: a search can narrow the library by it. The same
// rule backfills stored documents (cypher/migrations/039-document-kind.cypher); keep the two in step.

export const DOCUMENT_KINDS = ['TEXT', 'SLIDES', 'SCANNED'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A landscape page (wider than tall by this factor) is a slide; 4:3 is 1.33, A4 landscape 1.41. */
export const SLIDE_ASPECT = 1.2;

/**
 * SLIDES when at least half the pages are landscape (a deck, born-digital or scanned); else SCANNED when at least half
 * have no text layer; else TEXT (reports, papers, filings, manuals).
 */
export function documentKind(
  pages: ReadonlyArray<Pick<ParsedPage, 'width' | 'height' | 'hasTextLayer'>>,
): DocumentKind {
  if (pages.length === 0) return 'TEXT';
  const landscape = pages.filter((p) => p.width >= p.height * SLIDE_ASPECT).length;
  if (landscape * 2 >= pages.length) return 'SLIDES';
  const scanned = pages.filter((p) => !p.hasTextLayer).length;
  return scanned * 2 >= pages.length ? 'SCANNED' : 'TEXT';
}

export function isDocumentKind(value: string): value is DocumentKind {
  return (DOCUMENT_KINDS as readonly string[]).includes(value);
}
