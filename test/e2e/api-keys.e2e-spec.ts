import * as fs from 'node:fs';
import * as path from 'node:path';
import { configWithKeys, HttpApp, startHttpApp } from '../support/http-app';
import { uniqueCopy } from '../support/ingest-context';
import { ingestUploadForm } from '../support/graphql-upload';

const SAMPLE = path.resolve(__dirname, '..', 'fixtures', 'pdf', 'sample-report.pdf');
const ADMIN_KEY = 'folio_e2e-admin-key';
const READ_KEY = 'folio_e2e-read-key';

type GraphQLBody = {
  data?: Record<string, any> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
};

describe('API keys over HTTP (FOLIO_API_KEYS set)', () => {
  let http: HttpApp;
  let docId: string | undefined;

  async function post(body: unknown, key?: string): Promise<{ status: number; body: GraphQLBody }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key) headers.authorization = `Bearer ${key}`;
    const res = await fetch(`${http.url}/graphql`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as GraphQLBody };
  }

  async function upload(key?: string): Promise<{ status: number; body: GraphQLBody }> {
    const form = ingestUploadForm(uniqueCopy(new Uint8Array(fs.readFileSync(SAMPLE))), 'keys.pdf');
    const headers: Record<string, string> = { 'apollo-require-preflight': 'true' };
    if (key) headers['x-api-key'] = key;
    const res = await fetch(`${http.url}/graphql`, { method: 'POST', body: form, headers });
    return { status: res.status, body: (await res.json()) as GraphQLBody };
  }

  beforeAll(async () => {
    http = await startHttpApp(
      configWithKeys({ [ADMIN_KEY]: 'admin', [READ_KEY]: 'read' }, { openAllowed: true }),
    );
  });
  afterAll(async () => {
    if (docId)
      await post(
        { query: 'mutation($id: ID!) { deleteDocument(id: $id) { deleted } }', variables: { id: docId } },
        ADMIN_KEY,
      );
    await http.close();
  });

  it('refuses a request without a key, or with an unknown one, with a GraphQL-shaped 401', async () => {
    const missing = await post({ query: '{ documents(first: 1) { totalCount } }' });
    expect(missing.status).toBe(401);
    expect(missing.body.data).toBeUndefined();
    expect(missing.body.errors?.[0]?.extensions).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'API_KEY_MISSING',
    });
    const wrong = await post({ query: '{ documents(first: 1) { totalCount } }' }, 'folio_guessed');
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors?.[0]?.extensions).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'API_KEY_INVALID',
    });
  });

  it('refuses an upload without a key before ingesting anything', async () => {
    const res = await upload();
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0]?.extensions?.reason).toBe('API_KEY_MISSING');
  });

  it('lets an admin key ingest, a read key query it but not delete it, and an admin key delete it', async () => {
    const started = await upload(ADMIN_KEY);
    expect(started.body.errors).toBeUndefined();
    const jobId = started.body.data!.ingestDocument.id as string;
    let job: { status: string; document: { id: string } | null };
    do {
      await new Promise((r) => setTimeout(r, 250));
      const polled = await post(
        {
          query: 'query($id: ID!) { ingestionJob(id: $id) { status document { id } } }',
          variables: { id: jobId },
        },
        READ_KEY,
      );
      job = polled.body.data!.ingestionJob;
    } while (job.status === 'QUEUED' || job.status === 'RUNNING');
    expect(job.status).toBe('SUCCEEDED');
    docId = job.document!.id;

    const readDoc = await post(
      { query: 'query($id: ID!) { document(id: $id) { id pageCount } }', variables: { id: docId } },
      READ_KEY,
    );
    expect(readDoc.body.data?.document).toEqual({ id: docId, pageCount: 4 });

    const deleteMutation = {
      query: 'mutation($id: ID!) { deleteDocument(id: $id) { deleted } }',
      variables: { id: docId },
    };
    const refused = await post(deleteMutation, READ_KEY);
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'WRITE_SCOPE_REQUIRED',
    });
    const still = await post(
      { query: 'query($id: ID!) { document(id: $id) { id } }', variables: { id: docId } },
      READ_KEY,
    );
    expect(still.body.data?.document).toEqual({ id: docId });

    const enrich = await post(
      { query: 'mutation($id: ID!) { enrichDocument(id: $id) { id } }', variables: { id: docId } },
      READ_KEY,
    );
    expect(enrich.status).toBe(403);

    const deleted = await post(deleteMutation, ADMIN_KEY);
    expect(deleted.body.errors).toBeUndefined();
    expect(deleted.body.data?.deleteDocument).toEqual({ deleted: true });
    docId = undefined;
  });

  it('guards the page-image route too, and leaves the health probes open', async () => {
    const image = `${http.url}/documents/no-such-document/pages/1/image.png`;
    const anonymous = await fetch(image);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'API_KEY_MISSING' });
    const withKey = await fetch(image, { headers: { authorization: `Bearer ${READ_KEY}` } });
    expect(withKey.status).toBe(404);
    expect(await withKey.json()).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
    expect((await fetch(`${http.url}/health/live`)).status).toBe(200);
  });
});
