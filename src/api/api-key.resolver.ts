import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { StoredApiKey } from './api-key.repository';
import { ApiKeyService } from './api-key.service';
import { assertScope } from './api-keys';
import type { ApiKey, ApiScope, CreatedApiKey } from '../document/graphql.types';
import type { GraphQLRequestContext } from './request-cache';

function toGraphQL(key: StoredApiKey): ApiKey {
  return { ...key, scopes: key.scopes.map((s) => s.toUpperCase() as ApiScope) };
}

/** Key management for admins; the apiScopePlugin refuses other keys first, the check here guards the same rule. */
@Resolver()
export class ApiKeyResolver {
  constructor(private readonly keys: ApiKeyService) {}

  @Query('apiKeys')
  async apiKeys(@Context() ctx: GraphQLRequestContext): Promise<ApiKey[]> {
    assertScope(ctx.scope, 'admin');
    return (await this.keys.list()).map(toGraphQL);
  }

  @Mutation('createApiKey')
  async createApiKey(
    @Args('name') name: string,
    @Args('scopes') scopes: ApiScope[],
    @Context() ctx: GraphQLRequestContext,
  ): Promise<CreatedApiKey> {
    assertScope(ctx.scope, 'admin');
    const created = await this.keys.create(name, scopes);
    return { key: toGraphQL(created.key), secret: created.secret };
  }

  @Mutation('revokeApiKey')
  async revokeApiKey(@Args('id') id: string, @Context() ctx: GraphQLRequestContext): Promise<ApiKey> {
    assertScope(ctx.scope, 'admin');
    return toGraphQL(await this.keys.revoke(id));
  }
}
