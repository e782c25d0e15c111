import { Injectable } from '@nestjs/common';
import { PromiseLru } from '../../common/promise-lru';
import { UsageMeter } from '../../llm/llm-usage';
import { type DocumentPageText, DocumentVocabulary } from '../answerability';
import { ANSWER_PAGES_READ, type AnswerElement } from '../extractive-answer';
import { judgedIrrelevant } from './answer-evidence';
import { AnswerPipeline } from './answer-pipeline';
import { notAnswerableAnswer } from './extractive-source';
import { pagesAsked, pagesMentioning, phrasePattern } from './page-mentions';
import { listAnswer } from './typed-answer';
import { RetrieveRepository } from '../retrieve.repository';
import { RetrieveService } from '../retrieve.service';
import {
  DEFAULT_STRATEGY,
  type AskResult,
  type SearchRequest,
  type SearchResult,
  type Strategy,
} from '../retrieve.types';
import { searchQueryOf } from '../search-query';
import { stageCosts } from '../stage-clock';
import { countQuestionOf, countStructure } from '../structure-count';

/** Pages an answer reads. */
const ANSWER_PAGES = 5;
/** Document vocabularies kept for the offline answer: a few MB each for a 300-page filing. */
const VOCABULARY_CACHE_SIZE = 16;
/** Citations of a count answered from the graph: one per counted item, up to this many. */
const MAX_COUNT_CITATIONS = 30;

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
    const counted = scoped
      ? ((await this.structureAnswer(question, scoped, irrelevant)) ??
        (await this.mentionAnswer(question, scoped, irrelevant)))
      : null;
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

  /**
   * A question that counts one document's figures, tables or charts ("How many figures are in the appendix?") is
   * answered from its graph, with or without an LLM: the pages a search reads cannot hold the whole document's
   * count. Null when the question asks anything else, or the graph cannot scope it (no appendix in the outline).
   */
  private async structureAnswer(
    question: string,
    docId: string,
    irrelevant: ReadonlySet<string>,
  ): Promise<Omit<AskResult, 'question' | 'search' | 'usage' | 'warnings'> | null> {
    const asked = countQuestionOf(searchQueryOf(question).query);
    if (!asked) return null;
    const structure = await this.repo.documentStructure(docId);
    if (!structure) return null;
    const counted = countStructure(asked, structure);
    if (!counted.ok) {
      if (!asked.pages) return null;
      return {
        answer: notAnswerableAnswer('COUNT'),
        answerable: false,
        mode: 'graph',
        format: 'None',
        analysis: counted.reason,
        citations: [],
      };
    }
    const { count, how, evidence } = counted.result;
    const noun = asked.unit === 'pages' ? 'page' : asked.kind;
    return {
      answer: {
        text: `${count} ${noun}${count === 1 ? '' : 's'}`,
        kind: 'COUNT',
        value: String(count),
        unit: `${noun}s`,
        scale: null,
        items: [],
        formula: null,
      },
      answerable: true,
      mode: 'graph',
      format: 'Integer',
      analysis: `Counted in the document graph: ${how}.`,
      // the count is the whole document's, but a page the walk judged irrelevant is never cited
      citations: evidence
        .filter((e) => !irrelevant.has(`${docId}#${e.pageNumber}`))
        .slice(0, MAX_COUNT_CITATIONS)
        .map((e) => ({
          docId,
          pageNumber: e.pageNumber,
          elementId: e.elementId,
          bbox: e.bbox,
          quote: e.quote,
          score: 1,
          step: null,
        })),
    };
  }

  /**
   * "On which pages is Annex B-7 mentioned?" lists every page of the document that prints the named phrase, each
   * cited by the element that prints it: a search's top pages cannot hold them all. Null when no page prints it.
   */
  private async mentionAnswer(
    question: string,
    docId: string,
    irrelevant: ReadonlySet<string>,
  ): Promise<Omit<AskResult, 'question' | 'search' | 'usage' | 'warnings'> | null> {
    const asked = pagesAsked(question);
    if (!asked) return null;
    const pages = pagesMentioning(await this.repo.documentPageTexts([docId]), asked.phrase);
    if (pages.length === 0) return null;
    const pattern = phrasePattern(asked.phrase);
    const elements = await this.repo.answerPageElements(pages.map((pageNumber) => ({ docId, pageNumber })));
    const citations = pages.flatMap((pageNumber) => {
      const e = elements.find((x) => x.pageNumber === pageNumber && pattern.test(x.text));
      if (!e || irrelevant.has(`${docId}#${pageNumber}`)) return [];
      const quote = e.text.length > 160 ? (pattern.exec(e.text)?.[0] ?? asked.phrase) : e.text;
      return [{ docId, pageNumber, elementId: e.elementId, bbox: e.bbox, quote, score: 1, step: null }];
    });
    const items = pages.map(asked.label);
    return {
      answer: listAnswer(
        items,
        `"${asked.phrase}" is printed on ${pages.length === 1 ? 'page' : 'pages'} ${pages.join(', ')}`,
      ),
      answerable: true,
      mode: 'graph',
      format: 'List',
      analysis: `Looked "${asked.phrase}" up in every page's text of the document: ${pages.length} pages print it.`,
      citations,
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
