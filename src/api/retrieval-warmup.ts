import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { AskService } from '../retrieve/answer/ask.service';
import { RetrieveService } from '../retrieve/retrieve.service';
import { DEFAULT_STRATEGY, type Strategy } from '../retrieve/retrieve.types';

/** A question of the common kind: full-text and vector search, named years, a table value to read. */
export const WARMUP_QUESTION = 'What was the total revenue in 2023 compared with the previous year?';
/** The strategies most requests use; the others plan their own queries on first use. */
const WARMED_STRATEGIES: readonly Strategy[] = ['VECTOR', 'HYBRID'];

/**
 * Runs one search per common strategy and one ask before the API listens. On a Neo4j that has just started, the
 * first walks are planned and read from disk: a burst arriving then (a replica joining a load balancer) ran every
 * request past the read timeout. Offline only (no LLM call); a failure is logged and the API starts anyway.
 */
@Injectable()
export class RetrievalWarmup implements OnApplicationBootstrap {
  private readonly logger = new Logger(RetrievalWarmup.name);

  constructor(
    private readonly retrieve: RetrieveService,
    private readonly asker: AskService,
    @Inject(FOLIO_CONFIG) private readonly config: FolioConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const t0 = performance.now();
    try {
      for (const strategy of WARMED_STRATEGIES)
        await this.retrieve.search({ query: WARMUP_QUESTION, strategy, scope: {}, k: 5, rerank: false });
      // With an LLM configured the answer stage would call it: the default search (with the cross-encoder) instead.
      if (this.config.llm) {
        const request = { query: WARMUP_QUESTION, strategy: DEFAULT_STRATEGY, scope: {}, k: 5, rerank: true };
        await this.retrieve.search(request);
      } else await this.asker.ask(WARMUP_QUESTION, { rerank: true });
      this.logger.log(`Retrieval warmed up in ${Math.round(performance.now() - t0)} ms`);
    } catch (err) {
      this.logger.warn(
        `Retrieval warm-up failed (${err instanceof Error ? err.message : String(err)}); ` +
          'the first searches may be slow.',
      );
    }
  }
}
