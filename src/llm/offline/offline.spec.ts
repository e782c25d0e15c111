import { offlineCheck } from './check.offline';
import { offlineDecompose } from './decompose.offline';
import { offlineEvolve } from './evolve.offline';
import { offlineGrade } from './grade.offline';
import { offlineJudge } from './judge.offline';
import { offlinePlan } from './plan.offline';
import { offlineRelevance } from './relevance.offline';
import { offlineSummarise } from './summarise.offline';
import { contentTerms, splitSentences } from './text-stats';

const PAGE =
  'Revenue grew 12% in 2023 to $4.2 billion. Operating costs rose 3%. The board approved a new dividend policy. ' +
  'Revenue growth came mainly from the cloud segment, where revenue doubled.';

describe('text statistics', () => {
  it('drops stopwords and stems plurals and -ing forms', () => {
    expect(contentTerms('What were the revenues of the segments growing?')).toEqual([
      'revenu',
      'segment',
      'grow',
    ]);
  });

  it('keeps decimals and abbreviations inside sentences', () => {
    expect(splitSentences('Costs were 3.5 million. Margins fell.\nNext line')).toEqual([
      'Costs were 3.5 million.',
      'Margins fell.',
      'Next line',
    ]);
  });
});

describe('offline decompose', () => {
  it('keeps the whole question first, then splits at question marks and conjunctions', () => {
    expect(
      offlineDecompose({ question: 'What was revenue in 2023 and how many employees were there?' }),
    ).toEqual({
      subQueries: [
        'What was revenue in 2023 and how many employees were there?',
        'What was revenue in 2023?',
        'how many employees were there?',
      ],
    });
    expect(offlineDecompose({ question: 'Who wrote the report? When was it published?' }).subQueries).toEqual(
      ['Who wrote the report? When was it published?', 'Who wrote the report?', 'When was it published?'],
    );
  });

  it('does not split a noun phrase joined by "and"', () => {
    expect(offlineDecompose({ question: 'What is the ratio of revenue and cost?' }).subQueries).toEqual([
      'What is the ratio of revenue and cost?',
    ]);
  });

  it('respects maxSubQueries', () => {
    expect(
      offlineDecompose({ question: 'A one? B two? C three?', maxSubQueries: 2 }).subQueries,
    ).toHaveLength(2);
  });
});

describe('offline judge and relevance', () => {
  it('judges by lexical overlap with a threshold', () => {
    expect(offlineJudge({ question: 'How much did revenue grow in 2023?', pageText: PAGE }).label).toBe(
      'RELEVANT',
    );
    const irrelevant = offlineJudge({ question: 'Who is the chief medical officer?', pageText: PAGE });
    expect(irrelevant.label).toBe('IRRELEVANT');
    expect(irrelevant.analysis).toMatch(/missing: chief, medical, officer/);
  });

  it('scores relevance as the share of question terms found', () => {
    const reply = offlineRelevance({ question: 'cloud revenue dividend employees', pageText: PAGE });
    expect(reply.score).toBe(0.75);
    expect(reply.reason).toMatch(/3\/4/);
    expect(offlineRelevance({ question: 'what is it?', pageText: PAGE }).score).toBe(0);
  });
});

describe('offline summarise', () => {
  it('keeps the lead sentence plus the top TF-IDF sentences in reading order, with TF-IDF keywords', () => {
    const reply = offlineSummarise({ kind: 'page', text: PAGE, maxSentences: 2, maxKeywords: 3 });
    expect(reply.summary.startsWith('Revenue grew 12% in 2023 to $4.2 billion.')).toBe(true);
    expect(splitSentences(reply.summary)).toHaveLength(2);
    expect(reply.keywords[0]).toBe('revenue');
    expect(reply.keywords).toHaveLength(3);
  });

  it('is deterministic and copes with empty text', () => {
    expect(offlineSummarise({ kind: 'page', text: PAGE })).toEqual(
      offlineSummarise({ kind: 'page', text: PAGE }),
    );
    expect(offlineSummarise({ kind: 'section', text: '', title: 'Intro' })).toEqual({
      summary: 'Intro',
      keywords: [],
    });
  });
});

describe('offline check', () => {
  it('is sufficient when the evidence covers the question’s content words, else lists the gaps', () => {
    const evidence = [{ text: PAGE }];
    expect(offlineCheck({ question: 'How much did cloud revenue double?', evidence })).toEqual({
      sufficient: true,
      gaps: [],
    });
    const gap = offlineCheck({ question: 'How many employees joined the cloud segment?', evidence });
    expect(gap.sufficient).toBe(false);
    expect(gap.gaps).toEqual(['no evidence mentions "employees"', 'no evidence mentions "joined"']);
    expect(offlineCheck({ question: 'cloud revenue', evidence: [] }).sufficient).toBe(false);
  });
});

describe('offline plan, evolve and grade', () => {
  it('plans a single node', () => {
    expect(offlinePlan({ question: ' Why did costs rise? ' })).toEqual({
      nodes: [{ id: 'q1', question: 'Why did costs rise?', dependsOn: [], depth: 1 }],
    });
  });

  it('evolves nothing', () => {
    const node = { id: 'e1', summary: 's', keywords: ['k'] };
    expect(offlineEvolve({ node, neighbours: [{ id: 'e2', summary: 't', keywords: [] }] })).toEqual({
      summary: 's',
      keywords: ['k'],
      links: [],
    });
  });

  it('grades by containment, numbers and token F1', () => {
    expect(
      offlineGrade({ question: 'q', reference: '$4.2 billion', candidate: 'It was $4.2 billion.' }).verdict,
    ).toBe('correct');
    expect(offlineGrade({ question: 'q', reference: '4,200', candidate: 'about 4200 units' }).verdict).toBe(
      'correct',
    );
    expect(
      offlineGrade({
        question: 'q',
        reference: 'cloud and storage segments',
        candidate: 'the cloud segments',
      }).verdict,
    ).toBe('partial');
    expect(offlineGrade({ question: 'q', reference: 'Paris', candidate: 'Not answerable' }).verdict).toBe(
      'wrong',
    );
  });
});
