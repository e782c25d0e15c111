import type { CrossEncoderReranker } from '../../embed/cross-encoder';
import { UsageMeter } from '../../llm/llm-usage';
import type { LlmService } from '../../llm/llm.service';
import type { RoleOutcome } from '../../llm/llm.types';
import type { JudgeInput, JudgeReply } from '../../llm/prompts/judge.prompt';
import { ScoreCache, TRACE_JUDGE_THRESHOLD, TraceJudge } from './trace-judge';

const page = (n: number) => ({
  docId: 'd',
  pageNumber: n,
  bestText: `best passages of page ${n}`,
  pageText: `whole page ${n}`,
  elements: [],
  label: `p.${n}`,
});

function fakes(llmReplies: Array<RoleOutcome<JudgeReply>> | null, scores: number[]) {
  const scored: Array<{ query: string; passages: string[] }> = [];
  const asked: JudgeInput[] = [];
  const reranker = {
    score: (query: string, passages: string[]) => {
      scored.push({ query, passages });
      return Promise.resolve(passages.map((_, i) => scores[i] ?? 0));
    },
  } as unknown as CrossEncoderReranker;
  const llm = {
    enabled: llmReplies !== null,
    judge: (input: JudgeInput) => {
      asked.push({ ...input, memory: [...(input.memory ?? [])] });
      return Promise.resolve(llmReplies!.shift()!);
    },
  } as unknown as LlmService;
  return { judge: new TraceJudge(reranker, llm), scored, asked };
}

const request = (pages: ReturnType<typeof page>[], memory: string[] = []) => ({
  subQuery: 'sub',
  question: 'main',
  pages,
  memory,
  meter: new UsageMeter(),
});

describe('TraceJudge', () => {
  it('offline: scores the whole batch in one cross-encoder call on the best passages, RELEVANT from the threshold', async () => {
    const below = TRACE_JUDGE_THRESHOLD / 2;
    const { judge, scored } = fakes(null, [0.9, TRACE_JUDGE_THRESHOLD, below]);
    const batch = await judge.judge(request([page(1), page(2), page(3)]));
    expect(scored).toEqual([{ query: 'sub', passages: [1, 2, 3].map((n) => `best passages of page ${n}`) }]);
    expect(batch.judgements.map((j) => [j.relevant, j.score, j.judge])).toEqual([
      [true, 0.9, 'cross-encoder'],
      [true, TRACE_JUDGE_THRESHOLD, 'cross-encoder'],
      [false, below, 'cross-encoder'],
    ]);
    expect(batch.judgements[2]!.analysis).toBe(
      `cross-encoder ${below.toFixed(3)} < ${TRACE_JUDGE_THRESHOLD} on "best passages of page 3"`,
    );
    expect(batch).toMatchObject({ crossEncoderCalls: 1, llmCalls: 0, warnings: [] });
  });

  it('with an LLM: judges page by page on the whole page, growing the memory with RELEVANT analyses', async () => {
    const { judge, asked, scored } = fakes(
      [
        { value: { label: 'RELEVANT', analysis: 'revenue is here' }, source: 'llm' },
        { value: { label: 'IRRELEVANT', analysis: 'no' }, source: 'llm' },
      ],
      [],
    );
    const batch = await judge.judge(request([page(1), page(2)], ['p.9: earlier finding']));
    expect(asked.map((a) => [a.question, a.mainQuestion, a.pageText, a.memory])).toEqual([
      ['sub', 'main', 'whole page 1', ['p.9: earlier finding']],
      ['sub', 'main', 'whole page 2', ['p.9: earlier finding', 'p.1: revenue is here']],
    ]);
    expect(batch.judgements.map((j) => [j.relevant, j.score, j.judge])).toEqual([
      [true, 1, 'llm'],
      [false, 0, 'llm'],
    ]);
    expect(scored).toEqual([]);
    expect(batch).toMatchObject({ crossEncoderCalls: 0, llmCalls: 2 });
  });

  it('judges the pages whose LLM call failed with the cross-encoder, in one call, with one warning per failure', async () => {
    const failed = { label: 'IRRELEVANT' as const, analysis: 'lexical fallback' };
    const { judge, scored } = fakes(
      [
        { value: failed, source: 'offline', warning: 'The LLM judge step failed (LLM_TIMEOUT)' },
        { value: { label: 'RELEVANT', analysis: 'yes' }, source: 'llm' },
        { value: failed, source: 'offline', warning: 'The LLM judge step failed (LLM_TIMEOUT)' },
      ],
      [0.7, 0],
    );
    const batch = await judge.judge(request([page(1), page(2), page(3)]));
    expect(scored).toEqual([
      { query: 'sub', passages: ['best passages of page 1', 'best passages of page 3'] },
    ]);
    expect(batch.judgements.map((j) => [j.relevant, j.judge])).toEqual([
      [true, 'cross-encoder'],
      [true, 'llm'],
      [false, 'cross-encoder'],
    ]);
    expect(batch.warnings).toEqual([
      'p.1, p.3: The LLM judge step failed (LLM_TIMEOUT); the cross-encoder judged them instead',
    ]);
    expect(batch).toMatchObject({ crossEncoderCalls: 1, llmCalls: 3 });
  });

  it('offline: scores a (sub-query, window) pair once; a window seen again for the same sub-query comes from the cache', async () => {
    const { judge, scored } = fakes(null, [0.9, 0.1]);
    await judge.judge(request([page(1), page(2)]));
    const again = await judge.judge(request([page(2), page(3)]));
    expect(scored.map((s) => s.passages)).toEqual([
      ['best passages of page 1', 'best passages of page 2'],
      ['best passages of page 3'],
    ]);
    expect(again.judgements[0]!.score).toBe(0.1);
    expect(again).toMatchObject({ crossEncoderCalls: 1, crossEncoderPairs: 1 });
    const other = await judge.judge({ ...request([page(2)]), subQuery: 'another sub-query' });
    expect(other).toMatchObject({ crossEncoderCalls: 1, crossEncoderPairs: 1 });
  });

  it('after forgetScores, scores every pair again (a benchmark timing each question from cold)', async () => {
    const { judge, scored } = fakes(null, [0.9]);
    await judge.judge(request([page(1)]));
    judge.forgetScores();
    const again = await judge.judge(request([page(1)]));
    expect(scored).toHaveLength(2);
    expect(again).toMatchObject({ crossEncoderCalls: 1, crossEncoderPairs: 1 });
  });
});

describe('ScoreCache', () => {
  it('drops the oldest entry when full', () => {
    const cache = new ScoreCache(2);
    cache.set('q', 'a', 1);
    cache.set('q', 'b', 2);
    cache.set('q', 'c', 3);
    expect([cache.has('q', 'a'), cache.get('q', 'b'), cache.get('q', 'c'), cache.size]).toEqual([
      false,
      2,
      3,
      2,
    ]);
  });
});
