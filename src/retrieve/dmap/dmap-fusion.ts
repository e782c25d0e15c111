import type { ElementEvidence } from '../retrieve.types';

// DMAP's pure parts: the tri-path union and how reflective answering merges what an expansion found.

export type DmapPath = 'structure' | 'text' | 'visual';

export interface PathPage {
  docId: string;
  pageNumber: number;
  score: number;
  elements: ElementEvidence[];
  /** What placed the page on its path (e.g. "section-title: Results", "hybrid"). */
  detail: string;
}

export interface FusedPage {
  docId: string;
  pageNumber: number;
  /** Sum over the paths that found the page of weight / (rrfK + rank). */
  score: number;
  /** The paths that found it, best first. */
  paths: Array<{ path: DmapPath; rank: number; detail: string }>;
  elements: ElementEvidence[];
}

const key = (p: { docId: string; pageNumber: number }) => `${p.docId}\u0000${p.pageNumber}`;

/**
 * Weight of each DMAP path's reciprocal rank in the union: at equal weight the structure and visual paths' pages
 * outvoted the text path's (the sweep behind these values: docs/measurements.md, "Moved from code comments"). */
export const DMAP_PATH_WEIGHTS: Readonly<Record<DmapPath, number>> = {
  text: 1,
  structure: 0.25,
  visual: 0.1,
};

/**
 * DMAP's union of paths by weighted reciprocal rank, so agreement between paths counts and no path's score scale
 * dominates. Evidence: the text path's elements, then the visual path's. */
export function fuseByUnion(
  paths: Record<DmapPath, PathPage[]>,
  rrfK: number,
  weights: Readonly<Record<DmapPath, number>> = DMAP_PATH_WEIGHTS,
): FusedPage[] {
  const fused = new Map<string, FusedPage>();
  for (const path of ['text', 'visual', 'structure'] as const) {
    paths[path].forEach((page, rank) => {
      const k = key(page);
      const entry = fused.get(k) ?? {
        docId: page.docId,
        pageNumber: page.pageNumber,
        score: 0,
        paths: [],
        elements: [],
      };
      entry.score += weights[path] / (rrfK + rank + 1);
      entry.paths.push({ path, rank, detail: page.detail });
      const seen = new Set(entry.elements.map((e) => e.elementId));
      entry.elements.push(...page.elements.filter((e) => !seen.has(e.elementId)));
      fused.set(k, entry);
    });
  }
  for (const entry of fused.values()) entry.paths.sort((a, b) => a.rank - b.rank);
  return [...fused.values()].sort(
    (a, b) => b.score - a.score || a.docId.localeCompare(b.docId) || a.pageNumber - b.pageNumber,
  );
}

export interface SupportedPage {
  docId: string;
  pageNumber: number;
  /** Cross-encoder support for the question (0–1). */
  support: number;
}

/**
 * After an expansion round: the pages the answer reads are the current answer pages plus any expanded page that
 * supports the question better than the weakest of them, best first; the rest of the ranking keeps its order.
 * Returns the new answer pages (at most `answerPages`) and the pages they displaced, best first.
 */
export function mergeExpansion<T extends SupportedPage>(
  answer: T[],
  expanded: T[],
  answerPages: number,
): { answer: T[]; displaced: T[] } {
  const weakest = Math.min(...answer.map((p) => p.support));
  const taken = new Set(answer.map(key));
  const better = expanded.filter((p) => !taken.has(key(p)) && p.support > weakest);
  const all = [...answer, ...better].sort((a, b) => b.support - a.support);
  return { answer: all.slice(0, answerPages), displaced: all.slice(answerPages) };
}
