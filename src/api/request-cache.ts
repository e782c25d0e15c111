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
  /** Where this client reaches the API (FOLIO_PUBLIC_URL, else the request's own origin): for absolute URLs. */
  publicUrl: string;
}

/** The origin a client used, as far as the request tells (a proxy's X-Forwarded-* first). */
export function requestOrigin(req: {
  protocol?: string;
  headers: Record<string, string | string[] | undefined>;
}): string {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();
  const proto = first(req.headers['x-forwarded-proto']) ?? req.protocol ?? 'http';
  const host = first(req.headers['x-forwarded-host']) ?? first(req.headers.host) ?? '127.0.0.1';
  return `${proto}://${host}`;
}

export function memo<T>(ctx: GraphQLRequestContext, key: string, load: () => Promise<T>): Promise<T> {
  let hit = ctx.cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    ctx.cache.set(key, hit);
  }
  return hit;
}
