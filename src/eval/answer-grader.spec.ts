import type { FolioConfig } from '../config/folio-config';
import type { ChatRequest, ChatResponse, ChatTransport } from '../llm/chat.transport';
import { LlmService } from '../llm/llm.service';
import { LlmAnswerGrader, summarizeGrades, withoutCitations, type AnswerToGrade } from './answer-grader';

const settings = {
  baseUrl: 'http://llm.test/v1',
  apiKey: 'k',
  model: 'judge-model',
  timeoutMs: 1_000,
  maxRetries: 1,
};

function llmReplying(replies: string[]) {
  const requests: ChatRequest[] = [];
  const transport: ChatTransport = {
    complete(request): Promise<ChatResponse> {
      requests.push(request);
      return Promise.resolve({ content: replies.shift() ?? 'not json' });
    },
  };
  const service = new LlmService({ llm: settings } as FolioConfig, { transport, sleep: async () => {} });
  return { service, requests };
}

const item: AnswerToGrade = {
  question: 'What was the revenue in 2023?',
  goldAnswer: '$4.2 billion',
  goldFormat: 'Str',
  answer: 'Revenue was 4.2 billion dollars.',
  answerable: true,
};

describe('LlmAnswerGrader', () => {
  it('asks the configured model and reports its verdict under the model’s name', async () => {
    const { service, requests } = llmReplying(['{"verdict": "Correct", "reason": "same amount"}']);
    const grader = new LlmAnswerGrader(service);
    expect(grader.name).toBe('LLM judge (judge-model)');
    await expect(grader.grade(item)).resolves.toEqual({ verdict: 'correct', reason: 'same amount' });
    const prompt = requests[0]!.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('Reference answer: $4.2 billion');
    expect(prompt).toContain('Candidate answer: Revenue was 4.2 billion dollars.');
  });

  it('grades an unanswerable question against "Not answerable"', async () => {
    const { service, requests } = llmReplying(['{"verdict": "wrong", "reason": "it answered"}']);
    await new LlmAnswerGrader(service).grade({ ...item, answerable: false, goldAnswer: 'Not answerable' });
    expect(requests[0]!.messages.at(-1)!.content).toContain('Reference answer: Not answerable');
  });

  it('leaves an answer not graded when the model keeps sending malformed JSON, instead of mixing in another judge', async () => {
    const { service, requests } = llmReplying(['{"verdict": ', 'still not json']);
    const grade = await new LlmAnswerGrader(service).grade(item);
    expect(grade.verdict).toBe('not-graded');
    expect(grade.reason).toMatch(/LLM grade step failed \(LLM_BAD_RESPONSE\)/);
    expect(requests).toHaveLength(2);
    expect(summarizeGrades('judge', [grade.verdict, 'correct']).accuracy).toBe(1);
  });

  it('offline, grades by string match and says so', async () => {
    const offline = new LlmService({ llm: null } as FolioConfig);
    const grader = new LlmAnswerGrader(offline);
    expect(grader.name).toMatch(/^string match \(offline/);
    await expect(grader.grade(item)).resolves.toMatchObject({ verdict: 'correct' });
    await expect(grader.grade({ ...item, answer: 'Not answerable' })).resolves.toMatchObject({
      verdict: 'wrong',
    });
    await expect(
      grader.grade({ ...item, answerable: false, goldAnswer: 'Not answerable', answer: 'Not answerable' }),
    ).resolves.toMatchObject({ verdict: 'correct' });
  });

  it('grades the answer without its page citations, so a page number never matches a numeric reference', async () => {
    const grader = new LlmAnswerGrader(new LlmService({ llm: null } as FolioConfig));
    const numeric = { ...item, goldAnswer: '12', goldFormat: 'Int' };
    await expect(grader.grade({ ...numeric, answer: 'Revenue grew fast [p. 12]' })).resolves.toMatchObject({
      verdict: 'wrong',
    });
    await expect(
      grader.grade({ ...numeric, answer: 'Offices: 12 [p. 5, printed page 3]' }),
    ).resolves.toMatchObject({ verdict: 'correct' });
    expect(withoutCitations('A [p. 2] B [p. 7, printed page iv]')).toBe('A B');
  });
});
