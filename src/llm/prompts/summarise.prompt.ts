import { z } from 'zod';
import { clip, exchange, stringList, uniqueBy, type RolePrompt } from './role-prompt';

// Page, section, cluster (summary tree) and element summaries with keywords (DMAP, MMRAG-DocQA, G²-Reader).

export type SummaryKind = 'page' | 'section' | 'cluster' | 'document' | 'element';

export interface SummariseInput {
  kind: SummaryKind;
  text: string;
  /** Section title or document title, when there is one. */
  title?: string;
  maxWords?: number;
  /** Sentences the offline (extractive) summary keeps. */
  maxSentences?: number;
  maxKeywords?: number;
  maxChars?: number;
}

export interface SummariseReply {
  summary: string;
  keywords: string[];
}

const summariseSchema = z.object({
  summary: z.string().trim().min(1, 'must not be empty'),
  keywords: stringList,
});

const WHAT_IS_SUMMARISED: Record<SummaryKind, string> = {
  page: 'a document page',
  section: 'a document section',
  cluster: 'a group of related passages from a document',
  document: 'a whole document',
  element: 'one element of a document (a paragraph, table, figure or caption)',
};

export function buildSummarisePrompt(
  input: SummariseInput,
): RolePrompt<z.infer<typeof summariseSchema>, SummariseReply> {
  const maxWords = input.maxWords ?? (input.kind === 'element' ? 40 : 100);
  const maxKeywords = input.maxKeywords ?? 8;
  return {
    role: 'summarise',
    messages: exchange(
      `Summarise ${WHAT_IS_SUMMARISED[input.kind]} in at most ${maxWords} words, keeping names, numbers and ` +
        `what tables or figures show, and list up to ${maxKeywords} keywords a reader would search for. ` +
        'Use only the text given. Reply with JSON: {"summary": "...", "keywords": ["...", "..."]}.',
      `${input.title ? `Title: ${input.title.trim()}\n\n` : ''}Text:\n${clip(input.text, input.maxChars ?? 12_000)}`,
    ),
    schema: summariseSchema,
    finish: (raw) => ({
      summary: raw.summary,
      keywords: uniqueBy(
        raw.keywords.filter((k) => k.length > 0),
        (k) => k.toLowerCase(),
      ).slice(0, maxKeywords),
    }),
  };
}
