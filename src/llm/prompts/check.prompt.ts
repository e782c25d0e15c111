import { z } from 'zod';
import { clip, exchange, stringList, type RolePrompt } from './role-prompt';

// G²-Reader's evidence checker: is the gathered evidence enough to answer, and if not, what is missing?

export interface CheckInput {
  question: string;
  evidence: { label?: string; text: string }[];
  maxCharsPerPassage?: number;
}

export interface CheckReply {
  sufficient: boolean;
  gaps: string[];
}

const yesNo = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  if (/^(true|yes|sufficient)$/i.test(v.trim())) return true;
  if (/^(false|no|insufficient)$/i.test(v.trim())) return false;
  return v;
}, z.boolean());
const checkSchema = z.object({ sufficient: yesNo, gaps: stringList.default([]) });

export function buildCheckPrompt(input: CheckInput): RolePrompt<z.infer<typeof checkSchema>, CheckReply> {
  const max = input.maxCharsPerPassage ?? 1_500;
  const passages = input.evidence
    .map((e, i) => `[${i + 1}]${e.label ? ` ${e.label}` : ''}\n${clip(e.text, max)}`)
    .join('\n\n');
  return {
    role: 'check',
    messages: exchange(
      'Decide whether the evidence passages are enough to answer the question fully. If not, list what is ' +
        'missing as short search queries. Reply with JSON: {"sufficient": true | false, "gaps": ["..."]}.',
      `Question: ${input.question.trim()}\n\nEvidence:\n${passages || '(none)'}`,
    ),
    schema: checkSchema,
    finish: (raw) => ({
      sufficient: raw.sufficient,
      gaps: raw.sufficient ? [] : raw.gaps.filter((g) => g.length > 0),
    }),
  };
}
