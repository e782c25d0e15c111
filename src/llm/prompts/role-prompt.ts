import { z } from 'zod';
import type { ChatMessage, LlmRole } from '../llm.types';

/** What a role's prompt builder returns: the messages, the reply's schema, and how to turn a valid reply into the result. */
export interface RolePrompt<TReply, TResult = TReply> {
  role: LlmRole;
  messages: ChatMessage[];
  schema: z.ZodType<TReply>;
  /** Normalises a validated reply and drops ids the model invented (ids not offered in the prompt). */
  finish: (reply: TReply) => TResult;
}

/** A role's one exchange with the model: its instructions as the system message, then the user's input. */
export const exchange = (instructions: string, input: string): ChatMessage[] => [
  { role: 'system', content: instructions },
  { role: 'user', content: input },
];

/** Long inputs are cut so one page or passage cannot blow the context window. */
export function clip(text: string, maxChars: number): string {
  const flat = text.trim();
  return flat.length <= maxChars ? flat : `${flat.slice(0, maxChars).trimEnd()} […]`;
}

/** A string list that models sometimes send as one comma/semicolon-separated string. */
export const stringList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[,;\n]/) : v),
  z.array(z.union([z.string(), z.number()]).transform((s) => String(s).trim())),
);

/** A free-text field that may be missing (then empty) or sent as a number. */
export const text = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined ? '' : String(v).trim()));

/** Case- and punctuation-insensitive enum: "relevant", " RELEVANT." and "Relevant" all match RELEVANT. */
export function looseEnum<const T extends readonly [string, ...string[]]>(values: T) {
  const byKey = new Map(values.map((v) => [v.toLowerCase().replace(/[^a-z]/g, ''), v]));
  return z.preprocess(
    (v) => (typeof v === 'string' ? (byKey.get(v.toLowerCase().replace(/[^a-z]/g, '')) ?? v) : v),
    z.enum(values),
  );
}

export function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
