// Some PDFs set a word's last letter a little apart ("Statement of Incom e", "Balance Shee t"): the gap is wider than
// a word space, so the line reads as two words and neither the title nor the search finds "income". The document is
// its own dictionary: a lone lower-case letter is joined to the word before it when the document prints the joined
// word elsewhere and never prints the stub on its own ("table e" of a small-caps caption and "log p" stay apart).
import type { Segment } from './layout.types';

const WORD = /\p{L}+/gu;
const SPLIT_LETTER = /(?<!\p{L})(\p{L}{2,}) (\p{Ll})(?!\p{L})/gu;

/** Joins split-off last letters in the text-layer segments' text, in place. */
export function joinSplitLetters(segments: Segment[]): void {
  const printed = new Map<string, number>();
  const stubs = new Map<string, number>();
  const textLayer = segments.filter((s) => s.source === 'text-layer');
  for (const segment of textLayer) {
    for (const w of segment.text.match(WORD) ?? [])
      printed.set(w.toLowerCase(), (printed.get(w.toLowerCase()) ?? 0) + 1);
    for (const m of segment.text.matchAll(SPLIT_LETTER))
      stubs.set(m[1]!.toLowerCase(), (stubs.get(m[1]!.toLowerCase()) ?? 0) + 1);
  }
  // printed only where a letter was split off it: the stub is no word of the document
  const isStub = (head: string) => (printed.get(head) ?? 0) === (stubs.get(head) ?? 0);
  for (const segment of textLayer) {
    segment.text = segment.text.replace(SPLIT_LETTER, (whole, head: string, letter: string) =>
      isStub(head.toLowerCase()) && printed.has(`${head}${letter}`.toLowerCase())
        ? `${head}${letter}`
        : whole,
    );
  }
}
