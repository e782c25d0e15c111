import { HttpApp, startHttpApp } from '../support/http-app';

// The JSON body parser refuses bodies over its limit (100 KB, body-parser's default) before GraphQL sees them; the
// refusal must still be a GraphQL response a client can read, not Express's or Nest's own 413 shape.
describe('a JSON request to /graphql larger than the body limit', () => {
  let http: HttpApp;
  beforeAll(async () => {
    http = await startHttpApp();
  });
  afterAll(async () => http.close());

  async function post(body: string): Promise<Response> {
    return fetch(`${http.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  }

  it('is refused with status 413 and a GraphQL error naming the limit', async () => {
    const padding = 'x'.repeat(200 * 1024);
    const res = await post(
      JSON.stringify({ query: 'query($q: String!) { __typename }', variables: { q: padding } }),
    );
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as {
      data?: unknown;
      errors: Array<{ message: string; extensions: Record<string, unknown> }>;
    };
    expect(body.data).toBeUndefined();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.extensions).toEqual({ code: 'PAYLOAD_TOO_LARGE', limit: 100 * 1024 });
    expect(body.errors[0]!.message).toMatch(/larger than the limit of 102400 bytes/);
    expect(body.errors[0]!.message).toMatch(/ingestDocument/); // where large files go instead
  });

  it('leaves a body under the limit to GraphQL', async () => {
    const res = await post(
      JSON.stringify({ query: '{ __typename }', variables: { q: 'x'.repeat(50 * 1024) } }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });

  /** A multipart request as graphql-upload reads it, with `operations` and `map` as given and one small file. */
  async function postMultipart(operations: string, map: string): Promise<Response> {
    const form = new FormData();
    form.append('operations', operations);
    form.append('map', map);
    form.append('0', new Blob([new Uint8Array([37, 80, 68, 70])], { type: 'application/pdf' }), 'x.pdf');
    return fetch(`${http.url}/graphql`, {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true' },
      body: form,
    });
  }

  it('applies the same limit and the same 413 to the operations and map parts of a multipart request', async () => {
    // 500 KB: five times the limit, and under graphql-upload's own default (1 MB) that let it through.
    const padding = 'x'.repeat(500 * 1024);
    const query = 'mutation($file: Upload!, $q: String) { ingestDocument(file: $file) { id } }';
    const bigOperations = JSON.stringify({ query, variables: { file: null, q: padding } });
    const map = JSON.stringify({ 0: ['variables.file'] });
    const bigMap = JSON.stringify({ 0: ['variables.file'], pad: padding });
    const smallOperations = JSON.stringify({ query, variables: { file: null } });
    for (const [res, part] of [
      [await postMultipart(bigOperations, map), 'operations'],
      [await postMultipart(smallOperations, bigMap), 'map'],
    ] as const) {
      expect(res.status).toBe(413);
      const body = (await res.json()) as {
        data?: unknown;
        errors: Array<{ message: string; extensions: Record<string, unknown> }>;
      };
      expect(body.data).toBeUndefined();
      expect(body.errors[0]!.extensions).toEqual({ code: 'PAYLOAD_TOO_LARGE', limit: 100 * 1024 });
      expect(body.errors[0]!.message).toContain(`The '${part}' part of this multipart request is larger`);
    }
  });
});
