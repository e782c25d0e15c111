import type { AnswerElement } from './extractive-answer';
import { ExtractiveAnswerer } from './extractive-answer';
import type { SearchResult } from './retrieve.types';
import { pageHit, searchResult } from './testing/search-builders';

// Invented page contents in the shapes Folio stores (a table's grid in `description`).
const el = (
  pageNumber: number,
  i: number,
  kind: string,
  text: string,
  description: string | null = null,
) => ({
  docId: 'd',
  pageNumber,
  elementId: `p${pageNumber}-e${i}`,
  kind,
  text,
  description,
  bbox: [50, 100 + 40 * i, 550, 130 + 40 * i] as AnswerElement['bbox'],
});

const searchOf = (pages: Array<[number, number]>, reranked = true): SearchResult =>
  searchResult({
    reranked,
    pages: pages.map(([pageNumber, score]) => pageHit(pageNumber, { score, reason: 'rerank' })),
  });

const incomeStatement = [
  '| (in millions) | 2016 |  | 2015 |  | 2014 |',
  '| --- | --- | --- | --- | --- | --- |',
  '| Revenue ........ $ | 5,854.4 | $ | 4,795.5 | $ | 4,147.1 |',
  '| Research and development | 975.9 |  | 862.7 |  | 844.4 |',
  '| Sales and marketing | 1,910.2 |  | 1,683.2 |  | 1,652.3 |',
].join('\n');

const page7 = [
  el(7, 0, 'page-header', 'Annual report 2016'),
  el(7, 1, 'heading', 'Operating expenses'),
  el(
    7,
    2,
    'paragraph',
    'Research and development expense increased by $87.4 million compared with the prior year.',
  ),
  el(7, 3, 'table', 'Revenue 5,854.4 ...', incomeStatement),
  el(7, 4, 'page-footer', '5'),
];
const page9 = [
  el(
    9,
    0,
    'paragraph',
    'We employ about 15,706 people in 2016. Our headquarters are in San Jose, California.',
  ),
  el(9, 1, 'paragraph', 'Research facilities are located in India and in the United States.'),
];

