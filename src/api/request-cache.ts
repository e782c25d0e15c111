/** Per-request memo so several fields of one object share one database read. */
export interface GraphQLRequestContext {
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
