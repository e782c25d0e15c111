import type { RetrieveRepository } from '../retrieve.repository';
import { WholeDocumentAnswers } from './whole-document-answers';

// A six-page report whose cover and contents carry no number and whose page 3 prints "1": the pages a reader names
// are the printed ones.
const TEXTS = [
  'Harbour review 2030',
  'Contents',
  'Visit https://harbour.example.org for the tariff.',
  'Berth fees rose by a tenth.',
  'Forms: www.harbour.example.org/forms',
  'Annex tables.',
];
const FOOTERS = [3, 4, 5, 6].map((pageNumber) => ({
  pageNumber,
  kind: 'page-footer',
  text: String(pageNumber - 2),
}));

function answers(footers = FOOTERS, texts = TEXTS): WholeDocumentAnswers {
  const repo = {
    documentStructure: async () => null,
    documentPageTexts: async () => texts.map((text, i) => ({ docId: 'd', pageNumber: i + 1, text })),
    pageNumbering: async () => ({ pageCount: texts.length, furniture: footers }),
    answerPageElements: async (pages: Array<{ pageNumber: number }>) =>
      pages.map(({ pageNumber }) => ({
        docId: 'd',
        pageNumber,
        elementId: `d:p${pageNumber}-e1`,
        kind: 'paragraph',
        text: texts[pageNumber - 1]!,
        description: null,
        bbox: [10, 10, 200, 30],
        cells: null,
        order: 1,
      })),
  } as unknown as RetrieveRepository;
  return new WholeDocumentAnswers(repo);
}

describe('WholeDocumentAnswers: pages that print a form', () => {
  const question = 'Which pages show a website address? List them like ["p1", "p2"].';

  it('names the pages by the numbers printed on them, and the PDF pages beside', async () => {
    const found = (await answers().answer(question, 'd', new Set()))!;
    expect(found.answer).toMatchObject({ kind: 'LIST', items: ['p1', 'p3'] });
    expect(found.answer.text).toBe('a web link appears on printed pages 1, 3 (PDF 3, 5)');
    expect(found.citations.map((c) => c.pageNumber)).toEqual([3, 5]);
  });

  it('names PDF pages when the document prints no page numbers', async () => {
    const found = (await answers([]).answer(question, 'd', new Set()))!;
    expect(found.answer).toMatchObject({ items: ['p3', 'p5'], text: 'a web link appears on pages 3, 5' });
  });

  it('never cites a page the walk judged irrelevant', async () => {
    const found = (await answers().answer(question, 'd', new Set(['d#5'])))!;
    expect(found.citations.map((c) => c.pageNumber)).toEqual([3]);
  });
});

describe('WholeDocumentAnswers: titles of labelled parts', () => {
  const course = ['Ferry crew course', 'Unit 1: Boarding\nUnit 2: Weather limits', 'Unit 3: Engines'];

  it('lists the title each label opens a line with, cited to the element that prints it', async () => {
    const found = (await answers([], course).answer(
      'What are the names of Unit 1 and Unit 3?',
      'd',
      new Set(),
    ))!;
    expect(found.answer).toMatchObject({ kind: 'LIST', items: ['Boarding', 'Engines'] });
    expect(found.answer.text).toBe('Unit 1: Boarding [p. 2]; Unit 3: Engines [p. 3]');
    expect(found.citations.map((c) => c.pageNumber)).toEqual([2, 3]);
  });

  it('answers nothing when a part asked for has no title line', async () => {
    expect(await answers([], course).answer('What is the title of Unit 4?', 'd', new Set())).toBeNull();
  });
});

describe('WholeDocumentAnswers: the links a document prints', () => {
  it('counts the distinct links of the whole document, each cited on its page', async () => {
    const found = (await answers().answer('How many website links does the report have?', 'd', new Set()))!;
    expect(found.answer).toMatchObject({ kind: 'COUNT', value: '2' });
    expect(found.citations.map((c) => c.pageNumber)).toEqual([3, 5]);
  });
});
