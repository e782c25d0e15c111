import type { TypedAnswer } from '../retrieve/answer/typed-answer';
import type { EvidenceStep } from '../retrieve/evidence-step';
import { evidenceStep, pageHit, searchResult } from '../retrieve/testing/search-builders';
import type { Citation, SearchResult } from '../retrieve/retrieve.types';
import {
  answerTrust,
  type AskedAnswer,
  type CitedElementReader,
  type CitedElementText,
  irrelevantPages,
  quoteGrounded,
  summarizeTrust,
  typedAnswerOf,
} from './answer-trust';

const element = (id: string, text: string, description: string | null = null): CitedElementText => ({
  id,
  text,
  description,
});

/** The graph as a map: what ContentRepository.elementsById would read. */
class MapReader implements CitedElementReader {
  readonly asked: string[][] = [];
  constructor(private readonly elements: CitedElementText[]) {}
  elementsById(ids: string[]): Promise<Array<CitedElementText | null>> {
    this.asked.push(ids);
    return Promise.resolve(ids.map((id) => this.elements.find((e) => e.id === id) ?? null));
  }
}

const step = (pageNumber: number, verdict: EvidenceStep['verdict']): EvidenceStep =>
  evidenceStep(1, pageNumber, verdict, { subQuery: null, score: null, reason: 'test' });

const search = (pages: number[], steps: EvidenceStep[] = []): SearchResult =>
  searchResult({
    strategy: 'TRACE',
    pages: pages.map((pageNumber) => pageHit(pageNumber, { score: 1, reason: 'test' })),
    steps,
  });

const cite = (pageNumber: number, elementId: string | null, quote: string): Citation => ({
  docId: 'd',
  pageNumber,
  elementId,
  bbox: null,
  quote,
  score: 1,
  step: null,
});

/** A sentence answer as results carried it before answers were typed (typedAnswerOf still reads one). */
const sentence = (text: string) => text as unknown as TypedAnswer;

const asked = (over: Partial<AskedAnswer>): AskedAnswer => ({
  answer: sentence('The tide peaks at noon [p. 4]'),
  answerable: true,
  format: 'String',
  citations: [],
  search: search([4, 2, 9]),
  ...over,
});

describe('typedAnswerOf', () => {
  it("reads today's sentence answer as text with no value, and a flagged answer as Not answerable", () => {
    expect(typedAnswerOf(asked({ format: 'Integer', answer: sentence('6 figures') }))).toEqual({
      text: '6 figures',
      kind: 'COUNT',
      value: null,
      unit: null,
      scale: null,
      items: [],
      formula: null,
    });
    expect(typedAnswerOf(asked({ answerable: false, answer: sentence('Not answerable') })).text).toBe(
      'Not answerable',
    );
    expect(typedAnswerOf(asked({ answerable: false, answer: sentence('maybe noon') })).text).toBe(
      'Not answerable: maybe noon',
    );
  });

  it('returns the typed answer a result carries', () => {
    const typed = {
      text: 'Noon',
      kind: 'DATE',
      value: '12:00',
      unit: null,
      scale: null,
      items: [],
      formula: null,
    };
    expect(typedAnswerOf({ ...asked({}), typed } as AskedAnswer)).toBe(typed);
  });
});

describe('quoteGrounded', () => {
  const paragraph = element('e1', 'Ferries leave hourly.\nThe  tide peaks at noon on weekdays.');
  it('finds the quote in the stored text, spacing and case aside, a clipped end dropped', () => {
    expect(quoteGrounded('the tide peaks at noon', paragraph)).toBe(true);
    expect(quoteGrounded('Ferries leave hourly. The tide peaks …', paragraph)).toBe(true);
    expect(quoteGrounded('The tide peaks at midnight', paragraph)).toBe(false);
    expect(quoteGrounded('', paragraph)).toBe(false);
    expect(quoteGrounded('The tide peaks at noon', null)).toBe(false);
  });

  const fares = element(
    't1',
    'Fares 2023 2024',
    '| Route | 2023 | 2024 |\n|---|---|---|\n| North pier | 4.10 | 4.35 |',
  );
  const opened = element(
    't2',
    '',
    '| Berth | Opened: May 2019 |\n|---|---|\n| East quay | closed in winter |',
  );
  const signs = element('t3', '', '| Fees | 2024 |\n|---|---|\n| Mooring | $ | 1,250 |');
  // the table-cell and metric sources quote "row | column: value", the extractive answer "row, column: value"
  it.each([
    ['North pier, 2024: 4.35', true, fares],
    ['North pier, 2024: 4.50', false, fares],
    ['North pier | 2024: 4.35', true, fares],
    ['North pier | 2025: 4.35', false, fares],
    ['East quay, Opened: May 2019: closed in winter', true, opened],
    ['East quay, Opened: May 2019: open all year', false, opened],
    ['Mooring, 2024: $1,250', true, signs],
    ['Mooring, 2024: $1,350', false, signs],
  ])('grounds the cell quoted as %p in the grid it came from: %p', (quote, grounded, table) => {
    expect(quoteGrounded(quote, table)).toBe(grounded);
  });
});

