import { Injectable } from '@nestjs/common';
import { TraceWalker } from '../trace/trace-walker';
import type { RankRequest, Ranker, RankerNeeds, Ranking } from './ranker';

/** TRACE: sub-queries walked page by page over the graph, each page judged (cross-encoder or LLM) before it counts. */
@Injectable()
export class TraceRanker implements Ranker<'TRACE'> {
  readonly strategy = 'TRACE';
  readonly needs: RankerNeeds = { rerank: 'already-judged', enrichment: ['similar'], warningsInTrace: false };

  constructor(private readonly walker: TraceWalker) {}

  async rank({ query, embedding, docIds, k, trace, meter }: RankRequest): Promise<Ranking> {
    const walked = await this.walker.walk({ question: query, embedding, docIds, k, options: trace, meter });
    return {
      pages: walked.pages,
      reason: 'trace',
      trace: walked.trace,
      steps: walked.steps,
      timings: walked.timings,
      warnings: walked.warnings,
      walk: {
        visited: walked.stats.visited,
        judged: walked.stats.judged,
        judgeCalls: walked.stats.crossEncoderCalls + walked.stats.llmCalls,
      },
    };
  }
}
