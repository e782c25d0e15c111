// Covers and court captions set titles in spaced capitals, and the text layer gives them as single letters one space
// apart ("S U P E R I O R C O U R T"), with nothing to tell where a word ends. The document is its own dictionary:
// the letters are joined and split back into words it prints elsewhere ("SUPERIOR COURT", "CANADA"); a run it
// prints no words for (grades "A B C D", variables "x y z w") stays as it is.
import type { Segment } from './layout.types';
import { MAX_PARTS, segment } from './ocr-words';

const SPACED = /(?<![\p{L}\p{N}])\p{L}(?: \p{L}){3,}(?![\p{L}\p{N}])/gu;
const WORD = /\p{L}{2,}/gu;

/** Joins the spaced letters of the text-layer segments' text into the words the document prints, in place. */
export function joinSpacedLetters(segments: Segment[]): void {
  const textLayer = segments.filter((s) => s.source === 'text-layer');
  const printed = new Set(textLayer.flatMap((s) => s.text.match(WORD) ?? []).map((w) => w.toLowerCase()));
  const words = (run: string): string => {
    const joined = run.replace(/ /g, '');
    const lower = joined.toLowerCase();
    if (printed.has(lower)) return joined;
    const parts = segment(lower, printed, MAX_PARTS);
    if (!parts) return run;
    let at = 0;
    return parts.map((p) => joined.slice(at, (at += p.length))).join(' ');
  };
  for (const s of textLayer) s.text = s.text.replace(SPACED, words);
}
