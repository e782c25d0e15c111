import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import { DEFAULT_STRATEGY } from './retrieve.types';

describe('the default strategy', () => {
  it('is the one the GraphQL schema declares for search and ask', () => {
    const sdl = fs.readFileSync(path.resolve(__dirname, '..', '..', 'schema.graphql'), 'utf8');
    const query = buildSchema(sdl).getQueryType() as GraphQLObjectType;
    for (const field of ['search', 'ask']) {
      const strategy = query.getFields()[field]?.args.find((a) => a.name === 'strategy');
      expect([field, strategy?.defaultValue]).toEqual([field, DEFAULT_STRATEGY]);
    }
  });
});
