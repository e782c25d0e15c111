import type { DocumentPageText } from '../answerability';

// "How many appendices does the report have?": a document's labelled parts (Chapter 3, Appendix C, Unit 8) are
// counted by the distinct labels that open a line of its text, as headings and the contents list print them. A
// label mentioned inside a sentence ("see Chapter 9") does not count, so a part only referred to is not counted.
// Things a document refers to by label (Exhibit P-3, Schedule 2), or any labelled thing the question says is
// "mentioned", are counted by every distinct label the text prints after the noun, series included
// ("Exhibits P-10 and P-11").

const PART_NOUNS: Record<string, string> = {
  chapters: 'chapter',
  appendices: 'appendix',
  appendixes: 'appendix',
  annexes: 'annex',
  units: 'unit',
  parts: 'part',
  modules: 'module',
  lessons: 'lesson',
};
/** Things a document refers to by label rather than opens a line with. */
const REFERENCE_NOUNS: Record<string, string> = {
  exhibits: 'exhibit',
  schedules: 'schedule',
  attachments: 'attachment',
  enclosures: 'enclosure',
};
/** Words that may follow the counted noun without narrowing it ("… are there in this report in total?"). */
const FILLER =
  /^(?:\s+(?:are|is|does|do|did|appear|appears|there|in|the|this|that|of|document|report|paper|book|guide|guidebook|manual|course|have|has|contain|contains|included|listed|mentioned|referred|referenced|cited|to|total|altogether|overall|entire|whole|it))*\s*[?.]?\s*$/i;
/** The question counts what the text mentions, not the parts it is divided into. */
const MENTIONED = /\b(?:mentioned|referred to|referenced|cited)\b/i;

/** "… does the plan have?": the document named by any noun. */
const OWNED = /^\s+(?:does|do) (?:the|this|its|their) [\p{L}-]+ (?:have|contain|include)\s*[?.]?\s*$/iu;

export interface PartsAsked {
  /** The counted noun, singular ("appendix", "exhibit"). */
  part: string;
  /** Count every label the text prints after the noun, not only those opening a line. */
  mentions: boolean;
}

const NOUNS = [...Object.keys(PART_NOUNS), ...Object.keys(REFERENCE_NOUNS)].join('|');

/** What a question counts over the whole document ("appendix"), or null when it counts anything narrower. */
export function partsAsked(question: string): PartsAsked | null {
  const m = new RegExp(`\\bhow many (${NOUNS})\\b(.*)$`, 'i').exec(question.replace(/\s+/g, ' '));
  const rest = m?.[2] ?? '';
  if (!m || !(FILLER.test(rest) || OWNED.test(rest))) return null;
  const noun = m[1]!.toLowerCase();
  const reference = REFERENCE_NOUNS[noun];
  return reference
    ? { part: reference, mentions: true }
    : { part: PART_NOUNS[noun]!, mentions: MENTIONED.test(rest) };
}

export interface LabelledPart {
  label: string;
  pageNumber: number;
}

/** A label after the noun: "3", "C", "IV", "P-12", "10.1". */
const LABEL = String.raw`(?:[A-Z]{1,3}-?)?\d{1,3}(?:\.\d{1,2})?[A-Z]?\b|[IVXLC]{1,6}\b(?!-)|[A-Z]\b(?!-)`;

/** The noun in either case, plural too, with the label (or a series of labels) after it; labels stay upper case. */
function mentionOf(part: string): RegExp {
  const noun = [...part].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
  return new RegExp(String.raw`\b${noun}(?:e?s)?\s+((?:${LABEL})(?:\s*(?:,|and|&)\s*(?:${LABEL}))*)`, 'g');
}

/**
 * Each distinct label with the first page that prints it: labels opening a line ("Appendix C: SWOT"), or with
 * `mentions` every label printed after the noun ("see Exhibits P-10 and P-11").
 */
export function labelledParts(
  pages: readonly DocumentPageText[],
  { part, mentions }: PartsAsked,
): LabelledPart[] {
  const opening = new RegExp(`^\\s*${part}\\s+(\\d{1,3}|[IVXLC]{1,6}|[A-Z])\\b`, 'gim');
  const first = new Map<string, number>();
  for (const page of [...pages].sort((a, b) => a.pageNumber - b.pageNumber)) {
    // a label broken across lines after its hyphen ("P-" / "15") is one label
    const text = mentions ? page.text.replace(/-\s*\n\s*(?=\d)/g, '-') : page.text;
    const labels = mentions
      ? [...text.matchAll(mentionOf(part))].flatMap((m) => m[1]!.match(new RegExp(LABEL, 'g')) ?? [])
      : [...text.matchAll(opening)].map((m) => m[1]!.toUpperCase());
    for (const label of labels) if (!first.has(label)) first.set(label, page.pageNumber);
  }
  return [...first].map(([label, pageNumber]) => ({ label, pageNumber }));
}