describe('ExtractiveAnswerer', () => {
  const answerer = new ExtractiveAnswerer();
  /** The answer from the pages hit, [page number, score] in rank order, reading pages 7 and 9 above. */
  const answerFrom = (
    question: string,
    hits: Array<[number, number]>,
    options?: Parameters<ExtractiveAnswerer['answer']>[3],
  ) =>
    answerer.answer(
      question,
      searchOf(hits),
      hits.flatMap(([n]) => (n === 7 ? page7 : n === 9 ? page9 : [])),
      options,
    );

  it('passes over a sentence that says the opposite of what the question asks', () => {
    const radio = [
      el(3, 0, 'paragraph', 'The rangers use handheld radios for short range communication between huts.'),
      el(3, 1, 'paragraph', 'Satellite phones carry long-distance communication from the ridge.'),
    ];
    const a = answerer.answer(
      'What do the rangers use for long-distance communication?',
      searchOf([[3, 0.9]]),
      radio,
    );
    expect(a.citations[0]).toMatchObject({ elementId: 'p3-e1' });
  });

  /** One page's elements, [kind, text] in reading order. */
  const onePage = (pageNumber: number, elements: Array<[string, string]>) =>
    elements.map(([kind, text], i) => el(pageNumber, i, kind, text));
  it.each<[string, string, Array<[string, string]>, string[]]>([
    [
      'the line after "Produced by:" for "who produced …", whatever else picks the document out',
      'Who produced the plan revised in March 2031?',
      [
        ['heading', 'Edition 4'],
        ['heading', 'Revised March 2031'],
        ['paragraph', 'Produced by:'],
        ['heading', 'Coastal Planning Office'],
      ],
      ['Coastal Planning Office'],
    ],
    [
      'no sentence under the lead line of another number of the series the question names',
      'What is the reading for Module 4?',
      [
        ['paragraph', 'Module 3 reading:'],
        ['list', '• The reading for this module is the harbour case.'],
        ['paragraph', 'Module 4 reading:'],
        ['list', '• Chapter two of the atlas is the reading.'],
      ],
      ['• Chapter two of the atlas is the reading.'],
    ],
    [
      // the next sentence matches only through the head, so it is not quoted beside the definition
      'the sentence after a run-in head, as about what the head names',
      'How does the guide define the rule of echoes?',
      [
        [
          'paragraph',
          'Rule of echoes. Sounds that repeat at a steady beat are heard as one rhythm. Drums show it best.',
        ],
        ['paragraph', 'The rule of echoes rests on the idea of economy, as other rules do.'],
      ],
      ['Sounds that repeat at a steady beat are heard as one rhythm.'],
    ],
  ])('quotes %s', (_, question, elements, quoted) => {
    const a = answerer.answer(question, searchOf([[2, 0.9]]), onePage(2, elements));
    expect(a.quoted.map((u) => u.text)).toEqual(quoted);
  });

  it('answers from a table cell with its row and column labels, cited to the table and its printed page', () => {
    const a = answerFrom('What was the research and development expense in FY2015?', [
      [7, 0.9],
      [9, 0.4],
    ]);
    expect(a.answerable).toBe(true);
    expect(a.answer).toBe('Research and development, 2015: 862.7 [p. 7, printed page 5]');
    expect(a.citations).toHaveLength(1);
    expect(a.citations[0]).toMatchObject({
      pageNumber: 7,
      elementId: 'p7-e3',
      quote: 'Research and development, 2015: 862.7',
    });
  });

  it("keeps a currency sign with its number, under the number's own column", () => {
    const a = answerFrom('What was revenue in 2015?', [[7, 0.9]]);
    expect(a.answer).toMatch(/^Revenue, 2015: \$4,795\.5 \[p\. 7/);
    // the sign left in the row label's cell is dropped from the label, not glued to the next column
    expect(answerFrom('What was revenue in 2016?', [[7, 0.9]]).answer).toMatch(/^Revenue, 2016: 5,854\.4 \[/);
  });

  it('quotes one whole sentence with its number kept whole, and nothing from other pages', () => {
    const a = answerFrom('How many people does the company employ?', [
      [9, 0.8],
      [7, 0.6],
    ]);
    expect(a.answer).toBe('We employ about 15,706 people in 2016. [p. 9]');
    expect(a.citations.map((c) => c.elementId)).toEqual(['p9-e0']);
  });

  it('quotes several places only when the question asks for several things', () => {
    const a = answerFrom('List the locations of the research facilities and the headquarters.', [[9, 0.8]]);
    expect(a.citations.map((c) => c.elementId)).toEqual(['p9-e1', 'p9-e0']);
  });

  it('says "Not answerable" when no sentence shares a word with the question, and why', () => {
    const a = answerFrom('Which football club did the chief executive support as a child?', [[9, 0.01]]);
    expect(a).toMatchObject({ answer: 'Not answerable', answerable: false, format: 'None', citations: [] });
    expect(answerFrom('anything', []).analysis).toBe('No page matched the question.');
  });

  // The document's pages as stored (a page's text holds its tables' cells too).
  const documentPages = [...page7, ...page9].map((e) => ({
    docId: 'd',
    pageNumber: e.pageNumber,
    text: `${e.text}\n${e.description ?? ''}`,
  }));

  it('says "Not answerable" below the threshold: the question names a year the document never mentions', () => {
    const asked = 'What was the research and development expense in FY2015?';
    const answerable = answerer.compose(asked, searchOf([[7, 0.9]]), page7, { documentPages });
    const lacking = answerer.compose(
      'What was the research and development expense in FY2019?',
      searchOf([[7, 0.9]]),
      page7,
      { documentPages },
    );
    expect(lacking.features.missingNumbers).toBe(1);
    expect(answerable.features.missingNumbers).toBe(0);
    expect(lacking.confidence).toBeLessThan(answerable.confidence);
    // a threshold between the two confidences answers one and flags the other, saying why
    const minConfidence = (lacking.confidence + answerable.confidence) / 2;
    expect(answerFrom(asked, [[7, 0.9]], { documentPages, minConfidence }).answer).toBe(
      'Research and development, 2015: 862.7 [p. 7, printed page 5]',
    );
    const flagged = answerFrom('What was the research and development expense in FY2019?', [[7, 0.9]], {
      documentPages,
      minConfidence,
    });
    expect(flagged).toMatchObject({ answer: 'Not answerable', answerable: false });
    expect(flagged.analysis).toMatch(/confidence 0\.\d+, below the 0\.\d+ needed to answer/);
  });

  it('answers below the threshold from strong typed evidence, not when the document lacks what the question names', () => {
    const strict = { documentPages, minConfidence: 0.999 };
    const strong = answerFrom('What was the research and development expense in FY2015?', [[7, 0.9]], strict);
    expect(strong).toMatchObject({ answerable: true, answer: expect.stringContaining('862.7') });
    expect(strong.analysis).toMatch(
      /answered below the 0\.999 threshold: it holds a value of the kind asked/,
    );
    const lacking = answerFrom(
      'What was the research and development expense in FY2019?',
      [[7, 0.9]],
      strict,
    );
    expect(lacking).toMatchObject({ answerable: false, answer: 'Not answerable' });
    // a question asking for no value (a reason) is not rescued by a unit that merely adds words
    const why = answerFrom('Why did research and development expense increase?', [[7, 0.9]], strict);
    expect(why.answerable).toBe(false);
  });

  it('answers a yes/no question with its verdict first, then the sentence that decides it', () => {
    const facilities = searchOf([[9, 0.8]]);
    const yes = answerer.answer('Are research facilities located in India?', facilities, page9, {
      minConfidence: 0,
    });
    expect(yes.answer).toBe('Yes: Research facilities are located in India and in the United States. [p. 9]');
    const noPage = [
      el(9, 0, 'paragraph', 'The company does not have research facilities outside the United States.'),
    ];
    const no = answerer.answer('Does the company have research facilities in India?', facilities, noPage, {
      minConfidence: 0,
    });
    expect(no.answer).toMatch(/^No: The company does not have research facilities/);
  });

  it("prefers the walk's first page when a lower page matches the question only somewhat better", () => {
    const first = [el(3, 0, 'paragraph', 'For solar imaging the observatory fits a hydrogen-alpha filter.')];
    const third = [
      el(
        5,
        0,
        'paragraph',
        'The observatory refractor filter for solar imaging sessions was cleaned, and the log checked.',
      ),
    ];
    const a = answerer.answer(
      'Which filter does the observatory refractor use for solar imaging sessions?',
      searchOf(
        [
          [3, 0.02],
          [4, 0.01],
          [5, 0.01],
        ],
        false,
      ),
      [...first, ...third],
    );
    expect(a.citations.map((c) => c.pageNumber)).toEqual([3]);
  });

  it('shows no printed label when the folio equals the PDF page number', () => {
    const a = answerer.answer(
      'What was revenue in 2016?',
      searchOf([[5, 0.9]]),
      page7.map((e) => ({ ...e, pageNumber: 5 })),
    );
    expect(a.answer).toMatch(/\[p\. 5\]$/);
  });
});
