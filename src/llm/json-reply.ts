import type { z } from 'zod';

export type JsonExtraction = { ok: true; value: unknown } | { ok: false; problem: string };

/**
 * The JSON value in a model's reply. JSON mode gives bare JSON, but servers without it (and some with it) wrap
 * the object in ```json fences, put prose around it, or prefix a <think> block; all of those are tolerated.
 */
export function extractJson(text: string): JsonExtraction {
  const withoutThinking = text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  if (withoutThinking.length === 0) return { ok: false, problem: 'the reply was empty' };

  const candidates: string[] = [withoutThinking];
  for (const fence of withoutThinking.matchAll(/```[a-zA-Z]*[ \t]*\r?\n?([\s\S]*?)```/g)) {
    if (fence[1] !== undefined) candidates.push(fence[1].trim());
  }
  const embedded = firstBalancedJson(withoutThinking);
  if (embedded !== undefined) candidates.push(embedded);

  let firstError = '';
  for (const candidate of candidates) {
    try {
      return { ok: true, value: JSON.parse(candidate) as unknown };
    } catch (err) {
      firstError ||= (err as Error).message;
    }
  }
  return { ok: false, problem: `the reply was not valid JSON (${firstError})` };
}

/** The first top-level {...} or [...] in the text, matched by brackets outside string literals. */
function firstBalancedJson(text: string): string | undefined {
  const start = text.search(/[{[]/);
  if (start < 0) return undefined;
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') stack.push('}');
    else if (ch === '[') stack.push(']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return undefined;
      if (stack.length === 0) return text.slice(start, i + 1);
    }
  }
  return undefined;
}

/** A short, model-readable list of what did not match the schema (fed back when re-asking). */
export function describeSchemaError(error: z.ZodError, maxIssues = 5): string {
  const issues = error.issues.slice(0, maxIssues).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : '(root)';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > maxIssues ? `; and ${error.issues.length - maxIssues} more` : '';
  return `the JSON did not match the required format (${issues.join('; ')}${more})`;
}

export type ReplyParse<T> = { ok: true; value: T } | { ok: false; problem: string };

export function parseJsonReply<T>(text: string, schema: z.ZodType<T>): ReplyParse<T> {
  const extracted = extractJson(text);
  if (!extracted.ok) return extracted;
  const parsed = schema.safeParse(extracted.value);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problem: describeSchemaError(parsed.error) };
}
