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

const evidence = [
  { docId: 'd1', pageNumber: 3, text: 'Revenue was $4.2 billion in 2023.' },
  { docId: 'd1', pageNumber: 7, text: 'The company has 1,200 employees.' },
  { docId: 'd2', pageNumber: 3, text: 'Unrelated page.' },
];

describe('answer prompt', () => {
  it('numbers the evidence with doc and page ids and asks for the typed JSON reply', () => {
    const prompt = buildAnswerPrompt({ question: 'What was revenue?', evidence });
    expect(prompt.messages[0]?.content).toMatch(
      /"answerFormat": "String" \| "Integer" \| "Float" \| "List" \| "None"/,
    );
    expect(prompt.messages[1]?.content).toContain(
      '[1] document d1, page 3\nRevenue was $4.2 billion in 2023.',
    );
    expect(prompt.messages[1]?.content).toContain('[3] document d2, page 3');
  });

  it('keeps offered pages, drops invented ones, and maps them to the evidence', () => {
    const prompt = buildAnswerPrompt({ question: 'What was revenue?', evidence });
    const reply = finish(prompt, {
      analysis: '[1] says so',
      relevantPages: [3, 99, '7'],
      answerFormat: 'float',
      answer: 4.2,
    });
    expect(reply).toMatchObject({
      answer: '4.2',
      answerFormat: 'Float',
      answerable: true,
      relevantPages: [3, 7],
      inventedPages: [99],
    });
    expect(reply.citedEvidence).toEqual([
      { docId: 'd1', pageNumber: 3 },
      { docId: 'd1', pageNumber: 7 },
      { docId: 'd2', pageNumber: 3 },
    ]);
  });

  it('renders List answers and normalises "Not answerable"', () => {
    const prompt = buildAnswerPrompt({ question: 'q', evidence });
    expect(
      finish(prompt, { analysis: '', relevantPages: [3], answerFormat: 'List', answer: ['a', 2] }),
    ).toMatchObject({
      answer: 'a, 2',
      items: ['a', '2'],
    });
    expect(
      finish(prompt, {
        analysis: 'nothing',
        relevantPages: [3],
        answerFormat: 'String',
        answer: 'Not answerable.',
      }),
    ).toMatchObject({ answer: NOT_ANSWERABLE, answerable: false, answerFormat: 'None', relevantPages: [] });
  });

  it('rejects an unknown answer format', () => {
    expect(
      rejects(buildAnswerPrompt({ question: 'q', evidence }), { answerFormat: 'Date', answer: 'x' }),
    ).toMatch(/answerFormat/);
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
