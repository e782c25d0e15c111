import { Args, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { StoredElement, StoredPage } from '../graph/content.repository';
import type { StoredDocument } from '../graph/document.repository';
import type { EnrichStageName } from '../document/enrichment-stages';
import type { EnrichmentJobRow, StageRecord } from '../enrich/enrich.repository';
import { EnrichService } from '../enrich/enrich.service';
import { EnrichmentJobService } from '../enrich/enrichment-job.service';
import type { RelatedElementLink, StoredRevision } from '../enrich/evolution/evolution.repository';
import { SimilarityRepository, SimilarPageLink } from '../enrich/similarity/similarity.repository';
import {
  SummariesRepository,
  type StoredSummary,
  type SummaryKind as StoredSummaryKind,
} from '../enrich/summaries/summaries.repository';
import { ApiError, found } from './api.errors';
import type {
  EnrichmentCost,
  EnrichmentMode,
  EnrichmentStage,
  EnrichmentStageCost,
  SummaryKind,
} from '../document/graphql.types';
import { Loaders } from './request-cache';
import type { RequestLoaders } from './request-loaders';

const STAGES: Record<EnrichmentStage, EnrichStageName> = {
  SUMMARIES: 'summaries',
  SIMILAR: 'similar',
  EVOLVE: 'evolve',
  TREE: 'tree',
};

@Resolver('EnrichmentJob')
export class EnrichResolver {
  constructor(private readonly jobs: EnrichmentJobService) {}

  @Mutation('enrichDocument')
  async enrichDocument(
    @Args('id') id: string,
    @Args('stages', { nullable: true }) stages: EnrichmentStage[] | null,
    @Args('mode', { nullable: true }) mode: EnrichmentMode | null,
    @Args('crossDocument', { nullable: true }) crossDocument: boolean | null,
  ): Promise<EnrichmentJobRow> {
    return this.jobs.start(id, {
      stages: stages?.map((s) => STAGES[s]),
      mode: mode === 'LLM' ? 'llm' : 'offline',
      crossDocument: crossDocument ?? false,
    });
  }

  @Query('enrichmentJob')
  async enrichmentJob(@Args('id') id: string): Promise<EnrichmentJobRow> {
    return this.jobs.get(id);
  }

  @ResolveField('document')
  async document(
    @Parent() job: EnrichmentJobRow,
    @Loaders() loaders: RequestLoaders,
  ): Promise<StoredDocument | null> {
    return loaders.document.load(job.docId);
  }
}

export function enrichmentCost(records: StageRecord[]): EnrichmentCost | null {
  if (records.length === 0) return null;
  const stages: EnrichmentStageCost[] = records.map((r) => ({
    stage: r.stage,
    mode: r.mode,
    calls: r.calls,
    failedCalls: r.failedCalls,
    promptTokens: r.promptTokens,
    completionTokens: r.completionTokens,
    costUsd: r.costUsd,
    ms: r.ms,
    counts: Object.entries(r.counts).map(([name, count]) => ({ name, count })),
    warnings: r.warnings,
    finishedAt: r.finishedAt,
    error: r.error ?? null,
  }));
  const sum = (f: (s: EnrichmentStageCost) => number) => stages.reduce((n, s) => n + f(s), 0);
  return {
    stages,
    calls: sum((s) => s.calls),
    promptTokens: sum((s) => s.promptTokens),
    completionTokens: sum((s) => s.completionTokens),
    costUsd: sum((s) => s.costUsd),
    ms: sum((s) => s.ms),
  };
}

/** A `limit` argument of the enrichment lists, or their default when the client gave none. */
function limitArg(limit: number | null, byDefault: number): number {
  const n = limit ?? byDefault;
  if (n < 0 || n > 10_000) throw new ApiError('BAD_USER_INPUT', 'limit must lie between 0 and 10000.');
  return n;
}

/** A SIMILAR_TO edge with its pages loaded lazily by the SimilarPage fields. */
type SimilarPageParent = SimilarPageLink;

@Resolver('Document')
export class DocumentEnrichmentResolver {
  constructor(
    private readonly enrich: EnrichService,
    private readonly similarity: SimilarityRepository,
    private readonly summaries: SummariesRepository,
  ) {}

  @ResolveField('summaries')
  async summaryList(
    @Parent() doc: StoredDocument,
    @Args('kinds', { nullable: true }) kinds: SummaryKind[] | null,
    @Args('level', { type: () => Int, nullable: true }) level: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
  ): Promise<StoredSummary[]> {
    return this.summaries.storedSummaries(doc.id, {
      kinds: kinds?.map((k) => k.toLowerCase() as StoredSummaryKind),
      level,
      limit: limitArg(limit, 200),
    });
  }

  @ResolveField('similarPages')
  async similarPages(
    @Parent() doc: StoredDocument,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
  ): Promise<SimilarPageParent[]> {
    return this.similarity.documentEdges(doc.id, limitArg(limit, 100));
  }

  @ResolveField('enrichment')
  async enrichment(@Parent() doc: StoredDocument): Promise<EnrichmentCost | null> {
    return enrichmentCost(await this.enrich.records(doc.id));
  }
}

@Resolver('Summary')
export class SummaryResolver {
  constructor(private readonly summaries: SummariesRepository) {}

  @ResolveField('kind')
  kind(@Parent() s: StoredSummary): SummaryKind {
    return s.kind.toUpperCase() as SummaryKind;
  }

  @ResolveField('keywords')
  keywords(@Parent() s: StoredSummary): string[] {
    return s.keywords ?? [];
  }

  @ResolveField('children')
  async children(@Parent() s: StoredSummary, @Loaders() loaders: RequestLoaders): Promise<StoredSummary[]> {
    if (s.childIds.length === 0) return [];
    return loaders.summaryChildren.load(s);
  }
}

@Resolver('Page')
export class PageEnrichmentResolver {
  @ResolveField('similar')
  async similar(
    @Parent() page: StoredPage,
    @Loaders() loaders: RequestLoaders,
  ): Promise<SimilarPageParent[]> {
    return loaders.similarPages.load({ docId: page.docId, number: page.number });
  }
}

@Resolver('SimilarPage')
export class SimilarPageResolver {
  @ResolveField('from')
  async from(@Parent() link: SimilarPageParent, @Loaders() loaders: RequestLoaders): Promise<StoredPage> {
    return this.load(link.fromDocId, link.fromNumber, loaders);
  }

  @ResolveField('page')
  async page(@Parent() link: SimilarPageParent, @Loaders() loaders: RequestLoaders): Promise<StoredPage> {
    return this.load(link.toDocId, link.toNumber, loaders);
  }

  private async load(docId: string, number: number, loaders: RequestLoaders): Promise<StoredPage> {
    return found(
      await loaders.page.load({ docId, number }),
      `Page ${number} of '${docId}' no longer exists.`,
    );
  }
}

@Resolver('Element')
export class ElementEnrichmentResolver {
  @ResolveField('summary')
  async summary(@Parent() e: StoredElement, @Loaders() loaders: RequestLoaders): Promise<string | null> {
    return (await this.evolved(e, loaders))?.summary ?? null;
  }

  @ResolveField('keywords')
  async keywords(@Parent() e: StoredElement, @Loaders() loaders: RequestLoaders): Promise<string[] | null> {
    return (await this.evolved(e, loaders))?.keywords ?? null;
  }

  @ResolveField('related')
  async related(
    @Parent() e: StoredElement,
    @Loaders() loaders: RequestLoaders,
  ): Promise<RelatedElementLink[]> {
    return loaders.related.load(e.id);
  }

  @ResolveField('revisions')
  async revisions(@Parent() e: StoredElement, @Loaders() loaders: RequestLoaders): Promise<StoredRevision[]> {
    return loaders.revisions.load(e.id);
  }

  private evolved(e: StoredElement, loaders: RequestLoaders) {
    return loaders.evolved.load(e.id);
  }
}

@Resolver('RelatedElement')
export class RelatedElementResolver {
  @ResolveField('element')
  async element(
    @Parent() link: RelatedElementLink,
    @Loaders() loaders: RequestLoaders,
  ): Promise<StoredElement> {
    return found(await loaders.element.load(link.elementId), `Element '${link.elementId}' no longer exists.`);
  }
}

/** Everything the API module registers for enrichment. */
export const ENRICH_RESOLVERS = [
  EnrichResolver,
  DocumentEnrichmentResolver,
  PageEnrichmentResolver,
  SummaryResolver,
  SimilarPageResolver,
  ElementEnrichmentResolver,
  RelatedElementResolver,
];
