import { FURNITURE_KINDS } from '../answer-units';
import { contentWords, sentences } from '../text-match';
import { yearsAsked } from './evidence-tables';
import { respectivePairs } from './number-choice';
import { numbersIn } from './typed-value';
import {
  type AnswerCandidate,
  type AnswerKind,
  type CandidateSource,
  citationAt,
  typedAnswer,
} from './typed-answer';

// "Advertising expenses were $714.3 million, $533.1 million and $404.0 million for 2015, 2014 and 2013,
// respectively": filings and papers pair a series of values with a series of keys in one sentence. It answers
// the question that names one of the keys, when what the sentence is about is what the question asks for.

const NUMBER_KINDS = new Set<AnswerKind>(['NUMBER', 'PERCENTAGE', 'COUNT']);
/** Share of the subject's words the question must name ("advertising expenses were" → advertising, expenses). */
const MIN_SUBJECT_NAMED = 0.6;
/** Share of the question's words the sentence must hold (the company's name and the format asked may be absent). */
const MIN_QUESTION_HELD = 0.5;
/** Words of a question that ask for a format or a scale, not for a thing the sentence names. */
const FORMAT_WORDS = new Set(
  'answer million thousand billion integer float format round decimal fy fiscal year'
    .split(' ')
    .map((w) => contentWords(w)[0] ?? w),
);

const share = (words: string[], of: Set<string>) =>
  words.length === 0 ? 0 : words.filter((w) => of.has(w)).length / words.length;

/** The place of the key the question names: its one year, else the one key all of whose words it names. */
function keyPlace(question: string, asked: Set<string>, keys: string[], byYear: boolean): number {
  if (byYear) {
    const years = yearsAsked(question);
    return years.length === 1 ? keys.indexOf(String(years[0])) : -1;
  }
  const named = keys
    .map((key, place) => ({ place, words: contentWords(key) }))
    .filter(({ words }) => words.length > 0 && words.every((w) => asked.has(w)));
  return named.length === 1 ? named[0]!.place : -1;
}

/** A percentage answers a percentage question; a count is whole and unitless. */
function fitsKind(kind: AnswerKind, unit: string | null, value: string): boolean {
  if (kind === 'PERCENTAGE') return unit === '%';
  if (kind === 'COUNT') return unit === null && /^\d+$/.test(value);
  return true;
}

export const respectiveSource: CandidateSource = (evidence) => {
  if (!NUMBER_KINDS.has(evidence.kind)) return null;
  const asked = new Set(contentWords(evidence.question).filter((w) => !/\d/.test(w) && !FORMAT_WORDS.has(w)));
  let best: { candidate: AnswerCandidate; score: number } | null = null;
  for (const page of evidence.pages) {
    for (const element of page.elements) {
      if (FURNITURE_KINDS.has(element.kind)) continue;
      for (const sentence of sentences(element.text)) {
        const pairs = respectivePairs(sentence, numbersIn(sentence));
        if (!pairs) continue;
        const place = keyPlace(evidence.question, asked, pairs.keys, pairs.byYear);
        const value = pairs.values[place];
        if (!value || !fitsKind(evidence.kind, value.unit, value.value)) continue;
        const keyWords = new Set(pairs.byYear ? [] : contentWords(pairs.keys[place]!));
        const subject = contentWords(pairs.subject).filter((w) => !/\d/.test(w) && !keyWords.has(w));
        const held = share([...asked], new Set(contentWords(sentence)));
        const named = share(subject, asked);
        if (named < MIN_SUBJECT_NAMED || held < MIN_QUESTION_HELD) continue;
        const score = named + held;
        if (best && score <= best.score) continue;
        const key = pairs.keys[place]!;
        best = {
          score,
          candidate: {
            answer: typedAnswer(
              evidence.kind,
              `${pairs.subject.replace(/\s+(?:was|were|is|are|of|totall?ed|amounted to)$/i, '')} (${key}): ` +
                `${value.printed} [p. ${page.pageNumber}]`,
              {
                value: value.value,
                unit: value.unit,
                scale: evidence.kind === 'COUNT' || value.unit === '%' ? null : (value.scale ?? 'units'),
              },
            ),
            citations: [citationAt(page, element, sentence)],
            analysis:
              `Read from a sentence on p. ${page.pageNumber} (evidence step ${page.step}) that pairs ` +
              `${pairs.values.length} values with ${pairs.keys.join(', ')}, respectively: the value in the place of ${key}.`,
          },
        };
      }
    }
  }
  return best?.candidate ?? null;
};
