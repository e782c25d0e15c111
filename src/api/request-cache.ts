import type { RequestLoaders } from './request-loaders';

/** What every resolver of one GraphQL request shares: batched loaders, and a memo for other per-request reads. */
export interface GraphQLRequestContext {
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
