import { GraphQLError } from 'graphql';
import { GraphError, GraphErrorCode } from '../graph/graph.errors';
import { ApiError, formatGraphQLError } from './graphql-errors';
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

  it('passes a feature error code through as the reason', () => {
    const err = Object.assign(new Error('bad pdf'), { code: 'CORRUPT_PDF', apiCode: 'BAD_USER_INPUT' });
    expect(format(err).extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'CORRUPT_PDF' });
  });

  it('never leaks stack traces', () => {
    const out = formatGraphQLError({ message: 'm', extensions: { stacktrace: ['a'] } }, new Error('m'));
    expect(out.extensions?.stacktrace).toBeUndefined();
  });
});
