import type { Embedder } from '../../embed/embedder';
import { UsageMeter } from '../../llm/llm-usage';
import type { LlmService } from '../../llm/llm.service';
import type { PageCandidate, PageNeighbour, RetrieveRepository } from '../retrieve.repository';
import type { TraceOptions } from '../retrieve.types';
import type { JudgeRequest, PageJudgement, TraceJudge } from './trace-judge';
import { TRACE_WALK_PRIOR } from './trace-run';
import { TraceWalker } from './trace-walker';

// Algorithm 1's bookkeeping with a fake page graph and a fake judge: push order, batching, blacklist, budget,
// whitelist across sub-queries, ablations and ranking. Ten pages of document "d" in a NEXT_PAGE chain.
const SIMILAR: Array<[number, number, number]> = [
  [1, 7, 0.8],
  [1, 9, 0.75],
  [1, 5, 0.71],
];
const REFERS: Array<[number, number]> = [[3, 8]];

function neighbours(pages: Array<{ pageNumber: number }>, similarK: number): PageNeighbour[] {
  return pages.flatMap(({ pageNumber: n }) => {
    const row = (to: number, via: PageNeighbour['via'], score = 1): PageNeighbour => ({
      docId: 'd',
      pageNumber: n,
      toDocId: 'd',
      toPage: to,
      via,
      score,
    });
    const similar = SIMILAR.flatMap(([a, b, s]) =>
      a === n ? [row(b, 'similar', s)] : b === n ? [row(a, 'similar', s)] : [],
    )
      .sort((x, y) => y.score - x.score)
      .slice(0, similarK);
    return [
      ...(n < 10 ? [row(n + 1, 'next-page')] : []),
      ...(n > 1 ? [row(n - 1, 'previous-page')] : []),
      ...similar,
      ...REFERS.filter(([a]) => a === n).map(([, b]) => row(b, 'refers-to')),
    ];
  });
}

const seed = (pageNumber: number, score = 0.5): PageCandidate => ({
  docId: 'd',
  pageNumber,
  score,
  elements: [],
});

function setup(opts: {
  relevant: Record<string, number[]>;
  seeds: Record<string, number[]>;
  withoutSimilar?: string[];
  /** Pages titled as a financial statement the question asks for. */
  statements?: number[];
}) {
  const judged: Array<{ subQuery: string; pages: number[] }> = [];
  const seedRounds: Array<Array<[number, number]>> = [];
  const texts = Object.keys(opts.seeds);
  const embedder = {
    embedQuery: (text: string) => Promise.resolve(new Float32Array([texts.indexOf(text)])),
  } as unknown as Embedder;
  const repo = {
    statementPages: () =>
      Promise.resolve((opts.statements ?? []).map((pageNumber) => ({ docId: 'd', pageNumber }))),
    hybridPages: (q: { embedding: number[] }) =>
      Promise.resolve((opts.seeds[texts[q.embedding[0]!]!] ?? []).map((n, i) => seed(n, 1 - i / 10))),
    pageBestPassages: (q: { pages: Array<{ docId: string; pageNumber: number }> }) =>
      Promise.resolve(
        q.pages.map((p) => ({ ...p, bestText: `page ${p.pageNumber}`, pageText: '', elements: [] })),
      ),
    seedWindows: (q: { pages: Array<{ docId: string; pageNumber: number; query: number }> }) => {
      seedRounds.push(q.pages.map((p) => [p.query, p.pageNumber]));
      return Promise.resolve(
        q.pages.map((p) => ({ ...p, bestText: `page ${p.pageNumber}`, pageText: '', elements: [] })),
      );
    },
    pageNeighbours: (q: { pages: Array<{ pageNumber: number }>; similarK: number }) =>
      Promise.resolve(neighbours(q.pages, q.similarK)),
    documentsWithoutSimilar: () => Promise.resolve(opts.withoutSimilar ?? []),
  } as unknown as RetrieveRepository;
  const judge = {
    name: 'cross-encoder',
    judge: (req: JudgeRequest) => {
      judged.push({ subQuery: req.subQuery, pages: req.pages.map((p) => p.pageNumber) });
      const relevant = opts.relevant[req.subQuery] ?? [];
      const judgements: PageJudgement[] = req.pages.map((p) => ({
        relevant: relevant.includes(p.pageNumber),
        score: relevant.includes(p.pageNumber) ? 0.9 - p.pageNumber / 100 : 0.1 - p.pageNumber / 100,
        analysis: `judged ${p.label}`,
        judge: 'cross-encoder',
      }));
      return Promise.resolve({
        judgements,
        crossEncoderCalls: 1,
        crossEncoderPairs: req.pages.length,
        llmCalls: 0,
        warnings: [],
      });
    },
  } as unknown as TraceJudge;
  const llm = { enabled: false, model: null } as unknown as LlmService;
  const walker = new TraceWalker(repo, judge, llm, embedder);
  const walk = (question: string, options?: TraceOptions) =>
    walker.walk({
      question,
      embedding: [texts.indexOf(question)],
      docIds: ['d'],
      k: 10,
      options,
      meter: new UsageMeter(),
    });
  return { walk, judged, seedRounds };
}

