// Yes/no answered only from what the evidence states, on a PDF built here, with the real Neo4j, embedder and
// cross-encoder: a claim of change between two years decided by the two cells of a statement row, and a claim
// stated in other words (supported, or contradicted by a change the other way).
import { askedDocument } from '../../support/asked-document';
import type { PdfBlock } from '../../support/make-structured-pdf';

const REPORT: PdfBlock[][] = [
  [
    { type: 'heading', text: 'TIDEWATER FERRIES CONSOLIDATED BALANCE SHEETS', size: 14 },
    {
      type: 'table',
      rows: [
        ['(In millions)', 'December 31, 2023', 'December 31, 2022'],
        ['Cash and cash equivalents', '318', '296'],
        ['Total current assets', '1,140', '1,020'],
        ['Total debt', '2,410', '2,655'],
        ["Total shareholders' equity", '1,905', '1,760'],
      ],
    },
  ],
  [
    { type: 'heading', text: 'Passenger traffic' },
    {
      type: 'paragraph',
      text: 'Passenger numbers on the island routes fell in 2023 after the timetable was cut back for the winter.',
    },
    {
      type: 'paragraph',
      text: 'The harbour terminal welcomed more cruise visitors in 2023 than in any earlier season.',
    },
  ],
];

describe('yes/no from what the evidence states', () => {
  const { ask } = askedDocument('tidewater', REPORT);

  it('decides a claim of change from the row of both years, with the comparison and both cells cited', async () => {
    const result = await ask('Did Tidewater Ferries increase its total debt between 2022 and 2023?');
    expect(result.answer).toMatchObject({
      kind: 'YES_NO',
      value: 'No',
      formula: '2410 (2023) < 2655 (2022)',
    });
    expect(result.citations).toHaveLength(2);
    for (const c of result.citations) {
      expect(c.pageNumber).toBe(1);
      expect(c.bbox).toHaveLength(4);
    }
  });

  it('contradicts a claim whose change a sentence states the other way, and supports one stated in other words', async () => {
    const fell = await ask('Did passenger numbers on the island routes rise in 2023?');
    expect(fell.answer).toMatchObject({ kind: 'YES_NO', value: 'No' });
    expect(fell.citations[0]).toMatchObject({
      pageNumber: 2,
      quote: expect.stringContaining('fell in 2023'),
    });
    const more = await ask('Did the harbour terminal see cruise visitors increase in 2023?');
    expect(more.answer).toMatchObject({ kind: 'YES_NO', value: 'Yes' });
  });
});
