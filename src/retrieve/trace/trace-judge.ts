import { Injectable } from '@nestjs/common';
import { CrossEncoderReranker } from '../../embed/cross-encoder';
import type { UsageMeter } from '../../llm/llm-usage';
import { LlmService } from '../../llm/llm.service';
import type { PageJudgeText } from '../retrieve.repository';

/**
 * Cross-encoder score (0–1) from which the offline judge labels a page RELEVANT: chosen by end-to-end recall, since a
 * low threshold makes wrong pages RELEVANT and the walk expands them first (docs/measurements.md, "Moved from code comments"). */
export const TRACE_JUDGE_THRESHOLD = 0.5;

export interface PageJudgement {
  relevant: boolean;
  /** The cross-encoder's 0–1 score; an LLM verdict scores 1 (RELEVANT) or 0. */
  score: number;
  analysis: string;
  judge: 'cross-encoder' | 'llm';
}

export interface JudgeRequest {
  subQuery: string;
  question: string;
  pages: Array<PageJudgeText & { label: string }>;
  /** Analyses of the pages judged relevant so far (TRACE's memory), shown to an LLM judge. */
  memory: string[];
  meter: UsageMeter;
}

export interface JudgeBatch {
  /** In the order of `pages`. */
  judgements: PageJudgement[];
  crossEncoderCalls: number;
  /** (sub-query, window) pairs the cross-encoder actually ran on; cached pairs are not counted. */
  crossEncoderPairs: number;
  llmCalls: number;
  warnings: string[];
}

/**
 * TRACE's judge: RELEVANT or IRRELEVANT with a short analysis. Offline the cross-encoder scores the sub-query
 * against each page's best passages, the whole batch in one call; with an LLM the model judges each page and a
 * page whose LLM call failed (bad JSON after retries, timeout) is judged by the cross-encoder, with a warning.
 */
@Injectable()
export class TraceJudge {
  /** Cross-encoder scores by (sub-query, window): one pair per ONNX run, so a score never depends on its batch. */
  private readonly scoreCache = new ScoreCache(SCORE_CACHE_ENTRIES);

  constructor(
    private readonly reranker: CrossEncoderReranker,
    private readonly llm: LlmService,
  ) {}

  /** Forgets every cached score (a benchmark that must pay for each question's judging). */
  forgetScores(): void {
    this.scoreCache.clear();
  }

  get name(): 'llm' | 'cross-encoder' {
    return this.llm.enabled ? 'llm' : 'cross-encoder';
  }

  async judge(req: JudgeRequest): Promise<JudgeBatch> {
    const judgements: Array<PageJudgement | null> = req.pages.map(() => null);
    // Pages per failure message: after a timeout every later call fails alike, which one line says.
    const failures = new Map<string, string[]>();
    let llmCalls = 0;
    if (this.llm.enabled) {
      // One page at a time: each verdict's analysis joins the memory the next page is judged with.
      const memory = [...req.memory];
      for (const [i, page] of req.pages.entries()) {
        llmCalls += 1;
        const outcome = await this.llm.judge(
          {
            question: req.subQuery,
            mainQuestion: req.question,
            pageText: page.pageText || page.bestText,
            pageLabel: page.label,
            memory,
          },
          { meter: req.meter },
        );
        if (outcome.source !== 'llm') {
          const warning = outcome.warning ?? 'the LLM judge failed';
          failures.set(warning, [...(failures.get(warning) ?? []), page.label]);
          continue;
        }
        const relevant = outcome.value.label === 'RELEVANT';
        judgements[i] = { relevant, score: relevant ? 1 : 0, analysis: outcome.value.analysis, judge: 'llm' };
        if (relevant) memory.push(`${page.label}: ${outcome.value.analysis}`);
      }
    }
    const offline = req.pages.flatMap((page, i) => (judgements[i] ? [] : [{ page, i }]));
    const uncached = [
      ...new Set(
        offline.map(({ page }) => page.bestText).filter((t) => !this.scoreCache.has(req.subQuery, t)),
      ),
    ];
    if (uncached.length > 0) {
      const scores = await this.reranker.score(req.subQuery, uncached);
      uncached.forEach((text, j) => this.scoreCache.set(req.subQuery, text, scores[j] ?? 0));
    }
    for (const { page, i } of offline) {
      judgements[i] = crossEncoderVerdict(
        this.scoreCache.get(req.subQuery, page.bestText) ?? 0,
        page.bestText,
      );
    }
    return {
      judgements: judgements.map((j) => j!),
      crossEncoderCalls: uncached.length > 0 ? 1 : 0,
      crossEncoderPairs: uncached.length,
      llmCalls,
      warnings: [...failures].map(
        ([warning, labels]) =>
          `${labels.join(', ')}: ${warning}; the cross-encoder judged ${labels.length === 1 ? 'it' : 'them'} instead`,
      ),
    };
  }
}

function crossEncoderVerdict(score: number, text: string): PageJudgement {
  const relevant = score >= TRACE_JUDGE_THRESHOLD;
  const snippet = text.replace(/\s+/g, ' ').trim().slice(0, 80);
  return {
    relevant,
    score,
    analysis: `cross-encoder ${score.toFixed(3)} ${relevant ? '≥' : '<'} ${TRACE_JUDGE_THRESHOLD} on "${snippet}${snippet.length === 80 ? '…' : ''}"`,
    judge: 'cross-encoder',
  };
}

/** Scores kept: a bench run over the dev set stays well inside this (~12 pairs a question). */
const SCORE_CACHE_ENTRIES = 20_000;

/** Insertion-ordered map with the oldest entry dropped when full. */
export class ScoreCache {
  private readonly scores = new Map<string, number>();

  constructor(private readonly capacity: number) {}

  has(query: string, text: string): boolean {
    return this.scores.has(ScoreCache.key(query, text));
  }

  get(query: string, text: string): number | undefined {
    return this.scores.get(ScoreCache.key(query, text));
  }

  set(query: string, text: string, score: number): void {
    const key = ScoreCache.key(query, text);
    this.scores.delete(key);
    this.scores.set(key, score);
    if (this.scores.size > this.capacity) this.scores.delete(this.scores.keys().next().value!);
  }

  get size(): number {
    return this.scores.size;
  }

  clear(): void {
    this.scores.clear();
  }

  private static key(query: string, text: string): string {
    return `${query}\u0000${text}`;
  }
}
