import { z } from 'zod';
import { clip, exchange, looseEnum, text, uniqueBy, type RolePrompt } from './role-prompt';

// The answer contract with a model: it reads the evidence chain in order (page labels, the walk's verdicts, each
// element with its id; tables as grids with their scale) and returns a typed answer citing element ids it was given.
// MMRAG-DocQA's step-by-step analysis stays; the typed final answer is the one the offline answer gives.

export const NOT_ANSWERABLE = 'Not answerable';
/** MMLongBench-Doc's answer formats, which the benchmark and the API report beside the typed answer. */
export type AnswerFormat = 'String' | 'Integer' | 'Float' | 'List' | 'None';
/** The kind of value a question asks for, read from its wording ("how many" → COUNT, "is there" → YES_NO). */
export const ANSWER_KINDS = [
  'NUMBER',
  'PERCENTAGE',
  'DATE',
  'COUNT',
  'NAME',
  'LIST',
  'YES_NO',
  'TEXT',
] as const;
/** The scale a table or statement prints its numbers in ("in millions"); `units` when it prints none. */
export const NUMBER_SCALES = ['units', 'thousands', 'millions', 'billions'] as const;

export interface AnswerEvidenceElement {
  id: string;
  kind: string;
  /** The element's text; a table's markdown grid. */
  text: string;
  /** The scale a table prints its numbers in ("millions"), when it says. */
  scale?: string | null;
}

/** One page of the evidence chain, in the order the walk reached it. */
export interface AnswerEvidencePage {
  docId: string;
  pageNumber: number;
  /** The page number printed on the page when it differs from the PDF's. */
  printedLabel?: string | null;
  step: number | null;
  /** What the walk said of the page ("RELEVANT (cross-encoder 0.91): …"); null for a flat ranking. */
  verdict?: string | null;
  elements: AnswerEvidenceElement[];
}

export interface AnswerInput {
  question: string;
  /** The answer kind read from the question's wording, as a hint. */
  kind: (typeof ANSWER_KINDS)[number];
  pages: AnswerEvidencePage[];
  maxCharsPerElement?: number;
}

export interface LlmTypedAnswer {
  text: string;
  kind: (typeof ANSWER_KINDS)[number];
  value: string | null;
  unit: string | null;
  scale: (typeof NUMBER_SCALES)[number] | null;
  items: string[];
  formula: string | null;
}

export interface AnswerReply {
  analysis: string;
  answerable: boolean;
  answer: LlmTypedAnswer;
  /** Citations of element ids that were offered, with the model's quote (checked against the element by the caller). */
  citations: Array<{ elementId: string; quote: string }>;
  /** Element ids the model cited that were never offered. */
  inventedCitations: string[];
}

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim()));
const answerSchema = z.object({
  analysis: text,
  answerable: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()),
  answer: z.object({
    text,
    kind: looseEnum(ANSWER_KINDS),
    value: optionalText,
    unit: optionalText,
    scale: looseEnum(NUMBER_SCALES).nullable().optional().catch(null),
    items: z
      .array(scalar)
      .optional()
      .transform((v) => (v ?? []).map((i) => String(i).trim()).filter(Boolean)),
    formula: optionalText,
  }),
  citations: z
    .array(z.object({ elementId: z.union([z.string(), z.number()]).transform(String), quote: text }))
    .optional()
    .transform((v) => v ?? []),
});
type RawAnswer = z.infer<typeof answerSchema>;

const DEFAULT_MAX_CHARS_PER_ELEMENT = 1_500;

function pageBlock(page: AnswerEvidencePage, max: number): string {
  const label = page.printedLabel ? ` (printed page ${page.printedLabel})` : '';
  const step = page.step !== null ? `Step ${page.step}: ` : '';
  const verdict = page.verdict ? `\nwalk verdict: ${page.verdict}` : '';
  const elements = page.elements.map((e) => {
    const scale = e.scale ? `, numbers in ${e.scale}` : '';
    return `[${e.id}] (${e.kind}${scale})\n${clip(e.text, max)}`;
  });
  return `${step}document ${page.docId}, page ${page.pageNumber}${label}${verdict}\n${elements.join('\n') || '(no elements)'}`;
}

export function buildAnswerPrompt(input: AnswerInput): RolePrompt<RawAnswer, AnswerReply> {
  const max = input.maxCharsPerElement ?? DEFAULT_MAX_CHARS_PER_ELEMENT;
  const chain = input.pages.map((p) => pageBlock(p, max)).join('\n\n');
  return {
    role: 'answer',
    messages: exchange(
      'You answer questions about documents using only the evidence given: pages in the order a retrieval walk ' +
        'reached them, each page with its elements (an id in brackets, the kind, the text; tables as markdown grids ' +
        'with the scale their numbers are in). Reason step by step, then reply with one JSON object:\n' +
        '{"analysis": "step-by-step reasoning naming element ids", "answerable": true | false, ' +
        `"answer": {"text": "the answer as a short sentence", "kind": ${ANSWER_KINDS.map((k) => `"${k}"`).join(' | ')}, ` +
        '"value": "the value alone: a plain decimal without separators or units for numbers and percentages, an ISO ' +
        'date or a year, a name, \\"Yes\\" or \\"No\\"; null for a list", "unit": "USD, %, x, …" or null, ' +
        '"scale": "units" | "thousands" | "millions" | "billions" | null, "items": [the items of a LIST answer], ' +
        '"formula": "the arithmetic with the numbers used, when you computed the value" or null}, ' +
        '"citations": [{"elementId": "an id given in the evidence", "quote": "words copied exactly from that element"}]}\n' +
        'Cite only element ids that appear in the evidence. Keep a table\'s scale: a cell of 4,210 in a table "in ' +
        'millions" has value "4210" and scale "millions". If the evidence does not answer the question, set ' +
        `"answerable" to false, "answer.text" to "${NOT_ANSWERABLE}" and "citations" to [].`,
      `Question: ${input.question.trim()}\nExpected answer kind (from the wording): ${input.kind}\n\n` +
        `Evidence, in the order the walk reached it:\n${chain || '(none)'}`,
    ),
    schema: answerSchema,
    finish: (raw) => finishAnswer(raw, input),
  };
}

function finishAnswer(raw: RawAnswer, input: AnswerInput): AnswerReply {
  const offered = new Set(input.pages.flatMap((p) => p.elements.map((e) => e.id)));
  const answerable =
    raw.answerable &&
    !/^not\s+answerable\b/i.test(raw.answer.text.replace(/^["']/, '')) &&
    raw.answer.text !== '';
  const cited = uniqueBy(raw.citations, (c) => c.elementId);
  return {
    analysis: raw.analysis,
    answerable,
    answer: answerable
      ? { ...raw.answer, scale: raw.answer.scale ?? null }
      : {
          text: NOT_ANSWERABLE,
          kind: raw.answer.kind,
          value: null,
          unit: null,
          scale: null,
          items: [],
          formula: null,
        },
    citations: answerable ? cited.filter((c) => offered.has(c.elementId)) : [],
    inventedCitations: cited.filter((c) => !offered.has(c.elementId)).map((c) => c.elementId),
  };
}
