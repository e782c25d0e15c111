// The open/closed decision of an API with no keys is never older than FOLIO_API_KEY_CACHE_MS, and a write is
// never let through on a cached "no keys": an idle API (real HTTP) and `folio keys create` in another process
// (the CLI as a subprocess). The keys this file creates are deleted at once: the database is shared.
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiKeyRepository } from '../../src/api/api-key.repository';
import { loadConfig } from '../../src/config/folio-config';
import { HttpApp, startHttpApp } from '../support/http-app';
import { folioFromSources } from '../support/folio-cli';

const CACHE_MS = 1500;

describe('API key state after a key appears in another process', () => {
  let http: HttpApp;
  let repo: ApiKeyRepository;
  const created: string[] = [];

  async function post(query: string): Promise<{ status: number; code: unknown; reason: unknown }> {
    const res = await fetch(`${http.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as { errors?: Array<{ extensions?: Record<string, unknown> }> };
    return {
      status: res.status,
      code: body.errors?.[0]?.extensions?.code,
      reason: body.errors?.[0]?.extensions?.reason,
    };
  }

  async function createKeyElsewhere(name: string): Promise<string> {
    const res = await folioFromSources('keys', 'create', '--name', name, '--scope', 'admin', '--json');
    expect(res.stderr).toBe('');
    const { id } = JSON.parse(res.stdout) as { id: string };
    created.push(id);
    return id;
  }

  async function removeKeys(): Promise<void> {
    if (created.length > 0) await repo.delete(created.splice(0));
  }

  beforeAll(async () => {
    http = await startHttpApp({
      ...loadConfig(),
      auth: { keys: [], openAllowed: true, keyCacheMs: CACHE_MS },
    });
    repo = http.app.get(ApiKeyRepository);
    expect(await repo.countActive()).toBe(0); // another test's key in the shared database would make this moot
  });
  afterAll(async () => {
    await removeKeys();
    await http.close();
  });

  it('refuses the very next anonymous mutation after `folio keys create` elsewhere (401)', async () => {
    const read = await post('{ documents(first: 1) { totalCount } }');
    expect(read).toMatchObject({ status: 200, code: undefined });
    try {
      await createKeyElsewhere(`e2e-fresh-write-${process.pid}`);
      const del = await post('mutation { deleteDocument(id: "no-such-document-fresh-e2e") { deleted } }');
      expect(del).toEqual({ status: 401, code: 'UNAUTHENTICATED', reason: 'API_KEY_MISSING' });
    } finally {
      await removeKeys();
    }
  });

  it('refuses an anonymous read once the cache time has passed, however idle the API was', async () => {
    // Open again within the cache time after the key above went away.
    await sleep(CACHE_MS + 200);
    expect(await post('{ documents(first: 1) { totalCount } }')).toMatchObject({ status: 200 });
    try {
      await createKeyElsewhere(`e2e-fresh-read-${process.pid}`);
      await sleep(CACHE_MS + 200);
      expect(await post('{ documents(first: 1) { totalCount } }')).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
        reason: 'API_KEY_MISSING',
      });
    } finally {
      await removeKeys();
    }
  });
});
