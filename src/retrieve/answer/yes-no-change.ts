import { questionOpening } from '../answer-units';
import { metricFor } from './defined-formula';
import { metricSource } from './metric-source';
import { tableCellSource } from './table-cell-source';
import type { AnswerCandidate, AnswerEvidence } from './typed-answer';
import { typedAnswer } from './typed-answer';

// A yes/no claim of change between two periods ("Did the group grow its fleet between FY20 and FY21?") decided by
// the two cells the evidence's tables hold for it: the same row read in each period's column, the values compared.

const UP = /^(?:increas\w*|grow\w*|grew|rise|rises|rose|risen|improv\w*|expand\w*)$/i;
const DOWN = /^(?:decreas\w*|declin\w*|fall|falls|fell|fallen|drop\w*|shrank|shrunk|shrink\w*|reduc\w*)$/i;
const CHANGE_VERB = String.raw`(increas\w*|grow\w*|grew|rise|rises|rose|risen|improv\w*|expand\w*|decreas\w*|declin\w*|fall|falls|fell|fallen|drop\w*|shrank|shrunk|shrink\w*|reduc\w*)`;
const PERIOD = String.raw`((?:fy\s?|q[1-4]\s+(?:of\s+)?(?:fy\s?)?)?(?:19|20)?\d\d)`;
/** "Did X grow (its) Y between P1 and P2", "Has X increased Y from P1 to P2", "Did Y increase in P2 compared to P1". */
const CLAIMS: RegExp[] = [
  new RegExp(
    String.raw`^\s*(?:did|has|have|had|was|were|is|are)\s+(.+?)\s+${CHANGE_VERB}\b\s*(.*?)\s+(?:between|from)\s+(?:the\s+)?${PERIOD}\b.*?\s(?:and|to)\s+(?:the\s+)?${PERIOD}\b`,
    'i',
  ),
  new RegExp(
    String.raw`^\s*(?:did|has|have|had|was|were|is|are)\s+(.+?)\s+${CHANGE_VERB}\b\s*(.*?)\s+in\s+(?:the\s+)?${PERIOD}\b.*?\s(?:compared (?:to|with)|versus|vs\.?|over|from)\s+(?:the\s+)?${PERIOD}\b`,
    'i',
  ),
];

export interface ChangeClaim {
  /** What changed ("its fleet", "net earnings as a percent of sales"), with the claim's subject. */
  item: string;
  direction: 'up' | 'down';
  /** The two periods as years, earlier first. */
  from: string;
  to: string;
  /** The same periods as the question prints them ("Q2 of FY2022"): a quarter asked reads a quarter's column. */
  printed: { from: string; to: string };
}

/** "FY20" → "2020", "FY2021" → "2021", "Q2 of FY2023" → "2023"; null when no year is read. */
function yearOf(period: string): string | null {
  const m = /(\d{2,4})\s*$/.exec(period);
  if (!m) return null;
  return m[1]!.length === 2 ? `20${m[1]!}` : m[1]!;
}

/** The claim of change a yes/no question makes between two periods, or null when it makes none. */
export function changeClaim(question: string): ChangeClaim | null {
  for (const re of CLAIMS) {
    const m = re.exec(questionOpening(question));
    if (!m) continue;
    const [, subject, verb, object, p1, p2] = m;
    const a = yearOf(p1!);
    const b = yearOf(p2!);
    if (!a || !b || a === b) return null;
    const item = `${subject!} ${object!}`
      .replace(/\b(?:its|their|the)\b/gi, ' ')
      // the abbreviation analysts write for the line statements print in full
      .replace(/\bPP\s?&\s?E\b|\bPPNE\b/gi, 'property, plant and equipment')
      .replace(/\s+/g, ' ')
      .trim();
    const direction = UP.test(verb!) ? 'up' : DOWN.test(verb!) ? 'down' : null;
    if (!direction || item === '') return null;
    const [from, to] = a < b ? [p1!, p2!] : [p2!, p1!];
    return { item, direction, from: a < b ? a : b, to: a < b ? b : a, printed: { from, to } };
  }
  return null;
}

/** The cell the evidence's tables hold for `item` in `period`, read as a number question would be. */
function cellFor(evidence: AnswerEvidence, item: string, period: string) {
  return tableCellSource({ ...evidence, kind: 'NUMBER', question: `What was ${item} in ${period}?` });
}

/** The statement metric `item` names computed for `period` ("its debt": total debt from the balance sheet's lines). */
function metricValue(evidence: AnswerEvidence, item: string, period: string) {
  return metricSource({ ...evidence, kind: 'NUMBER', question: `What was ${item} in ${period}?` });
}

/**
 * The claim's two values: a statement metric the item names when the statements print its inputs for both periods
 * (a total they do not print as a line), else the cells the tables hold for the item.
 */
function valuesFor(evidence: AnswerEvidence, claim: ChangeClaim) {
  const metric = metricFor(`What was ${claim.item}?`);
  if (metric) {
    const before = metricValue(evidence, claim.item, claim.printed.from);
    const after = metricValue(evidence, claim.item, claim.printed.to);
    if (before?.answer.value && after?.answer.value) return { before, after, name: metric.name };
  }
  return {
    before: cellFor(evidence, claim.item, claim.printed.from),
    after: cellFor(evidence, claim.item, claim.printed.to),
    name: null,
  };
}

/** A YES_NO answer to a claim of change from the two cells it names, or null when the tables do not hold both. */
export function changeCandidate(evidence: AnswerEvidence): AnswerCandidate | null {
  if (evidence.kind !== 'YES_NO') return null;
  const claim = changeClaim(evidence.question);
  if (!claim) return null;
  const { before, after, name } = valuesFor(evidence, claim);
  if (!before?.answer.value || !after?.answer.value) return null;
  // both cells must be the same line item: the labels before the column name agree (a metric is one by definition)
  const label = (c: AnswerCandidate) => name ?? c.answer.text.replace(/\s*\(.*$/, '');
  if (label(before) !== label(after)) return null;
  const x = Number(before.answer.value);
  const y = Number(after.answer.value);
  if (!Number.isFinite(x) || !Number.isFinite(y) || x === y) return null;
  const rose = y > x;
  const yes = rose === (claim.direction === 'up');
  const formula = `${after.answer.value} (${claim.to}) ${rose ? '>' : '<'} ${before.answer.value} (${claim.from})`;
  return {
    answer: typedAnswer(
      'YES_NO',
      `${yes ? 'Yes' : 'No'} — ${label(after)} ${rose ? 'rose' : 'fell'}: ${formula}`,
      { value: yes ? 'Yes' : 'No', unit: after.answer.unit, scale: after.answer.scale, formula },
    ),
    citations: [...before.citations, ...after.citations],
    analysis:
      `The claim says ${claim.item} went ${claim.direction} from ${claim.from} to ${claim.to}; the tables hold ` +
      `${formula}. ${before.analysis} ${after.analysis}`,
  };
}
