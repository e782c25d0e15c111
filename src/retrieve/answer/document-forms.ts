import type { DocumentPageText } from '../answerability';
import { contentWords } from '../text-match';
import { lookupFormAsked } from './span-source';
import { countAnswer, typedAnswer } from './typed-answer';
import type { DocumentAnswer } from './whole-document-answers';

// Questions about the e-mail addresses and web links a document prints, found by their form in its text: "What is
// the web link to this paper?" is the first it prints (its own, on the title page or the cover); "How many website
// URLs does the guide have?" counts the distinct ones.

/** The document itself, as a question names it. */
const THIS_DOCUMENT =
  /\b(?:this|the)\s+(?:document|paper|report|article|study|guide|guidebook|brochure|manual|book|booklet|publication|leaflet)\b/i;
/** Words that name the form, the document or where it is printed: a question of only these asks for the document's own. */
const FRAMING = new Set(
  (
    'email e-mail mail address web link url urls doi website site paper article study guide guidebook brochure manual ' +
    'book booklet publication leaflet cover front back first second title print written given contact main total ' +
    'distinct different unique id'
  ).split(' '),
);
/** Verbs of having or showing, stemmed ("contains", "included", "appeared"). */
const HAVING = /^(?:have|contain|present|includ|appear|feature)/;
const COUNTS = /\bhow many\b/i;
const DOI = /\bdoi\b/i;

export interface FormAsked {
  /** "web link", "e-mail address". */
  what: string;
  value: RegExp;
  /** Count the distinct values (a "how many" question), or give the document's own (the first it prints). */
  count: boolean;
}

/** The form whose values the question asks of the whole document; null when it asks anything narrower. */
export function documentFormAsked(question: string): FormAsked | null {
  const form = lookupFormAsked(question);
  if (!form) return null;
  const count = COUNTS.test(question);
  if (!count && !THIS_DOCUMENT.test(question)) return null;
  // "the e-mail of the program lead" names someone: their address is read beside their name (span-source.ts)
  const other = contentWords(question.replace(/\bhow many\b/i, '')).filter(
    (w) => !FRAMING.has(w) && !HAVING.test(w),
  );
  return other.length === 0 ? { what: form.what, value: form.value, count } : null;
}

export interface FormValue {
  value: string;
  pageNumber: number;
}

/** Each distinct value of the form the pages print (trailing punctuation dropped), in page order. */
export function formValues(pages: readonly DocumentPageText[], form: RegExp): FormValue[] {
  const all = new RegExp(form.source, `${form.flags.replace('g', '')}g`);
  const seen = new Map<string, FormValue>();
  for (const page of [...pages].sort((a, b) => a.pageNumber - b.pageNumber)) {
    for (const m of page.text.matchAll(all)) {
      const value = m[0].trim();
      const key = value.toLowerCase().replace(/\/$/, '');
      if (!seen.has(key)) seen.set(key, { value, pageNumber: page.pageNumber });
    }
  }
  return [...seen.values()];
}

export interface FormsFound {
  values: FormValue[];
  /** Whether the values are those of the pages the question names (else of the whole document). */
  onNamedPages: boolean;
}

/**
 * The values that answer: for a count, the distinct ones of the pages the question names (the whole document's
 * when it names none); for the document's own, its DOI or else the first value the named pages print, else the
 * document does (its link may sit on the page after the one a question calls its cover).
 */
export function formsFound(
  asked: FormAsked,
  pages: readonly DocumentPageText[],
  named: ReadonlySet<number>,
): FormsFound {
  const onNamed = formValues(
    pages.filter((p) => named.has(p.pageNumber)),
    asked.value,
  );
  if (asked.count)
    return named.size > 0
      ? { values: onNamed, onNamedPages: true }
      : { values: formValues(pages, asked.value), onNamedPages: false };
  const [values, onNamedPages] =
    onNamed.length > 0 ? [onNamed, true] : [formValues(pages, asked.value), false];
  // a DOI names the document itself; a journal's or publisher's home page printed before it does not
  const own = values.find((v) => DOI.test(v.value)) ?? values[0];
  return { values: own ? [own] : [], onNamedPages };
}

/** The answer without its citations: the document's own value, or the count of distinct values with them listed. */
export function formAnswer(
  asked: FormAsked,
  { values, onNamedPages }: FormsFound,
): Omit<DocumentAnswer, 'citations'> {
  const where = onNamedPages ? 'the pages the question names' : 'the whole document';
  if (!asked.count) {
    const { value, pageNumber } = values[0]!;
    return {
      answer: typedAnswer('TEXT', `${value} [p. ${pageNumber}]`, { value }),
      answerable: true,
      mode: 'graph',
      format: 'String',
      analysis: `The first ${asked.what} printed in ${where}, on p. ${pageNumber}.`,
    };
  }
  const plural = `${asked.what}${asked.what.endsWith('s') ? 'es' : 's'}`;
  const items = values.map((v) => v.value);
  return {
    answer: countAnswer(items, `${items.length} ${plural}: ${items.join(', ')}`, plural),
    answerable: true,
    mode: 'graph',
    format: 'Integer',
    analysis: `Counted the distinct ${plural} printed in ${where}.`,
  };
}
