import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { ContentRepository, StoredElement, StoredPage } from '../graph/content.repository';
import { DocumentRepository, StoredDocument } from '../graph/document.repository';
import { fromApiKind } from './element-kind';
import { ApiError, found } from './api.errors';
import type { ElementKind } from '../document/graphql.types';
import { type GraphQLRequestContext, Loaders } from './request-cache';
import type { RequestLoaders } from './request-loaders';

export const pageImagePath = (docId: string, number: number) =>
  `/documents/${encodeURIComponent(docId)}/pages/${number}/image.png`;

@Resolver('Page')
export class PageResolver {
  constructor(
    private readonly content: ContentRepository,
    private readonly documents: DocumentRepository,
  ) {}

  @Query('page')
  async getPage(
    @Args('docId') docId: string,
    @Args('number', { type: () => Int }) number: number,
  ): Promise<StoredPage> {
    const page = await this.content.page(docId, number);
    if (page) return page;
    const doc = found(await this.documents.get(docId), `No document with id '${docId}'.`);
    throw new ApiError(
      'NOT_FOUND',
      `Document '${docId}' has pages 1–${doc.pageCount}; there is no page ${number}.`,
    );
  }

  @ResolveField('elements')
  async elements(
    @Parent() page: StoredPage,
    @Args('kinds', { nullable: true }) kinds: ElementKind[] | null,
    @Loaders() loaders: RequestLoaders,
  ): Promise<StoredElement[]> {
    return loaders.pageElements.load({
      docId: page.docId,
      number: page.number,
      kinds: kinds ? kinds.map(fromApiKind) : null,
    });
  }

  @ResolveField('imageUrl')
  imageUrl(@Parent() page: StoredPage, @Context() ctx: GraphQLRequestContext): string {
    return `${ctx.publicUrl}${pageImagePath(page.docId, page.number)}`;
  }

  @ResolveField('document')
  async document(@Parent() page: StoredPage, @Loaders() loaders: RequestLoaders): Promise<StoredDocument> {
    return found(await loaders.document.load(page.docId), `Document '${page.docId}' no longer exists.`);
  }
}
