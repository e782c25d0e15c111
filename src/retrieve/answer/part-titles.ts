import { escapeRegExp } from '../../common/reg-exp';
import type { DocumentPageText } from '../answerability';
import { type NumberedLabel, numberedLabels } from './numbered-labels';
import { listAnswer, typedAnswer } from './typed-answer';
import type { DocumentAnswer } from './whole-document-answers';

// "What are the names of Unit 1 and Unit 2?", "What is Chapter 4 called?": a labelled part's title is the rest of
// the line its label opens ("UNIT 1: Understanding Economic Systems"), as the part's heading and the contents list
// print it; the first such line in page order answers. Figures and tables are titled by captions
// (caption-title-source.ts), so they are left to it.

/** "the title of Chapter 3", "names of Unit 1 and Unit 2", "the heading of section 2.1". */
const TITLE_OF = /\b(?:titles?|names?|headings?)\s+of\s+(?:the\s+)?(\p{L}{3,})\s+\d/iu;
/** "Chapter 3 is called", "Unit 4 titled". */
const CALLED =
  /\b(\p{L}{3,})\s+\d{1,3}(?:\.\d{1,2})?\s+(?:is\s+|was\s+)?(?:called|named|titled|entitled)\b/iu;
const CAPTIONED = new Set(['figure', 'fig', 'table', 'chart', 'exhibit']);
/** A part title is a heading, not a paragraph: longer lines are sentences that open with a label. */
const MAX_TITLE_WORDS = 14;

export interface PartTitle {
  /** "Unit 1", as the question names it. */
  label: string;
  title: string;
  pageNumber: number;
  /** The line that prints it, as the citation quotes it. */
  line: string;
}

/** The labelled parts whose titles the question asks for, in its order; none when it asks for something else. */
export function partTitlesAsked(question: string): NumberedLabel[] {
  const series = (TITLE_OF.exec(question) ?? CALLED.exec(question))?.[1]?.toLowerCase();
  if (!series || CAPTIONED.has(series)) return [];
  return numberedLabels(question).filter((l) => series.startsWith(l.series));
}

/** The title a line gives the label, without a contents list's leader dots and page number; null if none. */
function titleOn(line: string, label: NumberedLabel): string | null {
  const opening = new RegExp(
    String.raw`^\s*${escapeRegExp(label.series)}s?\s+${escapeRegExp(label.number)}(?![\d.]*\d)\s*[:.\-–—]?\s+(.+)$`,
    'iu',
  );
  const title = opening
    .exec(line)?.[1]
    ?.replace(/(?:\s*\.{2,}\s*|\s+)\d{1,4}\s*$/u, '')
    .trim();
  // a title opens with a capital ("UNIT 2: Knots"); "Unit 2 is taught in spring" is a sentence
  if (!title || !/^\p{Lu}/u.test(title) || title.split(/\s+/).length > MAX_TITLE_WORDS) return null;
  return title;
}

/** Each asked label's title, from the first line in page order that opens with the label; labels without one left out. */
export function partTitles(pages: readonly DocumentPageText[], asked: NumberedLabel[]): PartTitle[] {
  const ordered = [...pages].sort((a, b) => a.pageNumber - b.pageNumber);
  return asked.flatMap((label) => {
    for (const page of ordered) {
      for (const line of page.text.split('\n')) {
        const title = titleOn(line, label);
        if (title) {
          const name = `${label.series[0]!.toUpperCase()}${label.series.slice(1)} ${label.number}`;
          return [{ label: name, title, pageNumber: page.pageNumber, line: line.trim() }];
        }
      }
    }
    return [];
  });
}

/** The answer without its citations: one title as text, several as a list, each shown with its label and page. */
export function titlesAnswer(found: PartTitle[]): Omit<DocumentAnswer, 'citations'> {
  const shown = found.map((f) => `${f.label}: ${f.title} [p. ${f.pageNumber}]`).join('; ');
  const titles = found.map((f) => f.title);
  return {
    answer:
      found.length === 1 ? typedAnswer('TEXT', shown, { value: titles[0]! }) : listAnswer(titles, shown),
    answerable: true,
    mode: 'graph',
    format: found.length === 1 ? 'String' : 'List',
    analysis: `Read the title printed after each label in the document's text: ${found.map((f) => `${f.label} on p. ${f.pageNumber}`).join(', ')}.`,
  };
}
