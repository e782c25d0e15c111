// Captions ("Figure 3:", "Fig. 3.", "Table 2.", "Chart 1 –") and the figure/table/chart each one belongs to.
import type { LayoutElement } from '../../document/document-model';
import { captionLabel, captionPrefix } from '../../document/caption-grammar';
import { horizontalOverlap } from './layout.types';

/**
 * A block is a caption when it starts with a caption label followed by a separator ("Figure 3:"), or when the
 * label is set apart typographically (bold, or a smaller font) — "Table 2 shows…" in body text is not a caption.
 */
export function looksLikeCaption(
  text: string,
  fontSize: number,
  boldStart: boolean,
  bodyFontSize: number,
): boolean {
  const prefix = captionPrefix(text.trim());
  if (!prefix) return false;
  if (text.length > 1200) return false;
  // "Exhibit 10.1 to the Company's Current Report …" lists another filing's exhibit; it captions nothing here.
  if (/^exhibits?\s+[\d.]+\s+to\b/i.test(text.trim())) return false;
  // Punctuation marks a caption; a label before a capitalised title may still open a paragraph ("Table 2 Revenue …").
  if (prefix.separator !== null && prefix.separator !== ' ') return true;
  return boldStart || fontSize < bodyFontSize * 0.95 || text.split(/\s+/).length <= 20;
}

/** Sets `captionOf` on caption elements: the nearest matching float on the same page, above or below. */
export function linkCaptions(elements: LayoutElement[]): void {
  const floats = elements.filter((e) => e.kind === 'figure' || e.kind === 'chart' || e.kind === 'table');
  const taken = new Set<string>();
  for (const caption of elements) {
    if (caption.kind !== 'caption') continue;
    const label = captionLabel(caption.text);
    if (!label) continue;
    let best: LayoutElement | null = null;
    let bestDistance = Infinity;
    for (const target of floats) {
      if (target.pageNumber !== caption.pageNumber || taken.has(target.key)) continue;
      if (label.type === 'table' && target.kind !== 'table') continue;
      if (label.type === 'figure' && target.kind === 'table') continue;
      const above = caption.bbox[1] - target.bbox[3];
      const below = target.bbox[1] - caption.bbox[3];
      const vertical = Math.max(0, above, below);
      const side = horizontalOverlap(caption.bbox, target.bbox) > 0 ? 0 : 150;
      const distance = vertical + side;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = target;
      }
    }
    if (best) {
      caption.captionOf = best.key;
      taken.add(best.key);
    }
  }
}
