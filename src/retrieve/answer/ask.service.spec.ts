import type { DocumentPageText } from '../answerability';
import { pageText } from './testing/evidence-builders';
import type { RetrieveRepository } from '../retrieve.repository';
import type { RetrieveService } from '../retrieve.service';
import type { DocumentStructure } from '../structure-count';
import { evidenceStep, searchResult } from '../testing/search-builders';
import type { AnswerPipeline } from './answer-pipeline';
import { DocumentVocabularies } from '../document-vocabularies';
import { AskService } from './ask.service';
import { WholeDocumentAnswers } from './whole-document-answers';

/** A walk that judged page 4 irrelevant and page 2 relevant. */
const search = searchResult({
  strategy: 'TRACE',
  steps: [evidenceStep(1, 4, 'IRRELEVANT'), evidenceStep(2, 2, 'RELEVANT')],
});

const caption = (pageNumber: number, text: string) => ({
  elementId: `c${pageNumber}`,
  pageNumber,
  text,
  bbox: null,
});
const structure: DocumentStructure = {
  pageCount: 6,
  captions: [caption(2, 'Table 1: Berths'), caption(4, 'Table 2: Tides'), caption(6, 'Table 3: Fees')],
  regions: [],
  sections: [],
};

/** An AskService over a fake repository: the search above, the answer pipeline never reached. */
function askerOver(repo: Partial<RetrieveRepository>): AskService {
  const graph = repo as RetrieveRepository;
  return new AskService(
    { search: () => Promise.resolve(search) } as unknown as RetrieveService,
    graph,
    {
      answer: () => Promise.reject(new Error('a count never reaches the answer pipeline')),
    } as unknown as AnswerPipeline,
    new WholeDocumentAnswers(graph),
    new DocumentVocabularies(graph),
  );
}

describe('AskService: a count read from the graph', () => {
  const asker = askerOver({ documentStructure: () => Promise.resolve(structure) });

  it('counts the whole document but never cites a page the walk judged irrelevant', async () => {
    const result = await asker.ask('How many tables are in this report?', {
      strategy: 'TRACE',
      scope: { docIds: ['d'] },
    });
    expect(result.answer).toMatchObject({ value: '3', kind: 'COUNT' });
    expect(result.citations.map((c) => [c.pageNumber, c.quote])).toEqual([
      [2, 'Table 1: Berths'],
      [6, 'Table 3: Fees'],
    ]);
  });
});

/** An AskService over a document with no structure to count whose pages hold `texts`, each as one paragraph. */
function askerOverTexts(texts: DocumentPageText[], repo: Partial<RetrieveRepository> = {}): AskService {
  return askerOver({
    documentStructure: () => Promise.resolve(null),
    documentPageTexts: () => Promise.resolve(texts),
    answerPageElements: (pages: Array<{ pageNumber: number }>) =>
      Promise.resolve(
        pages.map(({ pageNumber }) => ({
          docId: 'd',
          pageNumber,
          elementId: `e${pageNumber}`,
          kind: 'paragraph',
          text: texts.find((t) => t.pageNumber === pageNumber)!.text,
          description: null,
          bbox: [0, 0, 10, 10] as [number, number, number, number],
          order: 0,
          cells: null,
        })),
      ),
    ...repo,
  });
}

describe('AskService: how many times a phrase is printed', () => {
  const asker = askerOverTexts(
    [
      pageText(2, 'Harbour Trust minutes. The Harbour Trust met twice.'),
      pageText(4, 'harbour trust fees; the Harbour Trustees (not counted) and Harbour Trust dues.'),
      pageText(5, 'Fees of the Harbour Trust.'),
    ],
    { pageNumbering: () => Promise.resolve({ pageCount: 6, furniture: [] }) },
  );

  it('counts the occurrences on the page the question names', async () => {
    const result = await asker.ask('How many times does "Harbour Trust" appear on page 2?', {
      scope: { docIds: ['d'] },
    });
    expect(result.answer).toMatchObject({ kind: 'COUNT', value: '2', unit: 'times' });
    expect(result.citations.map((c) => c.pageNumber)).toEqual([2]);
  });

  it('counts the whole document when the question names no page, citing no page the walk judged irrelevant', async () => {
    const result = await asker.ask('How many times is the Harbour Trust mentioned in the report?', {
      strategy: 'TRACE',
      scope: { docIds: ['d'] },
    });
    expect(result.answer).toMatchObject({ value: '5' });
    expect(result.citations.map((c) => c.pageNumber)).toEqual([2, 5]);
  });
});

describe('AskService: labelled parts counted over the document', () => {
  const asker = askerOverTexts([
    pageText(1, 'Contents\nAppendix A: Tides 3\nAppendix B: Fees 4'),
    pageText(3, 'Appendix A\nTide tables for the year.'),
    pageText(4, 'Appendix B\nFees; see Appendix F of the old plan.'),
  ]);

  it('counts the labels that open a line, not one only referred to', async () => {
    const result = await asker.ask('How many appendices does the plan have?', { scope: { docIds: ['d'] } });
    expect(result.answer).toMatchObject({ kind: 'COUNT', value: '2', items: ['Appendix A', 'Appendix B'] });
    // each label is cited where it is first printed: the contents list
    expect(result.citations.map((c) => c.pageNumber)).toEqual([1, 1]);
  });
});

describe('AskService: a respelt question', () => {
  it('gives the answer the whole question respelt, with the format instructions the search left out', async () => {
    const asked: string[] = [];
    const respeltSearch = {
      ...search,
      respelling: {
        question: 'What were Netflix advertising expenses in 2015?',
        corrections: [{ from: 'advertsing', to: 'advertising' }],
      },
    };
    const graph = { documentStructure: () => Promise.resolve(null) } as unknown as RetrieveRepository;
    const asker = new AskService(
      { search: () => Promise.resolve(respeltSearch) } as unknown as RetrieveService,
      graph,
      {
        answer: (question: string) => {
          asked.push(question);
          return Promise.resolve({
            answer: {
              text: 'Not answerable',
              kind: 'NUMBER',
              value: null,
              unit: null,
              scale: null,
              items: [],
              formula: null,
            },
            answerable: false,
            mode: 'extractive',
            format: 'None',
            analysis: '',
            citations: [],
            warnings: [],
          });
        },
      } as unknown as AnswerPipeline,
      new WholeDocumentAnswers(graph),
      new DocumentVocabularies(graph),
    );
    await asker.ask('What were Netflix advertsing expenses in 2015? Round to one decimal place.', {
      strategy: 'TRACE',
      scope: { docIds: ['d'] },
    });
    expect(asked).toEqual(['What were Netflix advertising expenses in 2015? Round to one decimal place.']);
  });
});
