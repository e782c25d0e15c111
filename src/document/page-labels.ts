// Printed page numbers: the number a page's running header or footer shows ("12", "Page 12", "12 | Annual
// report"), mapped to the PDF page that shows it, so "see page 12" resolves to what the reader sees as page 12.
import type { LayoutElement } from './document-model';

const PAGE_NUMBER =
  /^(?:page\s+)?(\d{1,4})(?:\s+of\s+\d+)?$|^(\d{1,4})\s*[|•·–—-]\s|\s[|•·–—-]\s*(\d{1,4})$/i;
/** The printed numbering must agree with the PDF's (a constant offset) on this share of the numbered pages. */
const CONSISTENT_SHARE = 0.6;

/** Printed page number → PDF page number; empty when the document shows no consistent numbering. */
export function printedPageMap(
  elements: ReadonlyArray<Pick<LayoutElement, 'kind' | 'text' | 'pageNumber'>>,
  pageCount: number,
): Map<number, number> {
  const printedOn = new Map<number, number>();
  for (const e of elements) {
    if (e.kind !== 'page-header' && e.kind !== 'page-footer') continue;
    const m = PAGE_NUMBER.exec(e.text.trim());
    const printed = Number(m?.[1] ?? m?.[2] ?? m?.[3]);
    if (Number.isInteger(printed) && printed > 0 && !printedOn.has(e.pageNumber))
      printedOn.set(e.pageNumber, printed);
  }
  const offsets = new Map<number, number>();
  for (const [page, printed] of printedOn)
    offsets.set(page - printed, (offsets.get(page - printed) ?? 0) + 1);
  let offset = 0;
  let votes = 0;
  for (const [o, n] of offsets)
    if (n > votes) {
      offset = o;
      votes = n;
    }
  const out = new Map<number, number>();
  if (printedOn.size < 3 || votes < printedOn.size * CONSISTENT_SHARE) return out;
  // Pages without a printed number (covers, full-page charts) follow the same offset.
  for (let page = 1; page <= pageCount; page++) if (page - offset >= 1) out.set(page - offset, page);
  return out;
}
