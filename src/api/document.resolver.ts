import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { DocumentRepository, decodeCursor, encodeCursor } from '../graph/document.repository';
import type { Document, DocumentConnection } from './graphql.types';
import { ApiError } from './graphql-errors';

const MAX_PAGE_SIZE = 100;

@Resolver('Document')
export class DocumentResolver {
  constructor(private readonly documents: DocumentRepository) {}

  @Query('documents')
  async listDocuments(
    @Args('first', { type: () => Int, nullable: true }) first: number | null,
    @Args('after', { nullable: true }) after: string | null,
  ): Promise<DocumentConnection> {
    const size = first ?? 20;
    if (size < 1 || size > MAX_PAGE_SIZE) throw new ApiError('BAD_USER_INPUT', `first must be 1–${MAX_PAGE_SIZE}`);
    const cursor = after ? decodeCursor(after) : null;
    if (after && !cursor) throw new ApiError('BAD_USER_INPUT', `'after' is not a cursor returned by documents`);
    const page = await this.documents.list(size, cursor);
    const edges = page.documents.map((d) => ({ cursor: encodeCursor(d), node: d }));
    return {
      edges,
      totalCount: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
    };
  }

  @Query('document')
  async getDocument(@Args('id') id: string): Promise<Document> {
    const doc = await this.documents.get(id);
    if (!doc) throw new ApiError('NOT_FOUND', `No document with id '${id}'. List documents with the 'documents' query.`);
    return doc;
  }
}
