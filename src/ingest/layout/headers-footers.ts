// Running headers and footers: text in the top/bottom band of the page that repeats (modulo digits) across pages.
import type { Segment } from './layout.types';

const BAND_FRACTION = 0.1;
const PAGE_NUMBER = /^(page\s*)?(#+|[ivxlcdm]+)(\s*(of|\/)\s*#+)?$|^[-–—]\s*#+\s*[-–—]$/i;

export interface BandPage {
  height: number;
  segments: Segment[];
}

export type BandKind = 'page-header' | 'page-footer';

export function normaliseRunningText(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/** Returns, per page (same order as given), the segments that are running headers or footers. */
export function detectHeadersFooters(pages: BandPage[]): Array<Map<Segment, BandKind>> {
  const bandOf = (segment: Segment, pageHeight: number): BandKind | null => {
    if (segment.bbox[3] <= pageHeight * BAND_FRACTION) return 'page-header';
    if (segment.bbox[1] >= pageHeight * (1 - BAND_FRACTION)) return 'page-footer';
    return null;
  };

  const pagesWithKey = new Map<string, Set<number>>();
  pages.forEach((page, index) => {
    for (const segment of page.segments) {
      const band = bandOf(segment, page.height);
      if (!band) continue;
      const key = `${band}|${normaliseRunningText(segment.text)}`;
      let set = pagesWithKey.get(key);
      if (!set) pagesWithKey.set(key, (set = new Set()));
      set.add(index);
    }
  });

  // Chapter-specific running heads repeat only over their chapter, so a handful of pages is enough.
  const minRepeats = pages.length <= 4 ? 2 : Math.min(3, Math.max(2, Math.ceil(pages.length * 0.25)));
  return pages.map((page) => {
    const found = new Map<Segment, BandKind>();
    for (const segment of page.segments) {
      const band = bandOf(segment, page.height);
      if (!band) continue;
      const normalised = normaliseRunningText(segment.text);
      const repeats = pagesWithKey.get(`${band}|${normalised}`)?.size ?? 0;
      if (PAGE_NUMBER.test(normalised) || (pages.length >= 2 && repeats >= minRepeats))
        found.set(segment, band);
    }
    return found;
  });
}
