import type { Citation } from '../retrieve.types';
import { sentences } from '../text-match';
import { cellCitation, evidenceTables, labelWords } from './evidence-tables';
import { columnFor } from './table-cell-source';
import { type AnswerEvidence, citationAt, type CandidateSource, typedAnswer } from './typed-answer';
import { numbersIn } from './typed-value';

// "Which is greater, A or B?": the answer is one of the alternatives the question names, chosen by the value each
// has in the evidence (a table row that names it, or a sentence that states it) compared as the question asks.
// When the evidence gives no value for one of them, or both are equal, nothing is chosen: never a coin flip.

type Direction = 'max' | 'min';

const MORE =
  /\b(?:greater|larger|bigger|more|higher|longer|taller|heavier|faster|most|largest|biggest|highest|greatest|longest|better|best|wider|widest)\b/i;
const LESS =
  /\b(?:less|lesser|smaller|fewer|lower|shorter|lighter|slower|least|smallest|fewest|lowest|shortest|worse|worst|narrower)\b/i;

export interface Alternatives {
  options: [string, string];
  direction: Direction;
  /** The question without its alternatives: what picks the column ("which port handled more cargo in 2020"). */
  rest: string;
}

const clean = (s: string) =>
  s
    .replace(/^\s*(?:the|either|between)\s+/i, '')
    .replace(/["'“”‘’]/g, '')
    .replace(/[?.!]+\s*$/, '')
    .trim();

/** The two alternatives a question names ("…, A or B?", "…, A or B, has more…") and the way they are compared. */
export function alternativesOf(question: string): Alternatives | null {
  const q = question.replace(/\s+/g, ' ').trim();
  const more = MORE.exec(q);
  const less = LESS.exec(q);
  if (!more === !less) return null;
  const direction: Direction = more ? 'max' : 'min';
  const m =
    /[,:?]\s*([^,:?]{1,80}?),?\s+or\s+([^,:?]{1,80}?)\s*(?:\?|$)/i.exec(q) ??
    /,\s*([^,:?]{1,80}?)\s+or\s+([^,:?]{1,80}?),/i.exec(q);
  if (!m) return null;
  const options: [string, string] = [clean(m[1]!), clean(m[2]!)];
  if (
    options.some((o) => labelWords(o).length === 0) ||
    MORE.test(options.join(' ')) ||
    LESS.test(options.join(' '))
  )
    return null;
  return { options, direction, rest: `${q.slice(0, m.index)} ${q.slice(m.index + m[0].length)}`.trim() };
}

/**
 * The options a question offers without a comparison ("Answer 'left' or 'right'", "Is the valve on the inlet or
 * the outlet side?"): the answer is the one the evidence states. Null when it offers none (yes/no is not a choice).
 */
export function offeredOptions(question: string): [string, string] | null {
  const q = question.replace(/\s+/g, ' ').trim();
  const said =
    /\banswer(?: with)?:?\s+["'‘“]?([\w-]+(?: [\w-]+){0,2}?)["'’”]?\s+or\s+["'‘“]?([\w-]+(?: [\w-]+){0,2}?)["'’”]?(?=[\s.?!]|$)/i.exec(
      q,
    ) ?? /\b(?:on|in|at) the (\w+) or (\w+)\b/i.exec(q);
  if (!said) return null;
  const options: [string, string] = [clean(said[1]!), clean(said[2]!)];
  return options.some((o) => /^(?:yes|no)$/i.test(o)) ? null : options;
}

/** The one option a text states (its own words all printed there), or null when it states neither or both. */
export function optionStated(options: [string, string], text: string): string | null {
  const own = distinctWords(options);
  const stated = options.filter((_, i) => holds(text, own[i]!));
  return stated.length === 1 ? stated[0]! : null;
}

/** Each alternative's own words: the words the other does not share ("Europe IPO index" vs "US IPO index"). */
function distinctWords(options: [string, string]): [string[], string[]] {
  const [a, b] = options.map(labelWords) as [string[], string[]];
  const own = (x: string[], y: string[]) => {
    const only = x.filter((w) => !y.includes(w));
    return only.length > 0 ? only : x;
  };
  return [own(a, b), own(b, a)];
}

interface Valued {
  value: number;
  percent: boolean;
  citation: Citation;
  shown: string;
}

const holds = (text: string, words: string[]) => {
  const have = new Set(labelWords(text));
  return words.every((w) => have.has(w));
};

/** The value a table row naming the alternative prints in the column the question names (or its only column). */
function fromTables(evidence: AnswerEvidence, rest: string, mine: string[], other: string[]): Valued | null {
  for (const table of evidenceTables(evidence)) {
    for (const row of table.grid.rows) {
      if (!holds(row.label, mine) || holds(row.label, other)) continue;
      const index = columnFor(rest, table.grid.columns, row.label);
      const cell = index === null ? null : row.values[index];
      const column = index === null ? undefined : table.grid.columns[index];
      if (!cell || !column || cell.amount.dash) continue;
      return {
        value: cell.amount.value,
        percent: row.unit === '%',
        citation: cellCitation(table, row, column.header, cell),
        shown: cell.text,
      };
    }
  }
  return null;
}

/** The number a sentence states next after naming the alternative (before it names the other). */
function fromSentences(evidence: AnswerEvidence, mine: string[], other: string[]): Valued | null {
  const asked = new Set(numbersIn(evidence.question).map((n) => n.value));
  for (const page of evidence.pages) {
    for (const element of page.elements) {
      if (element.kind === 'table') continue;
      for (const sentence of sentences(element.text)) {
        if (!holds(sentence, mine) || !element.text.includes(sentence)) continue;
        const lower = sentence.toLowerCase();
        const at = Math.max(...mine.map((w) => lower.indexOf(w)));
        const otherAt = other.map((w) => lower.indexOf(w, at)).filter((i) => i > at);
        const end = otherAt.length > 0 ? Math.min(...otherAt) : sentence.length;
        const n = numbersIn(sentence).find(
          (x) => x.index > at && x.index < end && !x.isYear && !asked.has(x.value),
        );
        if (!n) continue;
        return {
          value: Number(n.value),
          percent: n.unit === '%',
          citation: citationAt(page, element, sentence),
          shown: n.printed,
        };
      }
    }
  }
  return null;
}

export const choiceSource: CandidateSource = (evidence) => {
  if (evidence.kind === 'LIST' || evidence.kind === 'COUNT') return null;
  const asked = alternativesOf(evidence.question);
  if (!asked) return null;
  const [wordsA, wordsB] = distinctWords(asked.options);
  const read = (mine: string[], other: string[]) =>
    fromTables(evidence, asked.rest, mine, other) ?? fromSentences(evidence, mine, other);
  const a = read(wordsA, wordsB);
  const b = read(wordsB, wordsA);
  if (!a || !b || a.value === b.value || a.percent !== b.percent) return null;
  const aWins = asked.direction === 'max' ? a.value > b.value : a.value < b.value;
  const [winner, loser] = aWins ? [0, 1] : [1, 0];
  const values = [a, b];
  const name = asked.options[winner]!;
  const pages = [...new Set([a, b].map((v) => `p. ${v.citation.pageNumber}`))].join(', ');
  return {
    answer: typedAnswer(
      'NAME',
      `${name} — ${values[winner]!.shown} against ${values[loser]!.shown} (${asked.options[loser]}) [${pages}]`,
      {
        value: name,
        formula: `${values[winner]!.shown} ${asked.direction === 'max' ? '>' : '<'} ${values[loser]!.shown}`,
      },
    ),
    citations: [a.citation, b.citation],
    analysis:
      `The question chooses between "${asked.options[0]}" and "${asked.options[1]}" by the ` +
      `${asked.direction === 'max' ? 'greater' : 'smaller'} value: ${a.shown} and ${b.shown} in the evidence (${pages}).`,
  };
};
