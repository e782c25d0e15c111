import type { DocumentPageText } from '../answerability';

// "How many appendices does the report have?": a document's labelled parts (Chapter 3, Appendix C, Unit 8) are
// counted by the distinct labels that open a line of its text, as headings and the contents list print them. A
// label mentioned inside a sentence ("see Chapter 9") does not count, so a part only referred to is not counted.

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
/** Words that may follow the counted noun without narrowing it ("… are there in this report in total?"). */
const FILLER =
  /^(?:\s+(?:are|is|does|do|did|appear|appears|there|in|the|this|that|of|document|report|paper|book|guide|guidebook|manual|course|have|has|contain|contains|included|listed|total|altogether|overall|entire|whole|it))*\s*[?.]?\s*$/i;

/** "… does the plan have?": the document named by any noun. */
const OWNED = /^\s+(?:does|do) (?:the|this|its|their) [\p{L}-]+ (?:have|contain|include)\s*[?.]?\s*$/iu;

/** The part a question counts over the whole document ("appendix"), or null when it counts anything narrower. */
export function partsAsked(question: string): string | null {
  const m = /\bhow many (chapters|appendices|appendixes|annexes|units|parts|modules|lessons)\b(.*)$/i.exec(
    question.replace(/\s+/g, ' '),
  );
  const rest = m?.[2] ?? '';
  return m && (FILLER.test(rest) || OWNED.test(rest)) ? PART_NOUNS[m[1]!.toLowerCase()]! : null;
}

export interface LabelledPart {
  label: string;
  pageNumber: number;
}

/** Each distinct label that opens a line ("Appendix C: SWOT"), with the first page that prints it. */
export function labelledParts(pages: readonly DocumentPageText[], part: string): LabelledPart[] {
  const opening = new RegExp(`^\\s*${part}\\s+(\\d{1,3}|[IVXLC]{1,6}|[A-Z])\\b`, 'gim');
  const first = new Map<string, number>();
  for (const page of [...pages].sort((a, b) => a.pageNumber - b.pageNumber)) {
    for (const m of page.text.matchAll(opening)) {
      const label = m[1]!.toUpperCase();
      if (!first.has(label)) first.set(label, page.pageNumber);
    }
  }
  return [...first].map(([label, pageNumber]) => ({ label, pageNumber }));
}
