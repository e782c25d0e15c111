import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { ApiScope } from '../config/api-keys.config';
import type { RequestLoaders } from './request-loaders';

/** What every resolver of one GraphQL request shares: batched loaders, and a memo for other per-request reads. */
export interface GraphQLRequestContext {
  /** The client's x-request-id when it sent a sane one, else a new UUID; unexpected errors are logged with it. */
  requestId: string;
  /** What the request's API key allows (`admin` when no keys are configured). */
  scope: ApiScope;
  /** No key was presented (the API was open when the request came in). */
  anonymous: boolean;
  loaders: RequestLoaders;
  cache: Map<string, Promise<unknown>>;
  /** Where clients reach the API (configuration, never the request's Host): the base of absolute URLs. */
  publicUrl: string;
}

/** Where clients reach the API: FOLIO_PUBLIC_URL, else loopback at the port this request came in on. */
export function publicUrlOf(configured: string | undefined, localPort: number | undefined): string {
  return configured ?? `http://127.0.0.1:${localPort ?? 80}`;
}

export function memo<T>(ctx: GraphQLRequestContext, key: string, load: () => Promise<T>): Promise<T> {
  let hit = ctx.cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    ctx.cache.set(key, hit);
  }
  return hit;
}

/** A resolver parameter that receives this request's loaders (`@Loaders() loaders: RequestLoaders`). */
export const Loaders = createParamDecorator(
  (_: unknown, context: ExecutionContext): RequestLoaders =>
    GqlExecutionContext.create(context).getContext<GraphQLRequestContext>().loaders,
);
