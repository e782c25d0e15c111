// MMDocIR's layout-level retrieval metric: does a returned element's bbox cover an evidence box? Pure functions.

import type { PageRef } from './metrics';

/** [x0, y0, x1, y1] in PDF points, origin top-left (Folio's bbox and MMDocIR's `bbox_xyxy_pt_topleft`). */
export type Box = readonly [number, number, number, number];

export const LAYOUT_CUTOFFS = [1, 3, 5] as const;
export type LayoutCutoff = (typeof LAYOUT_CUTOFFS)[number];
export type LayoutAtK = Record<LayoutCutoff, number>;

/** One gold evidence region of a question (MMDocIR `extra.layouts`). */
export interface EvidenceBox {
  pageNumber: number;
  bbox: Box;
}

/** One returned element, in the order the strategy ranked it. */
export interface RankedElement extends PageRef {
  bbox: Box;
}

/** IoU at or above which a returned element counts as the evidence region (MMDocIR). */
export const LAYOUT_MIN_IOU = 0.5;
/** Points an element may stick out of an evidence box and still lie "inside" it (rounding in the annotations). */
export const INSIDE_TOLERANCE_PT = 2;

const area = (b: Box) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);

export function intersectionOverUnion(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const union = area(a) + area(b) - inter;
  return union <= 0 ? 0 : inter / union;
}

/** The element lies inside the evidence box (a paragraph of a larger annotated block); empty boxes never do. */
export function liesInside(element: Box, evidence: Box, tolerance = INSIDE_TOLERANCE_PT): boolean {
  return (
    area(element) > 0 &&
    element[0] >= evidence[0] - tolerance &&
    element[1] >= evidence[1] - tolerance &&
    element[2] <= evidence[2] + tolerance &&
    element[3] <= evidence[3] + tolerance
  );
}

export function coversEvidence(element: RankedElement, evidence: EvidenceBox): boolean {
  return (
    element.pageNumber === evidence.pageNumber &&
    (intersectionOverUnion(element.bbox, evidence.bbox) >= LAYOUT_MIN_IOU ||
      liesInside(element.bbox, evidence.bbox))
  );
}

/** Share of the evidence boxes hit by the top k returned elements of the question's own document. */
export function layoutRecall(ranked: RankedElement[], docId: string, evidence: EvidenceBox[]): LayoutAtK {
  if (evidence.length === 0)
    throw new RangeError(
      'layoutRecall needs at least one evidence box (questions without boxes are not scored)',
    );
  const own = ranked.filter((e) => e.docId === docId);
  const at = (k: number) => {
    const top = own.slice(0, k);
    return evidence.filter((box) => top.some((e) => coversEvidence(e, box))).length / evidence.length;
  };
  return { 1: at(1), 3: at(3), 5: at(5) };
}

export interface LayoutSummary {
  /** Questions with evidence boxes, averaged. */
  n: number;
  recall: LayoutAtK;
}

export function summarizeLayout(perQuestion: LayoutAtK[]): LayoutSummary {
  const n = perQuestion.length;
  const mean = (k: LayoutCutoff) => (n === 0 ? 0 : perQuestion.reduce((s, r) => s + r[k], 0) / n);
  return { n, recall: { 1: mean(1), 3: mean(3), 5: mean(5) } };
}
