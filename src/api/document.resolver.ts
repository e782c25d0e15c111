import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ContentRepository, GraphStats, StoredPage, StoredSection } from '../graph/content.repository';
import { DocumentRepository, StoredDocument, decodeCursor, encodeCursor } from '../graph/document.repository';
import { ApiError, found } from './api.errors';
import type { DocumentConnection } from '../document/graphql.types';
import { Loaders } from './request-cache';
import type { RequestLoaders } from './request-loaders';

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
    return found(
      await this.documents.get(id),
      `No document with id '${id}'. List documents with the 'documents' query.`,
    );
  }

  @ResolveField('pages')
  async pages(
    @Parent() doc: StoredDocument,
    @Args('from', { type: () => Int, nullable: true }) from: number | null,
    @Args('to', { type: () => Int, nullable: true }) to: number | null,
    @Loaders() loaders: RequestLoaders,
  ): Promise<StoredPage[]> {
    return loaders.pagesOf.load({ docId: doc.id, from: from ?? 1, to: to ?? doc.pageCount });
  }

  @ResolveField('sections')
  async sections(
    @Parent() doc: StoredDocument,
    @Loaders() loaders: RequestLoaders,
  ): Promise<StoredSection[]> {
    return loaders.sectionsOf.load(doc.id);
  }

  @ResolveField('outline')
  async outline(@Parent() doc: StoredDocument, @Loaders() loaders: RequestLoaders): Promise<StoredSection[]> {
    return (await this.sections(doc, loaders)).filter((s) => s.parentId === null);
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
