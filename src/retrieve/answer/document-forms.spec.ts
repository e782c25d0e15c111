import { documentFormAsked, formAnswer, formsFound, formValues } from './document-forms';

const page = (pageNumber: number, text: string) => ({ docId: 'd', pageNumber, text });
const GUIDE = [
  page(1, 'Harbour walking guide'),
  page(2, 'Edited by the trail office: trails@harbour.example.org\nSee https://harbour.example.org/trails.'),
  page(3, 'Maps: https://harbour.example.org/trails and www.tides.example.com/now'),
];

describe('documentFormAsked', () => {
  it("reads the document's own e-mail address or link, and a count of links", () => {
    expect(documentFormAsked('What is the web link to this paper?')).toMatchObject({
      what: 'web link',
      count: false,
    });
    expect(documentFormAsked('What is the e-mail address in this guide on the cover?')).toMatchObject({
      what: 'e-mail address',
      count: false,
    });
    expect(documentFormAsked('How many website URLs does the guide have?')).toMatchObject({ count: true });
  });

  it('reads none when the question names whose address it is, or names no document', () => {
    expect(documentFormAsked('What is the e-mail address of the trail office in this guide?')).toBeNull();
    expect(documentFormAsked('What is the web link?')).toBeNull();
    expect(documentFormAsked('How many trails does the guide list?')).toBeNull();
  });
});

describe('formsFound and formAnswer', () => {
  const link = documentFormAsked('How many web links does the guide print?')!;

  it('counts the distinct values in page order, a link with and without its trailing slash once', () => {
    expect(formValues(GUIDE, link.value).map((v) => [v.value, v.pageNumber])).toEqual([
      ['https://harbour.example.org/trails', 2],
      ['www.tides.example.com/now', 3],
    ]);
    const found = formsFound(link, GUIDE, new Set());
    expect(formAnswer(link, found).answer).toMatchObject({ kind: 'COUNT', value: '2' });
  });

  it('counts on the pages the question names only', () => {
    const found = formsFound(link, GUIDE, new Set([1]));
    expect(found).toEqual({ values: [], onNamedPages: true });
  });

  it("gives the first value as the document's own, from the whole document when the named page prints none", () => {
    const own = documentFormAsked('What is the e-mail address printed in this guide?')!;
    const found = formsFound(own, GUIDE, new Set([1]));
    expect(formAnswer(own, found)).toMatchObject({
      answer: { kind: 'TEXT', value: 'trails@harbour.example.org' },
      analysis: 'The first e-mail address printed in the whole document, on p. 2.',
    });
  });

  it("takes a DOI link as a paper's own, before a home page printed above it", () => {
    const own = documentFormAsked('What is the web link to this paper?')!;
    const paper = [
      page(1, 'Journal of Tides www.tides.example.com\nhttps://doi.org/10.1000/tides.2031.7 Received 2031'),
    ];
    expect(formAnswer(own, formsFound(own, paper, new Set())).answer.value).toBe(
      'https://doi.org/10.1000/tides.2031.7',
    );
  });
});
