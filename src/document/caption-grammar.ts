// The caption grammar: how a caption starts ("Figure 3:", "Fig. 3.", "Table 2.", "Chart 1 –") and the canonical
// label it names, shared by layout (which finds captions) and retrieval (which reads the labels questions name).

/** A label in letters ("IV", "C") stands a space apart: the `i` flag, which reads small capitals' "table c:", would
 * take a plural's s for one ("Figs. 3 and 4", "Tables:"). */
const CAPTION_PREFIX =
  /^(figure|fig\.?|table|tab\.|chart|graph|exhibit|diagram|plate|illustration)\s*([A-Z]?\d+(?:[.-]\d+)*[a-z]?|(?<=\s)[IVXL]+\b|(?<=\s)[A-Z](?=[:.]\s))\s*([:.\-–—|])?/iu;

export interface CaptionPrefix {
  /** The label's word as printed: "Figure", "Fig.", "Table". */
  word: string;
  /** Its number: "3", "2.1", "IV", "A". */
  number: string;
  /** What sets the label apart: punctuation (":", "–"), a space before a capitalised title ("Figure 3 Revenue"),
   * or nothing ("Figure 3 shows …"). */
  separator: string | null;
  /** The prefix's length in the text, separator included. */
  length: number;
}

/** The caption label `text` starts with ("Figure 3:", "Fig. 3 Ablation", "Table 2 shows"), or null. */
export function captionPrefix(text: string): CaptionPrefix | null {
  const m = CAPTION_PREFIX.exec(text);
  if (m?.[1] === undefined || m[2] === undefined) return null;
  // A title's capital is checked apart: under the `i` flag \p{Lu} matches lower-case letters too.
  const titled = m[3] === undefined && /\s$/.test(m[0]) && /^\p{Lu}/u.test(text.slice(m[0].length));
  return { word: m[1], number: m[2], separator: m[3] ?? (titled ? ' ' : null), length: m[0].length };
}

export type CaptionType = 'figure' | 'table' | 'any';

export interface CaptionLabel {
  type: CaptionType;
  /** Canonical label for matching cross-references, e.g. "figure 3", "table 2.1". */
  label: string;
}

export function captionLabel(text: string): CaptionLabel | null {
  const prefix = captionPrefix(text.trim());
  if (!prefix) return null;
  const word = prefix.word.toLowerCase().replace(/\.$/, '');
  const type: CaptionType =
    word === 'table' || word === 'tab' ? 'table' : word === 'exhibit' ? 'any' : 'figure';
  return { type, label: `${labelWord(word)} ${prefix.number.toLowerCase()}` };
}

/** Canonical word for a label: Fig/Figure → figure, Tab/Table → table, others as written. */
export function labelWord(word: string): string {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w === 'fig' || w === 'figure') return 'figure';
  if (w === 'tab' || w === 'table') return 'table';
  return w;
}
