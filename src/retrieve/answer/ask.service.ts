import { Injectable } from '@nestjs/common';
import { UsageMeter } from '../../llm/llm-usage';
import type { DocumentPageText } from '../answerability';
import { DocumentVocabularies } from '../document-vocabularies';
import { respellingNote, withCorrections } from '../question-spelling';
import { ANSWER_PAGES_READ, type AnswerElement } from '../extractive-answer';
import { judgedIrrelevant } from './answer-evidence';
import { AnswerPipeline } from './answer-pipeline';
import { WholeDocumentAnswers } from './whole-document-answers';
import { RetrieveRepository } from '../retrieve.repository';
import { RetrieveService } from '../retrieve.service';
import {
  DEFAULT_STRATEGY,
  type AskResult,
  type SearchRequest,
  type SearchResult,
  type Strategy,
} from '../retrieve.types';
import { stageCosts } from '../stage-clock';

/** Pages an answer reads. */
const ANSWER_PAGES = 5;

export interface AskOptions {
  strategy?: Strategy;
  scope?: SearchRequest['scope'];
  rerank?: boolean;
}

/** Cited answers: a search for the pages, then a count over the graph, the LLM's answer or the offline extractive one. */
@Injectable()
export class AskService {
  constructor(
    private readonly retrieve: RetrieveService,
    private readonly repo: RetrieveRepository,
    private readonly answers: AnswerPipeline,
    private readonly wholeDocument: WholeDocumentAnswers,
    private readonly vocabularies: DocumentVocabularies,
  ) {}

  async ask(question: string, opts: AskOptions = {}): Promise<AskResult> {
    const meter = new UsageMeter();
    const search = await this.retrieve.search(
      {
        query: question,
        strategy: opts.strategy ?? DEFAULT_STRATEGY,
        scope: opts.scope ?? {},
        k: ANSWER_PAGES,
        rerank: opts.rerank ?? true,
      },
      meter,
    );
    const t0 = performance.now();
    const scoped = opts.scope?.docIds?.length === 1 ? opts.scope.docIds[0]! : null;
    const irrelevant = judgedIrrelevant(search.steps);
    // the answer reads the question with its misspelt words as the document prints them, and its format instructions
    const asked = search.respelling ? withCorrections(question, search.respelling) : question;
    const counted = scoped ? await this.wholeDocument.answer(asked, scoped, irrelevant) : null;
    const { warnings, ...answer } = counted
      ? { ...counted, warnings: [] }
      : await this.answers.answer(asked, search, {
          meter,
          vocabulary: (docIds) => this.vocabularies.of(docIds),
        });
    const answerMs = Math.round(performance.now() - t0);
    search.timings.push({ stage: 'answer', ms: answerMs });
    // The question's whole cost: the search's plus the answer's LLM calls and time.
    const usage = meter.totals();
    search.cost = {
      ...search.cost,
      llmCalls: usage.calls,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      stages: stageCosts(search.timings),
      totalMs: search.cost.totalMs + answerMs,
    };
    const respelt = search.respelling
      ? `The question's words were ${respellingNote(search.respelling)}.`
      : null;
    return {
      question,
      ...answer,
      analysis: respelt ? `${answer.analysis ?? ''} ${respelt}`.trim() : answer.analysis,
      search,
      usage: meter.toLlmUsage(),
      warnings: [...search.warnings, ...warnings],
    };
  }

  /** Every element of the pages the offline answer reads (their tables' grids and their running headers too). */
  answerElements(search: SearchResult): Promise<AnswerElement[]> {
    const pages = search.pages
      .slice(0, ANSWER_PAGES_READ)
      .map(({ docId, pageNumber }) => ({ docId, pageNumber }));
    return pages.length === 0 ? Promise.resolve([]) : this.repo.answerPageElements(pages);
  }

  /** Every page's text of the documents the offline answer reads (the answerability calibration reads it). */
  answerDocumentPages(docIds: string[]): Promise<DocumentPageText[]> {
    return docIds.length === 0 ? Promise.resolve([]) : this.repo.documentPageTexts(docIds);
  }
}
