import type { RetrieveRepository } from '../retrieve.repository';
import type { RetrieveService } from '../retrieve.service';
import type { DocumentStructure } from '../structure-count';
import { evidenceStep, searchResult } from '../testing/search-builders';
import type { AnswerPipeline } from './answer-pipeline';
import { AskService } from './ask.service';

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

describe('AskService: a count read from the graph', () => {
  const asker = new AskService(
    { search: () => Promise.resolve(search) } as unknown as RetrieveService,
    { documentStructure: () => Promise.resolve(structure) } as unknown as RetrieveRepository,
    {
      answer: () => Promise.reject(new Error('a count never reaches the answer pipeline')),
    } as unknown as AnswerPipeline,
  );

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
