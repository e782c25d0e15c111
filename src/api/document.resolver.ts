import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ContentRepository, GraphStats, StoredPage, StoredSection } from '../graph/content.repository';
import { DocumentRepository, StoredDocument, decodeCursor, encodeCursor } from '../graph/document.repository';
import { ApiError } from './api.errors';
import type { DocumentConnection } from './graphql.types';
import type { GraphQLRequestContext } from './request-cache';

const MAX_PAGE_SIZE = 100;

@Resolver('Document')
export class DocumentResolver {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly content: ContentRepository,
  ) {}

  @Query('documents')
  async listDocuments(
    @Args('first', { type: () => Int, nullable: true }) first: number | null,
    @Args('after', { nullable: true }) after: string | null,
    @Args('status', { nullable: true }) status: StoredDocument['status'][] | null,
  ): Promise<Omit<DocumentConnection, 'edges'> & { edges: Array<{ cursor: string; node: StoredDocument }> }> {
    const size = first ?? 20;
    if (size < 1 || size > MAX_PAGE_SIZE)
      throw new ApiError('BAD_USER_INPUT', `first must be 1–${MAX_PAGE_SIZE}`);
    const cursor = after ? decodeCursor(after) : null;
    if (after && !cursor)
      throw new ApiError('BAD_USER_INPUT', `'after' is not a cursor returned by documents`);
    const page = await this.documents.list(size, cursor, status ?? ['READY']);
    const edges = page.documents.map((d) => ({ cursor: encodeCursor(d), node: d }));
    return {
      edges,
      totalCount: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
    };
  }

  @Query('document')
  async getDocument(@Args('id') id: string): Promise<StoredDocument> {
    const doc = await this.documents.get(id);
    if (!doc)
      throw new ApiError(
        'NOT_FOUND',
        `No document with id '${id}'. List documents with the 'documents' query.`,
      );
    return doc;
  }

  @ResolveField('pages')
  async pages(
    @Parent() doc: StoredDocument,
    @Args('from', { type: () => Int, nullable: true }) from: number | null,
    @Args('to', { type: () => Int, nullable: true }) to: number | null,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredPage[]> {
    return ctx.loaders.pagesOf.load({ docId: doc.id, from: from ?? 1, to: to ?? doc.pageCount });
  }

  @ResolveField('sections')
  async sections(
    @Parent() doc: StoredDocument,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredSection[]> {
    return ctx.loaders.sectionsOf.load(doc.id);
  }

  @ResolveField('outline')
  async outline(
    @Parent() doc: StoredDocument,
    @Context() ctx: GraphQLRequestContext,
  ): Promise<StoredSection[]> {
    return (await this.sections(doc, ctx)).filter((s) => s.parentId === null);
  }

  @Query('corpusStats')
  async corpusStats(): Promise<GraphStats> {
    return this.content.graphStats(null);
  }

  @ResolveField('graphStats')
  async graphStats(@Parent() doc: StoredDocument): Promise<GraphStats> {
    return this.content.graphStats(doc.id);
  }
}
