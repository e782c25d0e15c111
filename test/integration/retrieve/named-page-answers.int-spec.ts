// Questions that point at a page, on a PDF built here, with the real Neo4j and embedder: a date asked of a named page
// is read on that page (not on the page whose words match the question better) and written in the format asked; a
// named page whose text does not answer says so instead of quoting another page; a phrase's occurrences on a named
// page are counted in its text; the contents list a question names is read first.
import { askedDocument } from '../../support/asked-document';
import type { PdfBlock } from '../../support/make-structured-pdf';

const MINUTES: PdfBlock[][] = [
  [
    { type: 'heading', text: 'Harbour Trust minutes' },
    {
      type: 'paragraph',
      text: 'The dredging contract was signed on 12 March 2018 after the Harbour Trust approved the tender.',
    },
  ],
  [
    { type: 'heading', text: 'Tide gauge report' },
    {
      type: 'paragraph',
      text: 'The Harbour Trust read the new tide gauge on November 3, 2019. The Harbour Trust keeps the readings.',
    },
  ],
  [
    { type: 'heading', text: 'Berth allocation' },
    {
      type: 'paragraph',
      text: 'Berths four to nine are allocated to the ferry operators for the summer season.',
    },
  ],
];

describe('answers to questions that name a page', () => {
  const { ask } = askedDocument('named-page-minutes', MINUTES);

  it('reads the date on the page the question names, in the format it asks for', async () => {
    const result = await ask('Write the date mentioned on page 2 as YYYY-MM-DD.');
    expect(result.answer).toMatchObject({ kind: 'DATE', value: '2019-11-03' });
    expect(result.citations).toEqual([expect.objectContaining({ pageNumber: 2 })]);
    expect(result.citations[0]!.quote).toContain('November 3, 2019');
    expect(result.analysis).toContain('Only the pages the question names were read (p. 2)');
  });

  it('says Not answerable when the named page does not hold what the question asks, quoting no other page', async () => {
    const result = await ask('When was the dredging contract signed, according to page 3?');
    expect(result.answerable).toBe(false);
    expect(result.citations).toEqual([]);
  });

  it('counts how many times the named page prints a phrase', async () => {
    const result = await ask('How many times does "Harbour Trust" appear on page 2?');
    expect(result.answer).toMatchObject({ kind: 'COUNT', value: '2' });
    expect(result.citations.map((c) => c.pageNumber)).toEqual([2]);
  });
});

const HANDBOOK: PdfBlock[][] = [
  [
    { type: 'title', text: 'Ferry operations handbook' },
    { type: 'paragraph', text: 'Issued by the harbour office for the crews of the summer ferries.' },
  ],
  [
    { type: 'heading', text: 'Contents' },
    { type: 'paragraph', text: '1 Boarding the passengers 3' },
    { type: 'paragraph', text: '2 Weather limits for crossings 4' },
    { type: 'paragraph', text: '3 Fuel and maintenance 5' },
  ],
  [
    { type: 'heading', text: 'Boarding the passengers' },
    {
      type: 'paragraph',
      text: 'Crews board passengers by the stern ramp; the chapters after this one cover weather.',
    },
  ],
  [
    { type: 'heading', text: 'Weather limits for crossings' },
    {
      type: 'paragraph',
      text: 'A crossing is cancelled when the wind passes forty knots; the chapter lists the limits.',
    },
  ],
  [
    { type: 'heading', text: 'Fuel and maintenance' },
    {
      type: 'paragraph',
      text: 'Engines are serviced every two hundred hours, as the maintenance chapter explains.',
    },
  ],
];

describe('the contents list a question names', () => {
  const { ask } = askedDocument('named-contents-handbook', HANDBOOK);

  it('is ranked first, and the trace says why', async () => {
    const result = await ask('Which chapters are listed in the table of contents?');
    expect(result.search.pages[0]?.pageNumber).toBe(2);
    expect(result.search.trace.join('\n')).toContain('p. 2 (contents)');
  });
});
