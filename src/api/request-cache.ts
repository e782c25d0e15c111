import type { ApiScope } from '../config/folio-config';
import type { RequestLoaders } from './request-loaders';

/** What every resolver of one GraphQL request shares: batched loaders, and a memo for other per-request reads. */
export interface GraphQLRequestContext {
  /** The client's x-request-id when it sent a sane one, else a new UUID; unexpected errors are logged with it. */
  requestId: string;
  /** What the request's API key allows (`admin` when no keys are configured). */
  scope: ApiScope;
  loaders: RequestLoaders;
  cache: Map<string, Promise<unknown>>;
}

export function memo<T>(ctx: GraphQLRequestContext, key: string, load: () => Promise<T>): Promise<T> {
  let hit = ctx.cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    ctx.cache.set(key, hit);
  }
  return hit;
}
