import type { AnswerKind, TypedAnswer } from '../retrieve/answer/typed-answer';
import { ANSWER_KINDS, typedAnswer } from '../retrieve/answer/typed-answer';
import type { AskResult, Citation } from '../retrieve/retrieve.types';
import { saysNotAnswerable } from './answer-value';

// What `folio bench --ask` checks of an answer besides its value: are its quotes in the elements it cites
// (grounded), does it cite an evidence page when its search found one, does it cite a page its walk judged
// irrelevant. Pure functions over an AskResult, plus the reader of the cited elements' stored text.

/** The parts of an ask result the benchmark reads (today's AskResult; a typed answer when it carries one). */
export type AskedAnswer = Pick<AskResult, 'answer' | 'answerable' | 'format' | 'citations' | 'search'> &
  Partial<Pick<AskResult, 'analysis'>>;

const FORMAT_KINDS: Record<AskResult['format'], AnswerKind> = {
  String: 'TEXT',
  Integer: 'COUNT',
  Float: 'NUMBER',
  List: 'LIST',
  None: 'TEXT',
};

function isTypedAnswer(value: unknown): value is TypedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['text'] === 'string' &&
    (ANSWER_KINDS as readonly unknown[]).includes(v['kind']) &&
    Array.isArray(v['items'])
  );
}

/**
 * The answer as a TypedAnswer: the one the result carries (as `typed`, or as `answer` itself), else its sentence
 * with no value, so the strict grader reads the text. Checked at run time so this works before and after the
 * answerer returns typed answers.
 */
export function typedAnswerOf(result: AskedAnswer): TypedAnswer {
  const r: object = result;
  const carried: unknown =
    'typed' in r && r.typed !== undefined && r.typed !== null ? r.typed : result.answer;
  if (isTypedAnswer(carried) && result.answerable) return carried;
  const text = isTypedAnswer(carried) ? carried.text : typeof carried === 'string' ? carried : '';
  // the system's own verdict decides: an answer flagged unanswerable reads as "Not answerable" whatever it says
  return typedAnswer(
    FORMAT_KINDS[result.format],
    result.answerable || saysNotAnswerable(text) ? text : `Not answerable: ${text}`,
  );
}

/** A cited element's stored text, as the graph holds it (a table's grid is its description). */
export interface CitedElementText {
  id: string;
  text: string;
  description: string | null;
}

/** Reads elements by id from the graph, in the order asked, null where none exists (ContentRepository does). */
export interface CitedElementReader {
  elementsById(ids: string[]): Promise<Array<CitedElementText | null>>;
}

const plain = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The quote appears in the element's text or description (case and spacing aside; a clipped quote's "…" dropped).
 * A table cell quoted as "row label, column label: value" (or "row label | column label: value") is grounded when
 * each label and the value appear there.
 */
export function quoteGrounded(quote: string, element: CitedElementText | null): boolean {
  if (element === null) return false;
  const q = plain(quote.replace(/\s*(?:…|\.\.\.)\s*$/, ''));
  if (q === '') return false;
  const sources = [plain(element.text), plain(element.description ?? '')];
  if (sources.some((s) => s.includes(q))) return true;
  // a label may hold ": " itself ("Date of visit: 7 July"), so every ": " is tried as the one before the value;
  // cells are compared without spaces and column bars, as a sign cell joins its value ("| $ | 1,809 |" → "$1,809")
  const squeeze = (t: string) => t.replace(/[\s|]+/g, '');
  const grids = sources.map(squeeze);
  return [...q.matchAll(/: /g)].some(({ index }) => {
    // labels are joined by ", " (the extractive answer) or " | " (the table-cell and metric sources)
    const parts = [...q.slice(0, index).split(/, | \| /), q.slice(index + 2)].map(squeeze).filter(Boolean);
    return grids.some((s) => parts.every((p) => s.includes(p)));
  });
}

