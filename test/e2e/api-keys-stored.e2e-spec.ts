import * as fs from 'node:fs';
import * as path from 'node:path';
import { ApiKeyRepository } from '../../src/api/api-key.repository';
import { hashApiKey } from '../../src/api/api-keys';
import { loadConfig } from '../../src/config/folio-config';
import { GraphExecutor } from '../../src/graph/graph-executor';
import { HttpApp, startHttpApp } from '../support/http-app';
import { uniqueCopy } from '../support/ingest-context';
import { ingestUploadForm } from '../support/graphql-upload';
import { testCypher } from '../support/test-cypher';

// API keys stored hashed in Neo4j, over real HTTP: an admin (here the FOLIO_API_KEYS bootstrap key) creates keys
// with scopes; a read key cannot ingest, a write key cannot manage keys, a revoked key is refused at once, and
// the secret is neither stored nor logged. The keys this file creates are deleted afterwards.
const SAMPLE = path.resolve(__dirname, '..', 'fixtures', 'pdf', 'sample-report.pdf');
const BOOTSTRAP_KEY = `folio_e2e-bootstrap-${process.pid}-${Date.now()}`;

type GraphQLBody = {
  data?: Record<string, any> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
};

describe('API keys stored in Neo4j, over HTTP', () => {
  let http: HttpApp;
  const created: Array<{ id: string; secret: string }> = [];
  const output: string[] = [];
  const writes = {
    out: process.stdout.write.bind(process.stdout),
    err: process.stderr.write.bind(process.stderr),
  };

  async function post(body: unknown, key?: string): Promise<{ status: number; body: GraphQLBody }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key) headers.authorization = `Bearer ${key}`;
    const res = await fetch(`${http.url}/graphql`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as GraphQLBody };
  }

  async function createKey(
    name: string,
    scopes: string[],
  ): Promise<{ id: string; secret: string; body: GraphQLBody }> {
    const res = await post(
      {
        query:
          'mutation($name: String!, $scopes: [ApiScope!]!) { createApiKey(name: $name, scopes: $scopes) { secret key { id name prefix scopes createdAt lastUsedAt revokedAt } } }',
        variables: { name, scopes },
      },
      BOOTSTRAP_KEY,
    );
    expect(res.body.errors).toBeUndefined();
    const { secret, key } = res.body.data!.createApiKey as { secret: string; key: { id: string } };
    created.push({ id: key.id, secret });
    return { id: key.id, secret, body: res.body };
  }

  beforeAll(async () => {
    // Everything the service prints while this file runs, to check no secret ever appears in it.
    process.stdout.write = (chunk: unknown, ...rest: never[]) => {
      output.push(String(chunk));
      return writes.out(chunk as string, ...rest);
    };
    process.stderr.write = (chunk: unknown, ...rest: never[]) => {
      output.push(String(chunk));
      return writes.err(chunk as string, ...rest);
    };
    const config = loadConfig();
    http = await startHttpApp({
      ...config,
      auth: {
        ...config.auth,
        keys: [{ scope: 'admin', sha256: hashApiKey(BOOTSTRAP_KEY) }],
        openAllowed: true,
      },
    });
  });
  afterAll(async () => {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
    if (created.length > 0) await http.app.get(ApiKeyRepository).delete(created.map((k) => k.id));
    await http.close();
  });

  it('creates a key for an admin: the secret is shown once, stored only as its SHA-256, listed by prefix', async () => {
    const { id, secret, body } = await createKey(`e2e-read-${process.pid}`, ['READ']);
    expect(secret).toMatch(/^folio_[\w-]{43}$/);
    expect(body.data!.createApiKey.key).toMatchObject({
      id,
      prefix: secret.slice(0, 12),
      scopes: ['READ'],
      lastUsedAt: null,
      revokedAt: null,
    });
    // What Neo4j holds: the hash and the prefix, and no property containing the secret.
    const [row] = await http.app
      .get(GraphExecutor)
      .read<{ props: Record<string, unknown> }>(testCypher().get('api/test-inspect-api-key'), {
        id,
      });
    expect(row?.props).toMatchObject({ id, sha256: hashApiKey(secret), prefix: secret.slice(0, 12) });
    expect(Object.keys(row!.props).sort()).toEqual(['createdAt', 'id', 'name', 'prefix', 'scopes', 'sha256']);
    expect(JSON.stringify(row!.props)).not.toContain(secret.slice(12));

    const listed = await post({ query: '{ apiKeys { id name prefix scopes } }' }, BOOTSTRAP_KEY);
    const mine = (listed.body.data!.apiKeys as Array<{ id: string }>).find((k) => k.id === id);
    expect(mine).toEqual({
      id,
      name: `e2e-read-${process.pid}`,
      prefix: secret.slice(0, 12),
      scopes: ['READ'],
    });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it('refuses an ingest with a read key (403 WRITE_SCOPE_REQUIRED) before reading the upload', async () => {
    const { secret } = await createKey(`e2e-read2-${process.pid}`, ['READ']);
    const form = ingestUploadForm(uniqueCopy(new Uint8Array(fs.readFileSync(SAMPLE))), 'read-key.pdf');
    const res = await fetch(`${http.url}/graphql`, {
      method: 'POST',
      body: form,
      headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${secret}` },
    });
    const body = (await res.json()) as GraphQLBody;
    expect(res.status).toBe(403);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'WRITE_SCOPE_REQUIRED' });
    // The same key reads.
    const read = await post({ query: '{ documents(first: 1) { totalCount } }' }, secret);
    expect(read.status).toBe(200);
    expect(read.body.errors).toBeUndefined();
  });

  it('lets a write key run mutations but not manage keys (403 ADMIN_SCOPE_REQUIRED), and records its use', async () => {
    const { id, secret } = await createKey(`e2e-write-${process.pid}`, ['WRITE']);
    // Past the scope check: the mutation runs and finds no such document.
    const del = await post(
      { query: 'mutation { deleteDocument(id: "no-such-document-e2e") { deleted } }' },
      secret,
    );
    expect(del.status).toBe(200);
    expect(del.body.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'DOCUMENT_NOT_FOUND',
    });
    for (const query of [
      '{ apiKeys { id } }',
      'mutation { createApiKey(name: "sneaky", scopes: [ADMIN]) { secret } }',
      `mutation { revokeApiKey(id: "${id}") { id } }`,
      // Through a fragment too.
      'query { ...K } fragment K on Query { apiKeys { id } }',
    ]) {
      const res = await post({ query }, secret);
      expect(res.status).toBe(403);
      expect(res.body.errors?.[0]?.extensions).toMatchObject({
        code: 'FORBIDDEN',
        reason: 'ADMIN_SCOPE_REQUIRED',
      });
    }
    const stored = await http.app.get(ApiKeyRepository).findByHash(hashApiKey(secret));
    expect(stored?.revokedAt).toBeNull();
    expect(stored?.lastUsedAt).toEqual(expect.any(String));
  });

  it('refuses a revoked key at once (401 API_KEY_REVOKED), and an unknown one (401 API_KEY_INVALID)', async () => {
    const { id, secret } = await createKey(`e2e-revoke-${process.pid}`, ['WRITE']);
    expect((await post({ query: '{ documents(first: 1) { totalCount } }' }, secret)).status).toBe(200);
    const revoked = await post(
      { query: 'mutation($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }', variables: { id } },
      BOOTSTRAP_KEY,
    );
    expect(revoked.body.data!.revokeApiKey).toEqual({ id, revokedAt: expect.any(String) });
    const refused = await post({ query: '{ documents(first: 1) { totalCount } }' }, secret);
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0]?.extensions).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'API_KEY_REVOKED',
    });
    const unknown = await post({ query: '{ documents(first: 1) { totalCount } }' }, 'folio_not-a-key');
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors?.[0]?.extensions).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'API_KEY_INVALID',
    });
    const missing = await post(
      { query: 'mutation { revokeApiKey(id: "no-such-key") { id } }' },
      BOOTSTRAP_KEY,
    );
    expect(missing.body.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'API_KEY_NOT_FOUND',
    });
  });

  it('never printed a secret', () => {
    expect(created.length).toBeGreaterThan(0);
    const printed = output.join('');
    for (const { secret } of created) expect(printed).not.toContain(secret);
    expect(printed).not.toContain(BOOTSTRAP_KEY);
  });
});
