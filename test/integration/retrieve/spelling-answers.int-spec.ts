// A question's misspelt words read as the document prints them, on a PDF built here, with the real Neo4j, embedder
// (whose vocabulary says which words are words) and cross-encoder: the value is found, and the answer says how the
// question was read; a word of the language is never changed.
import { askedDocument } from '../../support/asked-document';
import type { PdfBlock } from '../../support/make-structured-pdf';

const FILING: PdfBlock[][] = [
  [
    { type: 'heading', text: 'Harbour Freight Lines annual report' },
    {
      type: 'paragraph',
      text: 'Harbour Freight Lines carries timber and grain between the river ports of the northern coast.',
    },
  ],
  [
    { type: 'heading', text: 'Operating costs' },
    {
      type: 'paragraph',
      text: 'Warehousing costs were $81.2 million, $64.9 million and $58.0 million for the years ended June 30, 2023, 2022 and 2021, respectively.',
    },
    { type: 'paragraph', text: 'Fuel is bought on annual contracts with two suppliers.' },
  ],
];

describe('misspelt questions', () => {
  const { ask } = askedDocument('spelling', FILING);

  it('reads a misspelt word as the document prints it, answers from the sentence it then matches, and says so', async () => {
    const result = await ask('What were the warehousng costs in fiscal 2022? Answer in millions.');
    expect(result.answer).toMatchObject({ kind: 'NUMBER', value: '64.9', unit: 'USD', scale: 'millions' });
    expect(result.citations).toEqual([expect.objectContaining({ pageNumber: 2 })]);
    expect(result.search.trace).toContain(
      'spelling: read "warehousng" as "warehousing" (the document\'s spelling)',
    );
    expect(result.analysis).toContain('"warehousng" as "warehousing"');
  });

  it('leaves a question spelt right as it is', async () => {
    const result = await ask('What were the warehousing costs in fiscal 2021? Answer in millions.');
    expect(result.answer.value).toBe('58');
    expect(result.search.trace.some((t) => t.startsWith('spelling:'))).toBe(false);
  });
});
