import { parseJsonReply } from '../json-reply';
import { buildAnswerPrompt, NOT_ANSWERABLE } from './answer.prompt';
import { buildCheckPrompt } from './check.prompt';
import { buildDecomposePrompt } from './decompose.prompt';
import { buildEvolvePrompt, toRelation } from './evolve.prompt';
import { buildGradePrompt } from './grade.prompt';
import { buildJudgePrompt } from './judge.prompt';
import { buildPlanPrompt, normalisePlan } from './plan.prompt';
import { buildRelevancePrompt } from './relevance.prompt';
import type { RolePrompt } from './role-prompt';
import { buildSummarisePrompt } from './summarise.prompt';

/** Validates a model reply with the prompt's schema and finishes it, as LlmService does. */
function finish<TReply, TResult>(prompt: RolePrompt<TReply, TResult>, reply: unknown): TResult {
  const parsed = parseJsonReply(JSON.stringify(reply), prompt.schema);
  if (!parsed.ok) throw new Error(parsed.problem);
  return prompt.finish(parsed.value);
}

function rejects<TReply, TResult>(prompt: RolePrompt<TReply, TResult>, reply: unknown): string {
  const parsed = parseJsonReply(JSON.stringify(reply), prompt.schema);
  if (parsed.ok) throw new Error('expected the reply to be rejected');
  return parsed.problem;
}

const pages = [
  {
    docId: 'd1',
    pageNumber: 61,
    printedLabel: '59',
    step: 1,
    verdict: 'RELEVANT (cross-encoder 0.91), reached by seed: the balance sheet',
    elements: [
      { id: 'd1:p61-e1', kind: 'caption', text: 'Consolidated balance sheet' },
      {
        id: 'd1:p61-e2',
        kind: 'table',
        text: '| Item | 2023 |\n|---|---|\n| Total current assets | 26,291 |',
        scale: 'millions',
      },
    ],
  },
  {
    docId: 'd1',
    pageNumber: 62,
    step: 3,
    elements: [{ id: 'd1:p62-e1', kind: 'paragraph', text: 'Revenue was $4.2 billion.' }],
  },
];
const input = { question: 'What were total current assets in 2023?', kind: 'NUMBER' as const, pages };
const reply = (over: Record<string, unknown> = {}) => ({
  analysis: '[d1:p61-e2] holds the cell.',
  answerable: true,
  answer: {
    text: 'Total current assets were $26,291 million.',
    kind: 'number',
    value: 26291,
    unit: 'USD',
    scale: 'Millions',
  },
  citations: [{ elementId: 'd1:p61-e2', quote: 'Total current assets | 26,291' }],
  ...over,
});

describe('answer prompt', () => {
  it('gives the evidence chain in order: steps, page labels, the walk verdicts, element ids, tables with scale', () => {
    const user = buildAnswerPrompt(input).messages[1]?.content ?? '';
    expect(user).toContain('Expected answer kind (from the wording): NUMBER');
    expect(user).toContain(
      'Step 1: document d1, page 61 (printed page 59)\nwalk verdict: RELEVANT (cross-encoder 0.91), reached by seed: the balance sheet\n' +
        '[d1:p61-e1] (caption)\nConsolidated balance sheet\n[d1:p61-e2] (table, numbers in millions)\n| Item | 2023 |',
    );
    expect(user.indexOf('Step 1:')).toBeLessThan(user.indexOf('Step 3: document d1, page 62'));
    expect(buildAnswerPrompt(input).messages[0]?.content).toMatch(
      /Cite only element ids that appear in the evidence/,
    );
  });

  it('reads a typed answer and keeps the citations of offered elements apart from invented ones', () => {
    const done = finish(
      buildAnswerPrompt(input),
      reply({
        citations: [
          { elementId: 'd1:p61-e2', quote: 'q' },
          { elementId: 'd1:p99-e1', quote: 'x' },
        ],
      }),
    );
    expect(done).toEqual({
      analysis: '[d1:p61-e2] holds the cell.',
      answerable: true,
      answer: {
        text: 'Total current assets were $26,291 million.',
        kind: 'NUMBER',
        value: '26291',
        unit: 'USD',
        scale: 'millions',
        items: [],
        formula: null,
      },
      citations: [{ elementId: 'd1:p61-e2', quote: 'q' }],
      inventedCitations: ['d1:p99-e1'],
    });
  });

  it('reads list items and normalises "Not answerable" (no value, no citations)', () => {
    expect(
      finish(buildAnswerPrompt(input), reply({ answer: { text: 'a, b', kind: 'LIST', items: ['a', 2] } }))
        .answer,
    ).toMatchObject({ kind: 'LIST', items: ['a', '2'], value: null });
    expect(
      finish(
        buildAnswerPrompt(input),
        reply({ answer: { text: 'Not answerable.', kind: 'NUMBER', value: 3 } }),
      ),
    ).toMatchObject({ answerable: false, answer: { text: NOT_ANSWERABLE, value: null }, citations: [] });
  });

  it('rejects an unknown answer kind', () => {
    expect(rejects(buildAnswerPrompt(input), reply({ answer: { text: 'x', kind: 'Colour' } }))).toMatch(
      /kind/,
    );
  });
});