const Q = 'What is alpha?';

describe('TraceWalker (TRACE Algorithm 1)', () => {
  it('takes a seed titled as the statement the question names as RELEVANT and ranks it first, whatever the judge scores', async () => {
    const { walk } = setup({ seeds: { [Q]: [1, 3, 5, 6] }, relevant: { [Q]: [1] }, statements: [5] });
    const result = await walk(Q);
    expect(result.pages.slice(0, 2).map((p) => p.pageNumber)).toEqual([5, 1]);
    expect(result.pages[0]!.score).toBe(1);
    const step = result.steps.find((s) => s.pageNumber === 5)!;
    expect(step).toMatchObject({ verdict: 'RELEVANT', judge: 'cross-encoder' });
    expect(step.reason).toMatch(/^titled as a financial statement the question asks for; judge: judged p\.5/);
    // Its neighbours are walked as a RELEVANT page's are.
    expect(result.trace).toContain('  q1 p.5 → stack: p.4 (previous-page)');
  });

  it('judges the seeds in one batch, then pushes a RELEVANT page physical-first and judges each group in one batch', async () => {
    const { walk, judged } = setup({ seeds: { [Q]: [1, 3, 5, 6] }, relevant: { [Q]: [1, 2, 7] } });
    const result = await walk(Q);
    expect(judged.map((j) => j.pages)).toEqual([[1, 3, 5, 6], [2, 7, 9], [8]]);
    expect(result.trace).toContain(
      '  q1 p.1 → stack: p.2 (next-page), p.7 (similar 0.80), p.9 (similar 0.75)',
    );
    expect(result.trace.some((l) => l.startsWith('  q1 p.2 ← next-page from p.1 (hop 1): RELEVANT'))).toBe(
      true,
    );
    expect(result.trace.some((l) => l.startsWith('  q1 p.8 ← next-page from p.7 (hop 2): IRRELEVANT'))).toBe(
      true,
    );
    // The chain of evidence first (by score), then the other judged pages by score, a walked page at least
    // TRACE_WALK_PRIOR × its source's score (times the SIMILAR_TO score): p.8 after p.7 (0.83), p.9 via similar 0.75
    // from p.1 (0.89).
    expect(result.pages.map((p) => p.pageNumber)).toEqual([1, 2, 7, 8, 9, 3, 5, 6]);
    expect(result.pages[3]!.score).toBeCloseTo(TRACE_WALK_PRIOR * 0.83);
    expect(result.pages[4]!.score).toBeCloseTo(TRACE_WALK_PRIOR * 0.89 * 0.75);
    expect(result.pages[1]).toMatchObject({ reason: 'trace:next-page', hop: 1, fromPage: 1 });
    expect(result.pages[2]).toMatchObject({ reason: 'trace:similar', hop: 1, fromPage: 1 });
    expect(result.pages[0]).toMatchObject({ reason: 'trace:seed', hop: 0, fromPage: null });
    expect(result.trace.at(-1)).toMatch(
      /8 pages visited, 8 judged in 3 cross-encoder .* chain of evidence: p\.1 → p\.2 → p\.7/,
    );
  });

  it('never judges a page twice for a sub-query, and never re-judges a page already in the chain', async () => {
    const both = 'What is alpha and what is beta?';
    const { walk, judged, seedRounds } = setup({
      seeds: { [both]: [], 'What is alpha?': [1, 2, 3], 'What is beta?': [1, 4, 3] },
      relevant: { 'What is alpha?': [1, 2, 3, 4], 'What is beta?': [4, 5] },
    });
    const result = await walk(both);
    for (const q of ['What is alpha?', 'What is beta?']) {
      const pages = judged.filter((j) => j.subQuery === q).flatMap((j) => j.pages);
      expect(new Set(pages).size).toBe(pages.length);
    }
    expect(judged.filter((j) => j.subQuery === 'What is beta?').flatMap((j) => j.pages)).not.toContain(1);
    // Both sub-queries' seeds in one round trip; beta's seeds that are alpha's too are left to the walk.
    expect(seedRounds).toEqual([
      [
        [0, 1],
        [0, 2],
        [0, 3],
        [1, 4],
      ],
    ]);
    expect(result.trace).toContain('  q2 p.1 ← seed #1: skipped, already in the chain of evidence');
  });

  it("opens the ranking with each sub-query's best RELEVANT page, so both parts of a two-part question are in the top 2", async () => {
    const both = 'What is alpha and what is beta?';
    const { walk } = setup({
      seeds: { [both]: [], 'What is alpha?': [1, 2, 3], 'What is beta?': [8] },
      relevant: { 'What is alpha?': [1, 2, 3], 'What is beta?': [8] },
    });
    const result = await walk(both);
    // By judge score alone alpha's three pages (0.89, 0.88, 0.87) would fill the top 3 ahead of beta's p.8 (0.82).
    expect(result.pages.slice(0, 4).map((p) => p.pageNumber)).toEqual([1, 8, 2, 3]);
  });

  it('judges at most ⌊N_total / N_sub⌋ pages per sub-query and says what the budget left', async () => {
    const { walk, judged } = setup({ seeds: { [Q]: [1, 3, 5, 6] }, relevant: { [Q]: [1, 2, 7] } });
    const result = await walk(Q, { pageBudget: 5 });
    expect(judged.flatMap((j) => j.pages)).toEqual([1, 3, 5, 6, 2]);
    expect(result.trace).toContain(
      '  q1: budget of 5 page(s) spent; 2 candidate(s) left unjudged on the stack',
    );
    // Unjudged candidates still rank after the judged pages, from the seed lists.
    expect(result.pages.map((p) => p.pageNumber)).toEqual([1, 2, 3, 5, 6]);
  });

  it('ablations remove a layer from the walk', async () => {
    const seeds = { [Q]: [1, 3, 5, 6] };
    const relevant = { [Q]: [1, 2, 3, 7] };
    const noPhysical = setup({ seeds, relevant });
    await noPhysical.walk(Q, { physicalEdges: false });
    expect(noPhysical.judged.flatMap((j) => j.pages)).toEqual([1, 3, 5, 6, 7, 9, 8]);
    const noSemantic = setup({ seeds, relevant });
    const r = await noSemantic.walk(Q, { semanticEdges: false, referenceEdges: false });
    expect(noSemantic.judged.flatMap((j) => j.pages)).not.toContain(7);
    expect(r.trace).toContain('  ablation: without semanticEdges, referenceEdges');
    const whole = setup({ seeds: { 'What is alpha and what is beta?': [1] }, relevant: {} });
    const off = await whole.walk('What is alpha and what is beta?', { decomposition: false });
    expect(off.trace).toContain('  q1: "What is alpha and what is beta?" (1 seed candidates)');
  });

  it('names the enrich command when the documents have no SIMILAR_TO edges, and still walks', async () => {
    const { walk } = setup({ seeds: { [Q]: [1] }, relevant: { [Q]: [1] }, withoutSimilar: ['d'] });
    const result = await walk(Q);
    expect(result.trace.join('\n')).toContain('npm run folio -- enrich d --stages similar');
    expect(result.pages.map((p) => p.pageNumber)).toContain(2);
    expect(result.warnings).toEqual([expect.stringContaining('npm run folio -- enrich d --stages similar')]);
  });

  it('refuses a semantic-only walk (no physical edges) over documents without SIMILAR_TO, before judging', async () => {
    const { walk, judged } = setup({ seeds: { [Q]: [1] }, relevant: { [Q]: [1] }, withoutSimilar: ['d'] });
    await expect(walk(Q, { physicalEdges: false })).rejects.toMatchObject({
      code: 'ENRICHMENT_MISSING',
      message: expect.stringContaining('npm run folio -- enrich d --stages similar'),
    });
    expect(judged).toEqual([]);
  });

  it('returns every popped page as a step with its sub-query, edge, source page and verdict', async () => {
    const { walk } = setup({ seeds: { [Q]: [1] }, relevant: { [Q]: [1] } });
    const result = await walk(Q);
    expect(result.steps.map((s) => [s.step, s.pageNumber, s.via, s.fromPage, s.hop, s.verdict])).toEqual([
      [1, 1, 'seed', null, 0, 'RELEVANT'],
      [2, 2, 'next-page', 1, 1, 'IRRELEVANT'],
      [3, 7, 'similar', 1, 1, 'IRRELEVANT'],
      [4, 9, 'similar', 1, 1, 'IRRELEVANT'],
    ]);
    expect(result.steps[0]).toMatchObject({ subQuery: Q, judge: 'cross-encoder', score: 0.89 });
    expect(result.stats).toMatchObject({ visited: 4, judged: 4, crossEncoderCalls: 2, llmCalls: 0 });
  });

  it('refuses a page budget that is not a positive integer', async () => {
    const { walk } = setup({ seeds: { [Q]: [1] }, relevant: {} });
    await expect(walk(Q, { pageBudget: 0 })).rejects.toMatchObject({ code: 'BAD_TRACE_OPTIONS' });
  });
});
