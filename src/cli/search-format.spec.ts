import type { AskResult, PageHit, SearchResult } from '../retrieve/retrieve.types';
import { searchResult } from '../retrieve/testing/search-builders';
import { formatAnswer, formatSearch, matchedSentence, readableScore } from './search-format';

const hit = (over: Partial<PageHit>): PageHit => ({
  docId: 'doc-1',
  pageNumber: 3,
  score: 0.0312,
  reason: 'hybrid',
  hop: 0,
  elements: [],
  ...over,
});

describe('matchedSentence', () => {
  const text =
    'Folio stores pages and elements in Neo4j. The graph walk with re-ranking reaches a recall@3 of 0.82 at a ' +
    'median latency of 410 ms on the sample report, which is the number readers look for. Other methods trail.';

  it('returns the sentence holding the query words, whole, even past the old 110-character cut', () => {
    const s = matchedSentence(text, 'recall@3 graph walk re-ranking latency');
    expect(s).toBe(
      'The graph walk with re-ranking reaches a recall@3 of 0.82 at a median latency of 410 ms on the sample report, which is the number readers look for.',
    );
    expect(s.length).toBeGreaterThan(110);
  });

  it('cuts an over-long sentence around its first match, marked with ellipses', () => {
    const long = `${'filler words '.repeat(60)}the magic number 4711 appears here ${'more filler '.repeat(60)}`;
    const s = matchedSentence(long, 'magic number', 120);
    expect(s).toContain('magic number 4711');
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s.length).toBeLessThanOrEqual(122);
  });

  it('falls back to the start of the text when nothing matches', () => {
    expect(matchedSentence('Only one line here.', 'absent')).toBe('Only one line here.');
  });
});

describe('readableScore', () => {
  it('shows a cross-encoder or LLM relevance as 0–1, anything else as its rank', () => {
    expect(readableScore(hit({ score: 0.8734, reason: 'hybrid+cross-encoder' }), 1)).toBe('relevance 0.87');
    expect(readableScore(hit({ score: 0.5, reason: 'parent-page+llm-relevance' }), 2)).toBe('relevance 0.50');
    expect(readableScore(hit({ score: 0.0312, reason: 'hybrid' }), 4)).toBe('rank 4');
  });
});

describe('formatSearch', () => {
  it('puts the title beside the id and never prints a fused score', () => {
    const result: SearchResult = searchResult({
      pages: [
        hit({
          elements: [
            { elementId: 'e1', kind: 'paragraph', text: 'Nothing here.', bbox: [0, 0, 1, 1], score: 0.1 },
            {
              elementId: 'e2',
              kind: 'paragraph',
              text: 'Revenue grew 12% in 2023.',
              bbox: [0, 0, 1, 1],
              score: 0.05,
            },
          ],
        }),
      ],
      timings: [{ stage: 'hybrid', ms: 12 }],
    });
    const out = formatSearch(result, 'revenue 2023', (id) => (id === 'doc-1' ? 'Annual Report' : undefined));
    expect(out).toContain('"Annual Report" (doc-1) p.3  rank 1  (hybrid)');
    expect(out).toContain('Revenue grew 12% in 2023.');
    expect(out).not.toContain('0.031');
  });
});

describe('formatAnswer', () => {
  const search: SearchResult = searchResult({ strategy: 'GRAPH', reranked: true });
  const asked: AskResult = {
    question: 'What was total revenue in 2023?',
    answer: {
      text: '$4,210 (in millions) — Total revenue, 2023: $4,210 [p. 7]',
      kind: 'NUMBER',
      value: '4210',
      unit: 'USD',
      scale: 'millions',
      items: [],
      formula: null,
    },
    answerable: true,
    mode: 'extractive',
    format: 'Integer',
    analysis: null,
    citations: [
      {
        docId: 'doc-1',
        pageNumber: 7,
        elementId: 'e1',
        bbox: [10.2, 20.7, 300, 340],
        quote: 'Total revenue, 2023: $4,210',
        score: 0.9,
        step: 2,
      },
    ],
    search,
    usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
    warnings: [],
  };

  it('prints the sentence, the typed value with unit and scale, and each citation with its evidence step', () => {
    expect(formatAnswer(asked, () => undefined).split('\n')).toEqual([
      'Q: What was total revenue in 2023?',
      'A: $4,210 (in millions) — Total revenue, 2023: $4,210 [p. 7]',
      '   value: 4210 USD (millions) [NUMBER]',
      '',
      'Cited pages (extractive answer):',
      '  [1] doc-1 page 7 [10, 21, 300, 340] (evidence step 2): "Total revenue, 2023: $4,210"',
    ]);
  });

  it('lists the items of a list answer and prints no value for Not answerable', () => {
    const list = formatAnswer(
      { ...asked, answer: { ...asked.answer, kind: 'LIST', value: null, items: ['Bluetooth', 'Wi-Fi'] } },
      () => undefined,
    );
    expect(list).toContain('   items [LIST]:\n     - Bluetooth\n     - Wi-Fi');
    const none = formatAnswer(
      { ...asked, answerable: false, citations: [], answer: { ...asked.answer, text: 'Not answerable' } },
      () => undefined,
    );
    expect(none).not.toContain('value:');
    expect(none).toContain('A: Not answerable');
  });
});