describe('relevance, judge, check and grade prompts', () => {
  it('clamps and rescales relevance scores', () => {
    const prompt = buildRelevancePrompt({ question: 'q', pageText: 'p' });
    expect(finish(prompt, { score: '0.8', reason: 'r' })).toEqual({ score: 0.8, reason: 'r' });
    expect(finish(prompt, { score: 7 }).score).toBe(0.7);
    expect(finish(prompt, { score: -1 }).score).toBe(0);
    expect(rejects(prompt, { score: 'high' })).toMatch(/score/);
  });

  it('accepts labels in any case', () => {
    const prompt = buildJudgePrompt({ question: 'q', pageText: 'p', mainQuestion: 'main' });
    expect(prompt.messages[1]?.content).toMatch(/^Main question: main\nQuestion: q/);
    expect(finish(prompt, { label: 'relevant.', analysis: 'a' })).toEqual({
      label: 'RELEVANT',
      analysis: 'a',
    });
    expect(rejects(prompt, { label: 'maybe' })).toMatch(/label/);
  });

  it("shows the judge TRACE's memory of earlier relevant pages", () => {
    const prompt = buildJudgePrompt({ question: 'q', pageText: 'p', memory: ['p.1 gives revenue'] });
    expect(prompt.messages[1]?.content).toMatch(
      /Question: q\n\nFound on earlier pages:\n- p\.1 gives revenue\n\nPage/,
    );
  });

  it('reads yes/no sufficiency and clears gaps when sufficient', () => {
    const prompt = buildCheckPrompt({ question: 'q', evidence: [{ text: 'e' }] });
    expect(finish(prompt, { sufficient: 'no', gaps: 'revenue 2022; headcount' })).toEqual({
      sufficient: false,
      gaps: ['revenue 2022', 'headcount'],
    });
    expect(finish(prompt, { sufficient: true, gaps: ['x'] })).toEqual({ sufficient: true, gaps: [] });
  });

  it('grades with a loose verdict', () => {
    expect(
      finish(buildGradePrompt({ question: 'q', reference: 'r', candidate: 'c' }), { verdict: 'Partial' }),
    ).toEqual({
      verdict: 'partial',
      reason: '',
    });
  });
});

describe('decompose and summarise prompts', () => {
  it('dedupes, caps, and falls back to the question when the list is empty', () => {
    const prompt = buildDecomposePrompt({ question: 'Big question?', maxSubQueries: 2 });
    expect(finish(prompt, { subQueries: ['a?', 'A?', 'b?', 'c?'] })).toEqual({ subQueries: ['a?', 'b?'] });
    expect(finish(prompt, { subQueries: [] })).toEqual({ subQueries: ['Big question?'] });
  });

  it('accepts comma-separated keywords and rejects an empty summary', () => {
    const prompt = buildSummarisePrompt({ kind: 'page', text: 'text', maxKeywords: 2 });
    expect(finish(prompt, { summary: 'S', keywords: 'a, b, A, c' })).toEqual({
      summary: 'S',
      keywords: ['a', 'b'],
    });
    expect(rejects(prompt, { summary: ' ', keywords: [] })).toMatch(/summary/);
  });
});

