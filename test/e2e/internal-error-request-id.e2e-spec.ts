import { Logger } from '@nestjs/common';
import { DocumentRepository } from '../../src/graph/document.repository';
import { GraphError, GraphErrorCode } from '../../src/graph/graph.errors';
import { INTERNAL_MESSAGE } from '../../src/api/error-map';
import { HttpApp, startHttpApp } from '../support/http-app';

// A bug (an unexpected error) inside a resolver, over real HTTP through Apollo and Nest: the client gets the
// generic message with a request id, and the API's log line carries that same id with the error's detail.
describe('an internal server error', () => {
  let http: HttpApp;
  const logged: string[] = [];
  beforeAll(async () => {
    http = await startHttpApp();
  });
  afterAll(async () => http?.close());
  beforeEach(() => {
    logged.length = 0;
    const capture = (message: unknown) => void logged.push(String(message));
    jest.spyOn(Logger.prototype, 'error').mockImplementation(capture);
  });
  afterEach(() => jest.restoreAllMocks());

  const post = (headers: Record<string, string> = {}) =>
    fetch(`${http.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ documents(first: 1) { totalCount } }' }),
    }).then(
      async (r) =>
        (await r.json()) as { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> },
    );

  it.each([
    ['a TypeError', () => new TypeError("Cannot read properties of undefined (reading 'secret')")],
    [
      'a Neo4j query failure',
      () => new GraphError(GraphErrorCode.QUERY_FAILED, 'list failed: Neo.ClientError.Statement.SyntaxError'),
    ],
  ])('%s carries a request id that the log line has, and no internals', async (_, bug) => {
    jest.spyOn(DocumentRepository.prototype, 'list').mockRejectedValueOnce(bug());
    const body = await post();
    const error = body.errors?.[0];
    expect(error?.message).toBe(INTERNAL_MESSAGE);
    expect(error?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    const requestId = error?.extensions?.requestId;
    expect(typeof requestId).toBe('string');
    expect(logged.filter((line) => line.includes(String(requestId)))).toHaveLength(1);
    expect(JSON.stringify(body)).not.toMatch(/secret|SyntaxError/);
  });

  it("uses the client's x-request-id when it sent a plain one", async () => {
    jest.spyOn(DocumentRepository.prototype, 'list').mockRejectedValueOnce(new RangeError('bug'));
    const body = await post({ 'x-request-id': 'trace-abc-123' });
    expect(body.errors?.[0]?.extensions?.requestId).toBe('trace-abc-123');
    expect(
      logged.some((line) => line.startsWith('request trace-abc-123:') && /RangeError: bug/.test(line)),
    ).toBe(true);
  });
});
