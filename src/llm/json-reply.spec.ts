import { z } from 'zod';
import { describeSchemaError, extractJson, parseJsonReply } from './json-reply';

describe('extractJson', () => {
  it('parses bare JSON', () => {
    expect(extractJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('tolerates ```json fences and prose around them', () => {
    const reply = 'Here is the answer:\n```json\n{"answer": "42", "pages": [1, 2]}\n```\nHope that helps.';
    expect(extractJson(reply)).toEqual({ ok: true, value: { answer: '42', pages: [1, 2] } });
  });

  it('tolerates bare ``` fences', () => {
    expect(extractJson('```\n{"ok": true}\n```')).toEqual({ ok: true, value: { ok: true } });
  });

  it('finds an object embedded in prose, with braces inside strings', () => {
    const reply = 'Sure! {"summary": "uses {curly} braces and \\"quotes\\"", "keywords": []} — done';
    expect(extractJson(reply)).toEqual({
      ok: true,
      value: { summary: 'uses {curly} braces and "quotes"', keywords: [] },
    });
  });

  it('drops a <think> block before the JSON', () => {
    expect(extractJson('<think>maybe {"x": 0}?</think>\n{"x": 1}')).toEqual({ ok: true, value: { x: 1 } });
  });

  it('reports truncated JSON and empty replies', () => {
    const truncated = extractJson('{"analysis": "cut off');
    expect(truncated.ok).toBe(false);
    expect(!truncated.ok && truncated.problem).toMatch(/not valid JSON/);
    expect(extractJson('   ')).toEqual({ ok: false, problem: 'the reply was empty' });
  });
});

describe('parseJsonReply', () => {
  const schema = z.object({ score: z.number().min(0).max(1), reason: z.string() });

  it('validates against the schema', () => {
    expect(parseJsonReply('{"score": 0.5, "reason": "ok"}', schema)).toEqual({
      ok: true,
      value: { score: 0.5, reason: 'ok' },
    });
  });

  it('names each field that failed validation', () => {
    const result = parseJsonReply('{"score": 7}', schema);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem).toMatch(/did not match the required format/);
      expect(result.problem).toMatch(/score: /);
      expect(result.problem).toMatch(/reason: /);
    }
  });

  it('caps the number of issues it lists', () => {
    const wide = z.object({ a: z.string(), b: z.string(), c: z.string() });
    const parsed = wide.safeParse({});
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(describeSchemaError(parsed.error, 2)).toMatch(/and 1 more/);
  });
});