describe('evolve prompt', () => {
  const input = {
    node: { id: 'el-1', summary: 'Table 2: revenue by segment', keywords: ['revenue'] },
    neighbours: [
      { id: 'el-7', summary: 'Revenue discussion', keywords: ['cloud'] },
      { id: 'el-9', summary: 'Figure 3', keywords: [] },
    ],
  };

  it('offers neighbours as short handles', () => {
    const prompt = buildEvolvePrompt(input);
    expect(prompt.messages[1]?.content).toContain('[n1] Revenue discussion (keywords: cloud)');
    expect(prompt.messages[1]?.content).toContain('[n2] Figure 3');
  });

  it('maps handles (or real ids) back, and drops invented ids, unknown relations, self-links and duplicates', () => {
    const reply = finish(buildEvolvePrompt(input), {
      summary: 'Revenue by segment, discussed in the text',
      keywords: ['revenue', 'segment'],
      links: [
        { target: 'n1', relation: 'Elaboration', reason: 'discusses the table' },
        { target: 'el-9', relation: 'part_whole' },
        { target: 'n1', relation: 'elaboration' },
        { target: 'n5', relation: 'causal' },
        { target: 'el-404', relation: 'causal' },
        { target: 'n2', relation: 'friendship' },
        { target: 'el-1', relation: 'context' },
      ],
    });
    expect(reply.links).toEqual([
      { targetId: 'el-7', relation: 'elaboration', reason: 'discusses the table' },
      { targetId: 'el-9', relation: 'part-whole', reason: '' },
    ]);
  });

  it('normalises relation spellings', () => {
    expect(toRelation('Part-Whole')).toBe('part-whole');
    expect(toRelation('TEMPORAL')).toBe('temporal');
    expect(toRelation('cause')).toBe('causal');
    expect(toRelation('nope')).toBeUndefined();
  });
});

describe('plan prompt', () => {
  it('returns nodes in topological order with depths', () => {
    const prompt = buildPlanPrompt({ question: 'q' });
    const reply = finish(prompt, {
      subQuestions: [
        { id: 'q3', question: 'Compare [q1] and [q2]', dependsOn: ['q1', 'q2'] },
        { id: 'q1', question: 'A?', dependsOn: [] },
        { id: 'q2', question: 'B?' },
      ],
    });
    expect(reply.nodes).toEqual([
      { id: 'q1', question: 'A?', dependsOn: [], depth: 1 },
      { id: 'q2', question: 'B?', dependsOn: [], depth: 1 },
      { id: 'q3', question: 'Compare [q1] and [q2]', dependsOn: ['q1', 'q2'], depth: 2 },
    ]);
  });

  it('drops unknown dependencies, breaks cycles, caps depth and node count', () => {
    const nodes = normalisePlan(
      [
        { id: 'a', question: 'A', dependsOn: ['c', 'ghost'] },
        { id: 'b', question: 'B', dependsOn: ['a'] },
        { id: 'c', question: 'C', dependsOn: ['b'] },
        { id: 'd', question: 'D', dependsOn: ['c'] },
        { id: 'a', question: 'duplicate', dependsOn: [] },
      ],
      'q',
      6,
      3,
    ).nodes;
    expect(nodes.map((n) => [n.id, n.dependsOn, n.depth])).toEqual([
      ['a', [], 1],
      ['b', ['a'], 2],
      ['c', ['b'], 3],
      ['d', [], 1],
    ]);
    const many = Array.from({ length: 9 }, (_, i) => ({ id: `q${i}`, question: `Q${i}`, dependsOn: [] }));
    expect(normalisePlan(many, 'q').nodes).toHaveLength(6);
  });

  it('accepts numeric ids and falls back to one node when nothing usable came back', () => {
    expect(normalisePlan([{ id: '', question: 'x', dependsOn: [] }], 'Original?').nodes).toEqual([
      { id: 'q1', question: 'Original?', dependsOn: [], depth: 1 },
    ]);
    const reply = finish(buildPlanPrompt({ question: 'q' }), {
      subQuestions: [
        { id: 1, question: 'A' },
        { id: 2, question: 'B', dependsOn: [1] },
      ],
    });
    expect(reply.nodes.map((n) => n.dependsOn)).toEqual([[], ['1']]);
  });
});
