import type { CentralPage } from '../analytics/analytics.types';

/** "p. 61" within one document; "<title or id> p. 61" when the rows span several, so a reader can tell them apart. */
export function centralPageRows(
  pages: CentralPage[],
  documentName: (docId: string) => string = (docId) => docId,
): string[][] {
  const several = new Set(pages.map((p) => p.docId)).size > 1;
  return pages.map((p) => [
    several ? `${documentName(p.docId)} p. ${p.pageNumber}` : `p. ${p.pageNumber}`,
    Number.isInteger(p.score) ? String(p.score) : p.score.toFixed(3),
    p.title.slice(0, 70),
  ]);
}