export interface AnswerTrust {
  /** Every quote is in its cited element; null when the answer is "Not answerable" or nothing was read. */
  grounded: boolean | null;
  /** The first quote that is not in its element (for the report's readers). */
  ungroundedQuote: string | null;
  /** The answer's own search put an evidence page in its top 3. */
  evidenceInTop3: boolean;
  /** The answer cites an evidence page of the question's document. */
  citesEvidence: boolean;
  /** The answer cites a page its walk judged IRRELEVANT (and never RELEVANT). */
  citesIrrelevant: boolean;
}

export interface GoldPages {
  docId: string;
  evidencePages: number[];
}

const pageKey = (docId: string, pageNumber: number) => `${docId}#${pageNumber}`;

/** Pages that some step judged IRRELEVANT and none judged RELEVANT. */
export function irrelevantPages(result: Pick<AskResult, 'search'>): Set<string> {
  const verdicts = new Map<string, Set<string>>();
  for (const s of result.search.steps ?? []) {
    const key = pageKey(s.docId, s.pageNumber);
    verdicts.set(key, (verdicts.get(key) ?? new Set()).add(s.verdict));
  }
  return new Set(
    [...verdicts].filter(([, v]) => v.has('IRRELEVANT') && !v.has('RELEVANT')).map(([key]) => key),
  );
}

async function groundedness(
  citations: Citation[],
  reader: CitedElementReader,
): Promise<Pick<AnswerTrust, 'grounded' | 'ungroundedQuote'>> {
  if (citations.length === 0) return { grounded: false, ungroundedQuote: '(no citation)' };
  const ids = citations.map((c) => c.elementId).filter((id): id is string => id !== null);
  const elements = ids.length === 0 ? [] : await reader.elementsById(ids);
  const byId = new Map(elements.flatMap((e) => (e ? [[e.id, e] as const] : [])));
  const bad = citations.find((c) => !quoteGrounded(c.quote, byId.get(c.elementId ?? '') ?? null));
  return { grounded: bad === undefined, ungroundedQuote: bad ? bad.quote || '(empty quote)' : null };
}

/** The trust checks of one answer; `reader` null leaves grounded unmeasured. */
export async function answerTrust(
  result: AskedAnswer,
  gold: GoldPages,
  reader: CitedElementReader | null,
): Promise<AnswerTrust> {
  const evidence = new Set(gold.evidencePages.map((p) => pageKey(gold.docId, p)));
  const cited = result.citations.map((c) => pageKey(c.docId, c.pageNumber));
  const irrelevant = irrelevantPages(result);
  const answered = result.answerable && !saysNotAnswerable(typedAnswerOf(result).text);
  const grounding =
    answered && reader !== null
      ? await groundedness(result.citations, reader)
      : { grounded: null, ungroundedQuote: null };
  return {
    ...grounding,
    evidenceInTop3: result.search.pages.slice(0, 3).some((p) => evidence.has(pageKey(p.docId, p.pageNumber))),
    citesEvidence: cited.some((key) => evidence.has(key)),
    citesIrrelevant: cited.some((key) => irrelevant.has(key)),
  };
}

export interface TrustSummary {
  /** Answers whose grounding was checked (answers that answered). */
  checked: number;
  /** Share of checked answers whose every quote is in its cited element; null when none was checked. */
  grounded: number | null;
  /** Answerable questions whose search put an evidence page in the top 3. */
  foundInTop3: number;
  /** Share of those whose answer cites an evidence page; null when none. */
  citesEvidenceWhenFound: number | null;
  /** Answers citing a page the walk judged irrelevant. */
  citingIrrelevant: number;
}

export function summarizeTrust(items: Array<{ answerable: boolean; trust: AnswerTrust }>): TrustSummary {
  const checked = items.filter((i) => i.trust.grounded !== null);
  const found = items.filter((i) => i.answerable && i.trust.evidenceInTop3);
  return {
    checked: checked.length,
    grounded: checked.length === 0 ? null : checked.filter((i) => i.trust.grounded).length / checked.length,
    foundInTop3: found.length,
    citesEvidenceWhenFound:
      found.length === 0 ? null : found.filter((i) => i.trust.citesEvidence).length / found.length,
    citingIrrelevant: items.filter((i) => i.trust.citesIrrelevant).length,
  };
}
