// The caption grammar: how a caption starts ("Figure 3:", "Fig. 3.", "Table 2.", "Chart 1 –") and the canonical
// label it names, shared by layout (which finds captions) and retrieval (which reads the labels questions name).

export const CAPTION_PREFIX =
  /^(figure|fig\.?|table|tab\.|chart|graph|exhibit|diagram|plate|illustration)\s*([A-Z]?\d+(?:[.-]\d+)*[a-z]?|[IVXL]+\b|[A-Z](?=[:.]\s))\s*([:.\-–—|]|\s(?=\p{Lu}))?/iu;

export type CaptionType = 'figure' | 'table' | 'any';

export interface CaptionLabel {
  type: CaptionType;
  /** Canonical label for matching cross-references, e.g. "figure 3", "table 2.1". */
  label: string;
}

export function captionLabel(text: string): CaptionLabel | null {
  const m = CAPTION_PREFIX.exec(text.trim());
  if (!m?.[1] || !m[2]) return null;
  const word = m[1].toLowerCase().replace(/\.$/, '');
  const type: CaptionType =
    word === 'table' || word === 'tab' ? 'table' : word === 'exhibit' ? 'any' : 'figure';
  return { type, label: `${labelWord(word)} ${m[2].toLowerCase()}` };
}

/** Canonical word for a label: Fig/Figure → figure, Tab/Table → table, others as written. */
export function labelWord(word: string): string {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w === 'fig' || w === 'figure') return 'figure';
  if (w === 'tab' || w === 'table') return 'table';
  return w;
}
