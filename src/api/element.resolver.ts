import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import {
  ContentRepository,
  ElementLinks,
  StoredElement,
  StoredPage,
  StoredSection,
} from '../graph/content.repository';
import { toApiKind } from './element-kind';
import { found } from './api.errors';
import type { ElementKind } from '../document/graphql.types';
import { Loaders } from './request-cache';
import type { RequestLoaders } from './request-loaders';

interface CrossReferenceParent {
  mention: string;
  label: 'Element' | 'Section' | 'Page';
  id: string;
}

type Linked = Promise<StoredElement | null>;

@Resolver('Element')
export class ElementResolver {
  constructor(private readonly content: ContentRepository) {}

  @Query('element')
  async getElement(@Args('id') id: string): Promise<StoredElement> {
    return found(await this.content.element(id), `No element with id '${id}'.`);
  }

  @ResolveField('kind')
  kind(@Parent() e: StoredElement): ElementKind {
    return toApiKind(e.kind);
  }

  @ResolveField('page')
  async page(@Parent() e: StoredElement, @Loaders() loaders: RequestLoaders): Promise<StoredPage | null> {
    return loaders.page.load({ docId: e.docId, number: e.pageNumber });
  }

  @ResolveField('section')
  async section(
    @Parent() e: StoredElement,
    @Loaders() loaders: RequestLoaders,
  ): Promise<StoredSection | null> {
    const id = (await links(e, loaders)).sectionId;
    return id ? loaders.section.load(id) : null;
  }

  @ResolveField('caption')
  async caption(@Parent() e: StoredElement, @Loaders() loaders: RequestLoaders): Linked {
    return linkedElement(e, loaders, 'captionId');
  }

  @ResolveField('captionOf')
  async captionOf(@Parent() e: StoredElement, @Loaders() loaders: RequestLoaders): Linked {
    return linkedElement(e, loaders, 'captionOfId');
  }

  @ResolveField('next')
  async next(@Parent() e: StoredElement, @Loaders() loaders: RequestLoaders): Linked {
    return linkedElement(e, loaders, 'nextId');
  }

  @ResolveField('previous')
  async previous(@Parent() e: StoredElement, @Loaders() loaders: RequestLoaders): Linked {
    return linkedElement(e, loaders, 'previousId');
  }

  @ResolveField('refersTo')
  async refersTo(
    @Parent() e: StoredElement,
    @Loaders() loaders: RequestLoaders,
  ): Promise<CrossReferenceParent[]> {
    return (await links(e, loaders)).refersTo;
  }

  @ResolveField('referredBy')
  async referredBy(@Parent() e: StoredElement, @Loaders() loaders: RequestLoaders): Promise<StoredElement[]> {
    return loaders.elements((await links(e, loaders)).referredByIds);
  }
}

async function links(e: StoredElement, loaders: RequestLoaders): Promise<ElementLinks> {
  return found(await loaders.elementLinks.load(e.id), `Element '${e.id}' no longer exists.`);
}

type LinkKey = 'captionId' | 'captionOfId' | 'nextId' | 'previousId';

async function linkedElement(e: StoredElement, loaders: RequestLoaders, key: LinkKey): Linked {
  const id = (await links(e, loaders))[key];
  return id ? loaders.element.load(id) : null;
}

@Resolver('CrossReference')
export class CrossReferenceResolver {
  @ResolveField('element')
  async element(@Parent() ref: CrossReferenceParent, @Loaders() loaders: RequestLoaders): Linked {
    return ref.label === 'Element' ? loaders.element.load(ref.id) : null;
  }

  @ResolveField('section')
  async section(
    @Parent() ref: CrossReferenceParent,
    @Loaders() loaders: RequestLoaders,
  ): Promise<StoredSection | null> {
    return ref.label === 'Section' ? loaders.section.load(ref.id) : null;
  }

  @ResolveField('page')
  async page(
    @Parent() ref: CrossReferenceParent,
    @Loaders() loaders: RequestLoaders,
  ): Promise<StoredPage | null> {
    if (ref.label !== 'Page') return null;
    const match = /^(.*):p(\d+)$/.exec(ref.id);
    return match ? loaders.page.load({ docId: match[1]!, number: Number(match[2]) }) : null;
  }
}
