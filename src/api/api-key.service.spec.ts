import { loadConfig } from '../config/folio-config';
import { GraphError, GraphErrorCode } from '../graph/graph.errors';
import type { ApiKeyRepository } from './api-key.repository';
import { ApiKeyService } from './api-key.service';
import { AuthErrorCode } from './auth.errors';

/** A stand-in for the ApiKey nodes: how many are active, whether Neo4j answers, how often it was asked. */
class FakeKeys {
  active = 0;
  down = false;
  reads = 0;
  countActive = (): Promise<number> => {
    this.reads++;
    if (this.down)
      return Promise.reject(new GraphError(GraphErrorCode.NEO4J_UNAVAILABLE, 'Neo4j is not answering.'));
    return Promise.resolve(this.active);
  };
}

const CACHE_MS = 1000;

function service(keys: FakeKeys): ApiKeyService {
  const config = loadConfig({});
  return new ApiKeyService(keys as unknown as ApiKeyRepository, {
    ...config,
    auth: { ...config.auth, keyCacheMs: CACHE_MS },
  });
}

/** A service that has read "no keys" once, so the open API answered as admin. */
async function afterOneRead(): Promise<{ keys: FakeKeys; api: ApiKeyService }> {
  const keys = new FakeKeys();
  const api = service(keys);
  await api.authenticate(undefined);
  return { keys, api };
}

async function codeOf(work: Promise<unknown>): Promise<string | undefined> {
  return work.then(
    () => undefined,
    (err: { code?: string }) => err.code,
  );
}

describe('ApiKeyService: how fresh the "any keys?" answer is', () => {
  let now = 1_000_000;
  beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
  afterEach(() => jest.restoreAllMocks());

  it('answers reads from an answer younger than the cache time, and re-reads once it is older', async () => {
    const keys = new FakeKeys();
    const api = service(keys);
    expect(await api.authenticate(undefined)).toBe('admin');
    keys.active = 1; // a key created by another process
    now += CACHE_MS - 1;
    expect(await api.authenticate(undefined)).toBe('admin');
    expect(keys.reads).toBe(1);
    now += 1;
    expect(await codeOf(api.authenticate(undefined))).toBe(AuthErrorCode.API_KEY_MISSING);
    expect(keys.reads).toBe(2);
  });

  it('never lets a write through on a cached "no keys": it reads Neo4j every time', async () => {
    const { keys, api } = await afterOneRead();
    keys.active = 1;
    expect(await codeOf(api.assertOpenForWrite())).toBe(AuthErrorCode.API_KEY_MISSING);
    expect(await codeOf(api.authenticate(undefined, 'write'))).toBe(AuthErrorCode.API_KEY_MISSING);
    expect(keys.reads).toBe(3);
    // The fresh answer serves later reads too.
    expect(await codeOf(api.authenticate(undefined))).toBe(AuthErrorCode.API_KEY_MISSING);
    expect(keys.reads).toBe(3);
  });

  it('with Neo4j down: reads keep the last answer without waiting again within the cache time; writes fail', async () => {
    const { keys, api } = await afterOneRead();
    keys.down = true;
    now += CACHE_MS;
    expect(await api.authenticate(undefined)).toBe('admin');
    expect(await api.authenticate(undefined)).toBe('admin');
    expect(keys.reads).toBe(2);
    expect(await codeOf(api.assertOpenForWrite())).toBe(GraphErrorCode.NEO4J_UNAVAILABLE);
    // With no answer at all yet, a read fails too.
    expect(await codeOf(service(keys).authenticate(undefined))).toBe(GraphErrorCode.NEO4J_UNAVAILABLE);
  });
});
