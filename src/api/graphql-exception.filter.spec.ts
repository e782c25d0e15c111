import type { ArgumentsHost } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { GraphQLError } from 'graphql';
import { IngestError, IngestErrorCode } from '../ingest/ingest.errors';
import { GraphQLExceptionFilter } from './graphql-exception.filter';
import { INTERNAL_MESSAGE } from './error-map';
import { formatGraphQLError } from './graphql-errors';

function graphqlHost(requestId: string): ArgumentsHost {
  const args = [{}, {}, { requestId }, {}];
  return {
    getType: () => 'graphql',
    getArgs: () => args,
    getArgByIndex: (i: number) => args[i],
    switchToHttp: () => ({}) as never,
    switchToRpc: () => ({}) as never,
    switchToWs: () => ({}) as never,
  } as unknown as ArgumentsHost;
}

describe('GraphQLExceptionFilter', () => {
  let logged: string[];
  beforeEach(() => {
    logged = [];
    jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => {
      logged.push(String(message));
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('logs an unexpected error with the request id, which the client gets instead of the message', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    const out = new GraphQLExceptionFilter().catch(bug, graphqlHost('req-42')) as GraphQLError;
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^request req-42: TypeError: Cannot read properties/);
    const formatted = formatGraphQLError(out.toJSON(), out);
    expect(formatted.message).toBe(INTERNAL_MESSAGE);
    expect(formatted.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', requestId: 'req-42' });
  });

  it('passes an expected error through without logging it', () => {
    const busy = new IngestError(IngestErrorCode.DOCUMENT_BUSY, 'busy');
    expect(new GraphQLExceptionFilter().catch(busy, graphqlHost('req-43'))).toBe(busy);
    expect(logged).toEqual([]);
  });
});
