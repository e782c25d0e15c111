import type { UsageMeter } from '../../llm/llm-usage';
import type { LlmService } from '../../llm/llm.service';
import { type AnswerEvidencePage } from '../../llm/prompts/answer.prompt';
import { FURNITURE_KINDS, printedPageLabel } from '../answer-units';
import type { EvidenceStep } from '../evidence-step';
import type { AnswerElement } from '../extractive-answer';
import type { Citation, SearchResult } from '../retrieve.types';
import type { AnswerEvidence, TypedAnswer } from './typed-answer';
import { scaleOf } from './table-numbers';

// The answer contract with a model: the evidence chain goes in, in order, with the walk's verdicts; a typed answer
// citing element ids comes out. A reply citing anything it was not given is refused (the caller answers offline).

export type LlmAnswerOutcome =
  | { ok: true; answer: TypedAnswer; answerable: boolean; analysis: string; citations: Citation[] }
  | { ok: false; warning: string };

/** What the walk said of a page: its verdict, judge and reason; null for a flat ranking or an unreached page. */
function verdictOf(steps: readonly EvidenceStep[], step: number | null): string | null {
  const s = steps.find((x) => x.step === step);
  if (!s) return null;
  const judged = s.judge && s.score !== null ? ` (${s.judge} ${s.score.toFixed(2)})` : '';
  return `${s.verdict}${judged}, reached by ${s.via}${s.fromPage !== null ? ` from p.${s.fromPage}` : ''}: ${s.reason}`;
}

/** An element as the model reads it: a table as its grid with the scale printed with it (or just above it). */
function elementFor(element: AnswerElement, previous: AnswerElement | undefined) {
  const isTable = element.kind === 'table' && element.description;
  return {
    id: element.elementId,
    kind: element.kind,
    text: isTable ? `${element.text}\n${element.description!}`.trim() : element.text,
    scale: isTable ? scaleOf(`${element.text}\n${element.description!}\n${previous?.text ?? ''}`) : null,
  };
}

export function evidenceChain(evidence: AnswerEvidence, search: SearchResult): AnswerEvidencePage[] {
  return evidence.pages.map((page) => {
    const body = page.elements.filter((e) => !FURNITURE_KINDS.has(e.kind) && e.text.trim() !== '');
    return {
      docId: page.docId,
      pageNumber: page.pageNumber,
      printedLabel: printedPageLabel(
        page.pageNumber,
        page.elements.filter((e) => FURNITURE_KINDS.has(e.kind)),
      ),
      step: page.step,
      verdict: verdictOf(search.steps, page.step),
      elements: body.map((e, i) => elementFor(e, body[i - 1])),
    };
  });
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The model's quote when the element holds it (whitespace aside), else the element's own text: always grounded. */
function groundedQuote(quote: string, element: AnswerElement): string {
  const q = flat(quote);
  return q !== '' && flat(element.text).includes(q) ? q : flat(element.text);
}

/**
 * The model's typed answer over the evidence chain. Refused (ok: false, with the warning the caller shows) when the
 * model cites an element it was not given, or answers without citing one; LlmError (timeout, malformed JSON after
 * retries, server down) propagates to the caller, which answers offline.
 */
export async function llmAnswer(
  llm: LlmService,
  evidence: AnswerEvidence,
  search: SearchResult,
  meter: UsageMeter,
): Promise<LlmAnswerOutcome> {
  const pages = evidenceChain(evidence, search);
  const { value } = await llm.answer({ question: evidence.question, kind: evidence.kind, pages }, { meter });
  if (value.inventedCitations.length > 0) {
    return {
      ok: false,
      warning:
        `The LLM cited element(s) it was not given (${value.inventedCitations.slice(0, 5).join(', ')}); ` +
        'this is the offline answer.',
    };
  }
  if (value.answerable && value.citations.length === 0)
    return {
      ok: false,
      warning: 'The LLM answered without citing any element of the evidence; this is the offline answer.',
    };
  const elements = new Map(
    evidence.pages.flatMap((p) => p.elements.map((e) => [e.elementId, { e, p }] as const)),
  );
  const citations = value.citations.flatMap((c): Citation[] => {
    const found = elements.get(c.elementId);
    if (!found) return [];
    const { e, p } = found;
    return [
      {
        docId: e.docId,
        pageNumber: e.pageNumber,
        elementId: e.elementId,
        bbox: e.bbox,
        quote: groundedQuote(c.quote, e),
        score: p.score,
        step: p.step,
      },
    ];
  });
  return {
    ok: true,
    answer: value.answer,
    answerable: value.answerable,
    analysis: value.analysis,
    citations,
  };
}
