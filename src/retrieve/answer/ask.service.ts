import { Injectable } from '@nestjs/common';
import { PromiseLru } from '../../common/promise-lru';
import { UsageMeter } from '../../llm/llm-usage';
import { type DocumentPageText, DocumentVocabulary } from '../answerability';
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
/** Document vocabularies kept for the offline answer: a few MB each for a 300-page filing. */
const VOCABULARY_CACHE_SIZE = 16;

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
  ) {}

  /** The offline answer's document vocabularies, by document ids and versions. */
  private readonly vocabularies = new PromiseLru<DocumentVocabulary | null>(VOCABULARY_CACHE_SIZE);

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
    const counted = scoped ? await this.wholeDocument.answer(question, scoped, irrelevant) : null;
    const { warnings, ...answer } = counted
      ? { ...counted, warnings: [] }
      : await this.answers.answer(question, search, {
          meter,
          vocabulary: (docIds) => this.answerVocabulary(docIds),
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
    return {
      question,
      ...answer,
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

  /** Every page's text of the documents the offline answer reads: which of the question's words they hold anywhere. */
  answerDocumentPages(docIds: string[]): Promise<DocumentPageText[]> {
    return docIds.length === 0 ? Promise.resolve([]) : this.repo.documentPageTexts(docIds);
  }

  /**
   * What the documents hold anywhere, for the offline answer's "Not answerable" cues. Reading every page's text and
   * indexing its words costs ~200 ms on a long filing, so it is read once per document version (re-ingesting a
   * document gives it a new version) and kept; concurrent asks about the same documents share one read.
   */
  async answerVocabulary(docIds: string[]): Promise<DocumentVocabulary | null> {
    if (docIds.length === 0) return null;
    const versions = await this.repo.documentVersions(docIds);
    if (versions.length === 0) return null;
    const key = versions
      .map((v) => `${v.docId}@${v.version}`)
      .sort()
      .join('|');
    return this.vocabularies.get(key, async () => {
      const pages = await this.answerDocumentPages(versions.map((v) => v.docId));
      return pages.length > 0 ? new DocumentVocabulary(pages) : null;
    });
  }
}
