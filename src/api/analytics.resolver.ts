import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { AnalyticsService } from '../analytics/analytics.service';
import type {
  CorpusDocumentRow,
  DocumentAnalytics,
  DocumentSimilarity,
  PageGraphAnalytics,
} from '../analytics/analytics.types';
import { evidenceBrowserCommand } from '../analytics/browser-guide';
import { CypherRegistry } from '../graph/cypher-registry';
import type { AskResult } from '../retrieve/retrieve.types';
import { ApiError } from './api.errors';

type PageGraphView = PageGraphAnalytics & { estimatedBytes: number };

const MAX_HUB_PAGES = 100;

@Resolver('DocumentAnalytics')
export class DocumentAnalyticsResolver {
  constructor(private readonly analytics: AnalyticsService) {}

  @Query('analytics')
  async documentAnalytics(
    @Args('docId') docId: string,
    @Args('hubPages', { type: () => Int }) hubPages: number,
  ): Promise<DocumentAnalytics> {
    if (hubPages < 0 || hubPages > MAX_HUB_PAGES)
      throw new ApiError(
        'BAD_USER_INPUT',
        `hubPages must be between 0 and ${MAX_HUB_PAGES} (got ${hubPages}).`,
      );
    return this.analytics.document(docId, hubPages);
  }

  /** GDS only runs when a client selects this field. */
  @ResolveField('pageGraph')
  async pageGraph(
    @Parent() a: DocumentAnalytics,
    @Args('write') write: boolean,
    @Args('top', { type: () => Int }) top: number,
  ): Promise<PageGraphView> {
    if (top < 0 || top > 1000)
      throw new ApiError('BAD_USER_INPUT', `top must be between 0 and 1000 (got ${top}).`);
    const g = await this.analytics.pageGraph([a.overview.docId], { write, topPages: top });
    const e = g.estimate;
    return { ...g, estimatedBytes: e.projectionBytes + Math.max(e.pageRankBytes, e.leidenBytes, e.wccBytes) };
  }
}

@Resolver('CorpusAnalytics')
export class CorpusAnalyticsResolver {
  constructor(private readonly analytics: AnalyticsService) {}

  @Query('corpusAnalytics')
  async corpusAnalytics(): Promise<{ documents: CorpusDocumentRow[] }> {
    return { documents: await this.analytics.corpus() };
  }

  @ResolveField('similarDocuments')
  async similarDocuments(@Args('top', { type: () => Int }) top: number): Promise<DocumentSimilarity[]> {
    if (top < 1 || top > 20)
      throw new ApiError('BAD_USER_INPUT', `top must be between 1 and 20 (got ${top}).`);
    return this.analytics.documentSimilarity(null, top);
  }
}

@Resolver('Answer')
export class AnswerBrowserQueryResolver {
  constructor(private readonly cypher: CypherRegistry) {}

  @ResolveField('browserQuery')
  browserQuery(@Parent() answer: AskResult): string | null {
    return evidenceBrowserCommand(
      this.cypher.get('browser/7-ask-evidence'),
      answer.citations,
      answer.search.steps,
    );
  }
}
