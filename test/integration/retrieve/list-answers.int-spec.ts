// Lists read from what a document writes as a list without list markup, on a PDF built here, with the real Neo4j,
// embedder and cross-encoder: a run of titled paragraphs, an enumeration in a sentence, and a typed answer refused
// because the question names something the document never mentions.
import { askedDocument } from '../../support/asked-document';
import type { PdfBlock } from '../../support/make-structured-pdf';

const BOATYARD: PdfBlock[][] = [
  [
    { type: 'heading', text: 'Boatyard handbook' },
    {
      type: 'paragraph',
      text: 'The boatyard sits on the east bank of the estuary and has built small craft since the harbour opened.',
    },
    { type: 'heading', text: 'Workshops' },
    { type: 'paragraph', text: 'Work on every boat passes through three workshops of the boatyard.' },
    { type: 'paragraph', text: 'Hull Shop: frames, planks and fairs every hull before it is sealed.' },
    { type: 'paragraph', text: 'Rigging Loft: cuts the sails and splices the standing rigging.' },
    { type: 'paragraph', text: 'Paint Bay: applies antifouling and varnish in a heated booth.' },
  ],
  [
    { type: 'heading', text: 'Boats we build' },
    {
      type: 'paragraph',
      text: 'The boats built at the yard are dinghies, sea kayaks, open canoes and rowing skiffs. Each is sold with a two-year guarantee.',
    },
    { type: 'paragraph', text: 'Orders are taken at the yard office from March to October.' },
  ],
];

describe('lists without list markup', () => {
  const { ask } = askedDocument('boatyard', BOATYARD);

  it('lists the titles of the titled paragraphs under the lead that names them, each cited with its box', async () => {
    const result = await ask('What workshops does the boatyard have?');
    expect(result.answer).toMatchObject({ kind: 'LIST', items: ['Hull Shop', 'Rigging Loft', 'Paint Bay'] });
    expect(result.format).toBe('List');
    expect(result.citations).toHaveLength(3);
    for (const c of result.citations) {
      expect(c.pageNumber).toBe(1);
      expect(c.bbox).toHaveLength(4);
    }
  });

  it('lists the items a sentence enumerates', async () => {
    const result = await ask('Which boats are built at the yard?');
    expect(result.answer).toMatchObject({
      kind: 'LIST',
      items: ['dinghies', 'sea kayaks', 'open canoes', 'rowing skiffs'],
    });
    expect(result.citations).toEqual([expect.objectContaining({ pageNumber: 2 })]);
  });

  it('refuses a typed answer to a question about a yard the document never mentions', async () => {
    const result = await ask('What workshops does the Nordhavn boatyard have?');
    expect(result).toMatchObject({ answerable: false, format: 'None', citations: [] });
    expect(result.analysis).toMatch(/"nordhavn", which the document never mentions/);
  });
});