describe('answerTrust', () => {
  const reader = () =>
    new MapReader([element('e4', 'The tide peaks at noon.'), element('e9', 'Tides were higher in 1990.')]);

  it('is grounded when every quote is in its cited element, and reads them all in one call', async () => {
    const r = reader();
    const trust = await answerTrust(
      asked({ citations: [cite(4, 'e4', 'The tide peaks at noon.'), cite(9, 'e9', 'Tides were higher')] }),
      { docId: 'd', evidencePages: [4] },
      r,
    );
    expect(trust).toEqual({
      grounded: true,
      ungroundedQuote: null,
      evidenceInTop3: true,
      citesEvidence: true,
      citesIrrelevant: false,
    });
    expect(r.asked).toEqual([['e4', 'e9']]);
  });

  it('is not grounded with a quote that is not there, a missing element or no citation at all', async () => {
    const gold = { docId: 'd', evidencePages: [4] };
    const invented = await answerTrust(
      asked({ citations: [cite(4, 'e4', 'figure region')] }),
      gold,
      reader(),
    );
    expect(invented).toMatchObject({ grounded: false, ungroundedQuote: 'figure region' });
    const missing = await answerTrust(asked({ citations: [cite(4, 'gone', 'The tide')] }), gold, reader());
    expect(missing.grounded).toBe(false);
    const noElement = await answerTrust(asked({ citations: [cite(4, null, 'The tide')] }), gold, reader());
    expect(noElement.grounded).toBe(false);
    expect((await answerTrust(asked({ citations: [] }), gold, reader())).ungroundedQuote).toBe(
      '(no citation)',
    );
    // "Not answerable" claims nothing; without a reader nothing is measured
    const none = asked({ answerable: false, answer: sentence('Not answerable') });
    expect((await answerTrust(none, gold, reader())).grounded).toBeNull();
    expect((await answerTrust(asked({}), gold, null)).grounded).toBeNull();
  });

  it('knows when the search found evidence the answer did not cite, and pages the walk ruled out', async () => {
    const walk = search(
      [2, 4, 9],
      [step(2, 'RELEVANT'), step(9, 'IRRELEVANT'), step(4, 'IRRELEVANT'), step(4, 'RELEVANT')],
    );
    expect([...irrelevantPages({ search: walk })]).toEqual(['d#9']);
    const trust = await answerTrust(
      asked({ search: walk, citations: [cite(9, 'e9', 'Tides were higher in 1990.')] }),
      { docId: 'd', evidencePages: [4, 5] },
      reader(),
    );
    expect(trust).toMatchObject({ evidenceInTop3: true, citesEvidence: false, citesIrrelevant: true });
    const notFound = await answerTrust(
      asked({ search: search([7, 8, 9, 4]) }),
      { docId: 'd', evidencePages: [4] },
      null,
    );
    expect(notFound.evidenceInTop3).toBe(false); // page 4 is fourth
  });
});

describe('summarizeTrust', () => {
  it('shares over checked answers and over questions whose top 3 held evidence', () => {
    const t = (
      grounded: boolean | null,
      evidenceInTop3: boolean,
      citesEvidence: boolean,
      citesIrrelevant = false,
    ) => ({
      grounded,
      ungroundedQuote: null,
      evidenceInTop3,
      citesEvidence,
      citesIrrelevant,
    });
    expect(
      summarizeTrust([
        { answerable: true, trust: t(true, true, true) },
        { answerable: true, trust: t(false, true, false, true) },
        { answerable: true, trust: t(null, false, false) },
        { answerable: false, trust: t(true, true, false) }, // unanswerable: not in "cites evidence when found"
      ]),
    ).toEqual({
      checked: 3,
      grounded: 2 / 3,
      foundInTop3: 2,
      citesEvidenceWhenFound: 0.5,
      citingIrrelevant: 1,
    });
    expect(summarizeTrust([])).toEqual({
      checked: 0,
      grounded: null,
      foundInTop3: 0,
      citesEvidenceWhenFound: null,
      citingIrrelevant: 0,
    });
  });
});
