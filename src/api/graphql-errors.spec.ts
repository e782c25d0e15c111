import { GraphQLError } from 'graphql';
import { GraphError, GraphErrorCode } from '../graph/graph.errors';
import { PdfError } from '../ingest/pdf/pdf.errors';
import { LlmError, LlmErrorCode } from '../llm/llm.errors';
import { ApiError } from './api.errors';
import { INTERNAL_MESSAGE } from './error-map';
import { formatGraphQLError } from './graphql-errors';
import { QueryLimit, QueryLimitError } from './query-limits.errors';

const format = (original: Error) =>
  formatGraphQLError(
    { message: original.message },
    new GraphQLError(original.message, { originalError: original }),
  );

describe('formatGraphQLError', () => {
  it('maps API and graph errors to extensions.code', () => {
    expect(format(new ApiError('NOT_FOUND', 'x')).extensions?.code).toBe('NOT_FOUND');
    const unavailable = format(new GraphError(GraphErrorCode.NEO4J_UNAVAILABLE, 'down'));
    expect(unavailable.extensions).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      reason: 'NEO4J_UNAVAILABLE',
    });
  });

  it('presents cost limits and read timeouts as QUERY_TOO_COMPLEX with the limit as the reason', () => {
    expect(format(new QueryLimitError(QueryLimit.MAX_DEPTH, 10)).extensions).toEqual({
      code: 'QUERY_TOO_COMPLEX',
      reason: 'MAX_DEPTH',
      limit: 10,
    });
    const timeout = format(new GraphError(GraphErrorCode.QUERY_TIMED_OUT, 'stopped'));
    expect(timeout.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', reason: 'QUERY_TIMED_OUT' });
  });

  it('gives a module code as the reason, with the message the module wrote', () => {
    const out = format(PdfError.noPages());
    expect(out.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'NO_PAGES' });
    expect(out.message).toMatch(/no pages/);
    const llm = format(new LlmError(LlmErrorCode.LLM_TIMEOUT, 'the model did not answer'));
    expect(llm.extensions).toMatchObject({ code: 'GATEWAY_TIMEOUT', reason: 'LLM_TIMEOUT' });
  });

  it('hides the message of an unexpected error, even one with a string code (a Node system error)', () => {
    const enoent = Object.assign(new Error("ENOENT: no such file '/srv/secret/path'"), { code: 'ENOENT' });
    const out = format(enoent);
    expect(out.message).toBe(INTERNAL_MESSAGE);
    expect(out.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    const failed = format(
      new GraphError(GraphErrorCode.QUERY_FAILED, 'Neo.ClientError.Statement.SyntaxError at'),
    );
    expect(failed.message).toBe(INTERNAL_MESSAGE);
    expect(failed.extensions).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', reason: 'QUERY_FAILED' });
  });

  it('keeps what GraphQL itself raised (validation) and never leaks stack traces', () => {
    const validation = new GraphQLError('Cannot query field "nope"', {
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(formatGraphQLError(validation.toJSON(), validation).message).toBe('Cannot query field "nope"');
    const out = formatGraphQLError({ message: 'm', extensions: { stacktrace: ['a'] } }, new Error('m'));
    expect(out.extensions?.stacktrace).toBeUndefined();
  });
});
