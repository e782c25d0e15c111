// Short values for name and text answers, on a PDF built here, with the real Neo4j and embedder: the span of the
// sentence that answers (the sentence kept as the answer's text), a contact's e-mail address named by its form, and
// the step a printed flow puts after a named one. Every value is printed in the element its citation names.
import { askedDocument } from '../../support/asked-document';
import type { PdfBlock } from '../../support/make-structured-pdf';

const OBSERVATORY: PdfBlock[][] = [
  [
    { type: 'heading', text: 'The Kestrel Hill observatory' },
    {
      type: 'paragraph',
      text: 'The first reflecting telescope of the society was assembled in the Tannery Street workshop, and later moved to the hill.',
    },
    {
      type: 'paragraph',
      text: 'Visitors are welcome on clear Friday evenings from April to September.',
    },
  ],
  [
    { type: 'heading', text: 'Contacts' },
    {
      type: 'paragraph',
      text: 'Bookings are handled by Orla Fenwick and outreach by Piet Maas. Write to ofenwick@kestrelhill.example or pmaas@kestrelhill.example.',
    },
    { type: 'heading', text: 'How a night of observing runs' },
    { type: 'paragraph', text: 'Planning > Alignment > Imaging > Calibration > Archiving' },
  ],
];

describe('short values for name and text answers', () => {
  const { ask } = askedDocument('observatory', OBSERVATORY);

  it('answers a where-question with the place the sentence names, the sentence kept as the text', async () => {
    const result = await ask('Where was the first reflecting telescope of the society assembled?');
    expect(result.answer).toMatchObject({ kind: 'NAME', value: 'Tannery Street workshop' });
    expect(result.answer.text).toContain('assembled in the Tannery Street workshop');
    expect(result.citations).toEqual([expect.objectContaining({ pageNumber: 1 })]);
    expect(result.citations[0]!.quote).toContain('Tannery Street workshop');
  });

  it('reads the e-mail address of the person the question names, cited with the sentence that prints it', async () => {
    const result = await ask('What is the e-mail address of Piet Maas?');
    expect(result.answer).toMatchObject({ kind: 'TEXT', value: 'pmaas@kestrelhill.example' });
    expect(result.citations).toEqual([expect.objectContaining({ pageNumber: 2 })]);
    expect(result.citations[0]!.quote).toContain('pmaas@kestrelhill.example');
  });

  it('reads the step the printed flow puts after the one the question names', async () => {
    const result = await ask('What comes after Imaging in a night of observing?');
    expect(result.answer.value).toBe('Calibration');
    expect(result.citations).toEqual([expect.objectContaining({ pageNumber: 2 })]);
  });
});
