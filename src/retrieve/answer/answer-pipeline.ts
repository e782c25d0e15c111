import { Injectable } from '@nestjs/common';
import { LlmError } from '../../llm/llm.errors';
import type { UsageMeter } from '../../llm/llm-usage';
import { LlmService } from '../../llm/llm.service';
import { type DocumentVocabulary, namedButAbsent } from '../answerability';
import { ExtractiveAnswerer } from '../extractive-answer';
import { RetrieveRepository } from '../retrieve.repository';
import type { AnswerFormat } from '../../llm/prompts/answer.prompt';
import type { AskResult, Citation, PageHit, SearchResult } from '../retrieve.types';
import { llmAnswer } from './llm-answer';
import { byRank, evidenceOf, pickEvidence, stepOfPage } from './answer-evidence';
import { statementPagesToRead } from './statement-window';
import { answerKindOf } from './answer-kind';
import { CANDIDATE_SOURCES } from './candidate-sources';
import { notAnswerableAnswer, typedFromExtractive } from './extractive-source';
import type { AnswerEvidence, AnswerKind, TypedAnswer } from './typed-answer';
import { NO_CLAIM_SUPPORT } from './yes-no-source';
import { asksForColour, NO_COLOUR_STATED } from './colour-source';

/** What the answer stages need besides the search: the usage meter and the documents' vocabularies (cached). */
export interface AnswerContext {
  meter: UsageMeter;
  vocabulary: (docIds: string[]) => Promise<DocumentVocabulary | null>;
}

type Answered = Pick<AskResult, 'answer' | 'answerable' | 'mode' | 'format' | 'analysis' | 'citations'>;
/** An answer with the problems that did not stop it (an LLM that failed and was replaced by the offline answer). */
export type PipelineAnswer = Answered & { warnings: string[] };

const notAnswerable = (kind: AnswerKind, why: string): Answered => ({
  answer: notAnswerableAnswer(kind),
  answerable: false,
  mode: 'extractive',
  format: 'None',
  analysis: why,
  citations: [],
});

/** MMLongBench-Doc's answer format of a typed answer. */
export function formatOf(answer: TypedAnswer, answerable: boolean): AnswerFormat {
  if (!answerable) return 'None';
  switch (answer.kind) {
    case 'COUNT':
      return 'Integer';
    case 'NUMBER':
    case 'PERCENTAGE':
      return answer.value !== null && /^-?\d+$/.test(answer.value) ? 'Integer' : 'Float';
    case 'LIST':
      return 'List';
    case 'DATE':
    case 'NAME':
    case 'YES_NO':
    case 'TEXT':
      return 'String';
  }
}

/**
 * The answer reads the strategy's evidence and nothing else (answer-evidence.ts): the model when one is configured,
 * else the offline answer; every citation names the evidence step its page came from.
 */
@Injectable()
export class AnswerPipeline {
  constructor(
    private readonly repo: RetrieveRepository,
    private readonly extractive: ExtractiveAnswerer,
    private readonly llm: LlmService,
  ) {}

  async answer(question: string, search: SearchResult, context: AnswerContext): Promise<PipelineAnswer> {
    const kind = answerKindOf(question);
    const picked = pickEvidence(search);
    if (!picked.ok) return { ...notAnswerable(kind, picked.reason), warnings: [] };
    const pages = [
      ...picked.pages,
      ...(await statementPagesToRead(this.repo, question, search, picked.pages)),
    ];
    const refs = pages.map(({ docId, pageNumber }) => ({ docId, pageNumber }));
    const elements = await this.repo.answerPageElements(refs);
    const evidence = evidenceOf(question, kind, pages, elements);
    const warnings: string[] = [];
    const named = picked.named.map((p) => `p. ${p.pageNumber}`).join(', ');
    const noted = (answered: Answered): Answered =>
      named
        ? {
            ...answered,
            analysis:
              `${answered.analysis ?? ''} Only the pages the question names were read (${named}).`.trim(),
          }
        : answered;
    if (this.llm.enabled) {
      try {
        const replied = await llmAnswer(this.llm, evidence, search, context.meter);
        if (replied.ok) {
          const { ok: _, ...answered } = replied;
          return {
            ...noted({ ...answered, mode: 'llm', format: formatOf(answered.answer, answered.answerable) }),
            warnings,
          };
        }
        warnings.push(replied.warning);
      } catch (err) {
        if (!(err instanceof LlmError)) throw err;
        warnings.push(
          `The LLM could not answer (${err.code}: ${err.message}); this is the offline extractive answer.`,
        );
      }
    }
    return { ...noted(await this.offlineAnswer(evidence, search, context)), warnings };
  }

  /**
   * The first candidate source that reads a value of the kind asked for from the evidence, else the extractive
   * answer over the evidence pages only, weighed by their rank as the strategy ranked them.
   */
  private async offlineAnswer(
    evidence: AnswerEvidence,
    search: SearchResult,
    context: AnswerContext,
  ): Promise<Answered> {
    for (const source of CANDIDATE_SOURCES) {
      const found = source.read(evidence);
      if (found) {
        // the value answers what the document holds; a question naming what it never mentions is another question
        const docIds = [...new Set(found.citations.map((c) => c.docId))];
        const absent = namedButAbsent(evidence.question, await context.vocabulary(docIds));
        if (absent) {
          return notAnswerable(
            evidence.kind,
            `The question names ${absent}, which the document never mentions, so the value read from ` +
              `${found.citations[0] ? `p. ${found.citations[0].pageNumber}` : 'the evidence'} answers another question.`,
          );
        }
        return {
          answer: found.answer,
          answerable: true,
          mode: 'extractive',
          format: formatOf(found.answer, true),
          analysis: found.analysis,
          citations: found.citations,
        };
      }
    }
    if (evidence.kind === 'YES_NO') return notAnswerable('YES_NO', NO_CLAIM_SUPPORT);
    if (asksForColour(evidence.question)) return notAnswerable(evidence.kind, NO_COLOUR_STATED);
    const pages = byRank(evidence);
    const view: SearchResult = { ...search, pages: pages.map(hitOf) };
    const vocabulary = await context.vocabulary([...new Set(pages.map((p) => p.docId))]);
    const answered = this.extractive.answer(
      evidence.question,
      view,
      pages.flatMap((p) => p.elements),
      { vocabulary },
    );
    const answer = typedFromExtractive(evidence.kind, evidence.question, answered);
    return {
      answer,
      answerable: answered.answerable,
      mode: 'extractive',
      format: formatOf(answer, answered.answerable),
      analysis: answered.analysis,
      citations: withSteps(answered.citations, evidence),
    };
  }
}

/** An evidence page as the extractive answerer's page hit (its elements are passed beside it). */
function hitOf(page: { docId: string; pageNumber: number; score: number }): PageHit {
  return {
    docId: page.docId,
    pageNumber: page.pageNumber,
    score: page.score,
    reason: '',
    hop: 0,
    elements: [],
  };
}

function withSteps(citations: Citation[], evidence: AnswerEvidence): Citation[] {
  return citations.map((c) => ({ ...c, step: stepOfPage(evidence, c) }));
}
