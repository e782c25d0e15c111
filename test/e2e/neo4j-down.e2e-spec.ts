import { loadConfig } from '../../src/config/folio-config';
import { HttpApp, startHttpApp } from '../support/http-app';
import { TcpProxy } from '../support/tcp-proxy';

// One API talks to the shared Neo4j through a proxy the test takes down, so that API sees Neo4j die (connections
// reset, port closed) or hang (connections accepted, never answered) while the server keeps running for others.
// The only timing asserted is the promise: a typed error well before the driver's old 30–66 s.
const FAIL_FAST_MS = 5000;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const t0 = performance.now();
  const result = await work();
  return { result, ms: performance.now() - t0 };
}

describe('the API while Neo4j is down', () => {
  const config = loadConfig();
  const proxy = new TcpProxy(
    Number(new URL(config.neo4j.uri).port || 7687),
    new URL(config.neo4j.uri).hostname,
  );
  let http: HttpApp;

  beforeAll(async () => {
    await proxy.start();
    http = await startHttpApp({ ...config, neo4j: { ...config.neo4j, uri: proxy.url } });
  });
  afterAll(async () => {
    await http?.close();
    await proxy.stop();
  });

  const get = (path: string) => fetch(`${http.url}${path}`);

  const expectUnavailableFast = async (query: string) => {
    const { result, ms } = await timed(() => http.graphql(query));
    expect(result.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(ms).toBeLessThan(FAIL_FAST_MS);
  };

  const requests = [
    '{ documents(first: 5) { totalCount } }',
    '{ ingestionJob(id: "no-such-job") { status } }',
    'mutation { deleteDocument(id: "no-such-document") { deleted } }',
    '{ search(query: "revenue growth", strategy: VECTOR) { pages { docId } } }',
  ];

  it('is live and ready while Neo4j answers', async () => {
    expect((await get('/health/live')).status).toBe(200);
    const ready = await get('/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      ready: true,
      neo4j: { reachable: true },
      migrations: { done: true, pending: [] },
    });
  });

  it('when Neo4j dies: SERVICE_UNAVAILABLE within 5 s, not ready but live; ready again when it is back', async () => {
    await proxy.stop();
    for (const query of requests) await expectUnavailableFast(query);

    const { result: ready, ms } = await timed(() => get('/health/ready'));
    expect(ready.status).toBe(503);
    expect(ms).toBeLessThan(FAIL_FAST_MS);
    expect(await ready.json()).toMatchObject({ ready: false, neo4j: { reachable: false } });
    expect((await get('/health/live')).status).toBe(200);
    const health = await timed(() => http.graphql<{ health: { ok: boolean } }>('{ health { ok } }'));
    expect(health.result.data?.health.ok).toBe(false);
    expect(health.ms).toBeLessThan(FAIL_FAST_MS);

    await proxy.start();
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      status = (await get('/health/ready')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    const again = await http.graphql('{ documents(first: 1) { totalCount } }');
    expect(again.errors).toBeUndefined();
  });

  it('when Neo4j hangs (accepts, never answers): SERVICE_UNAVAILABLE within 5 s', async () => {
    await proxy.stop();
    await proxy.start('silent');
    try {
      await expectUnavailableFast(requests[0]!);
      const { result: ready, ms } = await timed(() => get('/health/ready'));
      expect(ready.status).toBe(503);
      expect(ms).toBeLessThan(FAIL_FAST_MS);
    } finally {
      await proxy.stop();
      await proxy.start();
    }
  });
});
