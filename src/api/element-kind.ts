import type { ElementKind as ApiElementKind } from '../document/graphql.types';

// Stored kinds are the layout names ('page-header'); the API speaks GraphQL enum values ('PAGE_HEADER').
export const toApiKind = (kind: string): ApiElementKind =>
  kind.toUpperCase().replace(/-/g, '_') as ApiElementKind;
export const fromApiKind = (kind: ApiElementKind): string => kind.toLowerCase().replace(/_/g, '-');
