// Counts and measures on a PDF built here, with the real Neo4j and embedder: a count the evidence states in words
// ("eleven reservoirs") answers "how many reservoirs", and "how many square kilometres" is a measure read with its
// decimals, not a count of things. Every value is printed in the element its citation names.
import { askedDocument } from '../../support/asked-document';
import type { PdfBlock } from '../../support/make-structured-pdf';

const WATER_BOARD: PdfBlock[][] = [
  [
    { type: 'heading', text: 'The Dunmore water board' },
    {
      type: 'paragraph',
      text: 'The board was founded by the three river towns to share the cost of storage and pumping.',
    },
    {
      type: 'paragraph',
      text: 'Today the board operates eleven upland reservoirs and two pumping stations along the valley.',
    },
  ],
  [
    { type: 'heading', text: 'Catchment' },
    {
      type: 'paragraph',
      text: 'The protected catchment covers about 412.6 square kilometres of moorland and forest.',
    },
  ],
];

describe('counts and measures', () => {
  const { ask } = askedDocument('water-board', WATER_BOARD);

  it('answers a count with the number the evidence prints in words before the counted noun', async () => {
    const result = await ask('How many reservoirs does the water board operate?');
    expect(result.answer).toMatchObject({ kind: 'COUNT', value: '11' });
    expect(result.citations).toEqual([expect.objectContaining({ pageNumber: 1 })]);
    expect(result.citations[0]!.quote).toContain('eleven upland reservoirs');
  });

  it('reads "how many square kilometres" as a measure with its decimals', async () => {
    const result = await ask('How many square kilometres does the protected catchment cover?');
    expect(result.answer).toMatchObject({ kind: 'NUMBER', value: '412.6' });
    expect(result.citations).toEqual([expect.objectContaining({ pageNumber: 2 })]);
  });
});
