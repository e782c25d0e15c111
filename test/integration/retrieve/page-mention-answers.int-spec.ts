// Lists a question asks for in so many words, on a PDF built here, with the real Neo4j, embedder and cross-encoder:
// the pages that print a named code (the whole document, not a search's top pages), written as the question's own
// example, and a series set inside a longer sentence.
import { askedDocument } from '../../support/asked-document';
import type { PdfBlock } from '../../support/make-structured-pdf';

const filler = (topic: string): PdfBlock => ({
  type: 'paragraph',
  text: `This page describes ${topic} at the harbour authority and the work of its staff through the year.`,
});

const HARBOUR: PdfBlock[][] = [
  [
    { type: 'heading', text: 'Harbour authority annual review' },
    {
      type: 'paragraph',
      text: 'The tariff for visiting yachts is set out in Annex B-7 and reviewed each spring.',
    },
  ],
  [filler('dredging of the inner basin')],
  [
    { type: 'heading', text: 'Mooring fees' },
    {
      type: 'paragraph',
      text: 'Fees for long stays follow Annex B-7; older berths still follow Annex B-70.',
    },
  ],
  [
    { type: 'heading', text: 'Pilotage' },
    {
      type: 'paragraph',
      text: 'The authority is based in Leith, and the pilotage service keeps crews stationed in Oban, Mallaig, Ullapool, Stornoway and Tarbert, serving the western isles all year.',
    },
  ],
  [filler('the lighthouse keepers')],
];

describe('lists asked for in so many words', () => {
  const { ask } = askedDocument('harbour', HARBOUR);

  it('lists every page that prints the named code, in the form of the example, each cited with its box', async () => {
    const result = await ask(
      'On which pages is Annex B-7 mentioned? Answer as a list, e.g., ["Page 2", "Page 9"].',
    );
    expect(result.answer).toMatchObject({ kind: 'LIST', items: ['Page 1', 'Page 3'] });
    expect(result.format).toBe('List');
    expect(result.citations.map((c) => c.pageNumber)).toEqual([1, 3]);
    for (const c of result.citations) expect(c.bbox).toHaveLength(4);
  });

  it('lists the items of a series set inside a longer sentence', async () => {
    const result = await ask('Which towns does the pilotage service keep crews in?');
    expect(result.answer).toMatchObject({
      kind: 'LIST',
      items: ['Oban', 'Mallaig', 'Ullapool', 'Stornoway', 'Tarbert'],
    });
    expect(result.citations).toEqual([expect.objectContaining({ pageNumber: 4 })]);
  });
});
