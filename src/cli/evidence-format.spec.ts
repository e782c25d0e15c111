import { emptyCost, type EvidenceStep } from '../retrieve/evidence-step';
import type { SearchResult } from '../retrieve/retrieve.types';
import { formatEvidence } from './evidence-format';

const step = (over: Partial<EvidenceStep> & Pick<EvidenceStep, 'step' | 'pageNumber'>): EvidenceStep => ({
  subQuery: 'What were the results?',
  docId: 'doc',
  via: 'seed',
  fromPage: null,
  hop: 0,
  verdict: 'RELEVANT',
  score: 0.9,
  judge: 'cross-encoder',
  reason: 'cross-encoder 0.900 ≥ 0.5 on "Results"',
  ...over,
});

const result = (over: Partial<SearchResult>): SearchResult => ({
  strategy: 'TRACE',
  reranked: false,
  pages: [],
  timings: [],
  trace: [],
  steps: [],
  warnings: [],
  cost: emptyCost(),
  ...over,
});

describe('formatEvidence', () => {
  it('prints each step with its page, edge, source page, verdict and reason, then the chain and the cost', () => {
    const text = formatEvidence(
      result({
        steps: [
          step({ step: 1, pageNumber: 4 }),
          step({
            step: 2,
            pageNumber: 5,
            via: 'next-page',
            fromPage: 4,
            hop: 1,
            verdict: 'IRRELEVANT',
            score: 0.1,
            reason: 'a table',
          }),
          step({ step: 3, pageNumber: 9, subQuery: 'And the margin?', score: 0.7 }),
        ],
        cost: {
          ...emptyCost(),
          judgeCalls: 3,
          pagesVisited: 3,
          pagesJudged: 3,
          totalMs: 120,
          stages: [{ stage: 'trace-judge', ms: 80 }],
        },
        warnings: ['no SIMILAR_TO edges in 1 document(s) (doc)'],
      }),
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('Evidence chain (TRACE, 3 steps):');
    expect(lines[1]).toBe('  sub-query: "What were the results?"');
    expect(lines[2]).toMatch(/^ {4}1\. p\.4 +seed +RELEVANT +0\.900 +cross-encoder 0\.900/);
    expect(lines[3]).toMatch(/^ {4}2\. p\.5 +next page from p\.4 \(hop 1\) +IRRELEVANT 0\.100 +a table$/);
    expect(lines[4]).toBe('  sub-query: "And the margin?"');
    expect(text).toContain('  chain of evidence: p.4 → p.9');
    expect(text).toContain(
      'Cost: 3 judge call(s), 0 LLM call(s) (0 tokens), 3 page(s) visited, 3 judged; 120 ms',
    );
    expect(lines.at(-1)).toBe('warning: no SIMILAR_TO edges in 1 document(s) (doc)');
  });

  it('shows the trace lines of a strategy that does not walk', () => {
    const text = formatEvidence(result({ strategy: 'HYBRID', trace: ['HYBRID: 5 pages'] }));
    expect(text.split('\n').slice(0, 2)).toEqual(['Trace (HYBRID, no walk):', '  HYBRID: 5 pages']);
  });
});
