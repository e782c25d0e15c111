// Scope per field and argument over real HTTP: `analytics { pageGraph(write: true) }` is a query that writes, so a
// read key is refused (403 WRITE_SCOPE_REQUIRED) before anything runs and no page gets a pageRank; the same key
// still reads the page graph, and a write key stores it. Keys come from FOLIO_API_KEYS (none stored in Neo4j).
import { randomUUID } from 'node:crypto';
import { CypherRegistry } from '../../src/graph/cypher-registry';
import { GraphExecutor } from '../../src/graph/graph-executor';
import {
  closeAfterDeleting,
  configWithKeys,
  HttpApp,
  ingestSampleReport,
  startHttpApp,
} from '../support/http-app';

const READ_KEY = `folio_e2e-scope-read-${randomUUID()}`;
const WRITE_KEY = `folio_e2e-scope-write-${randomUUID()}`;

type Body = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: any }> };

describe('scopes per field and argument, over HTTP', () => {
  let http: HttpApp;
  const docId = `tscopee2e${randomUUID().slice(0, 8)}`;

  async function post(query: string, key: string, variables?: Record<string, unknown>) {
    const res = await fetch(`${http.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as Body };
  }

  async function rankedPages(): Promise<number> {
    const rows = await http.app
      .get(GraphExecutor)
      .read<{ pageRank: number | null }>(http.app.get(CypherRegistry).get('analytics/page-ranks'), {
        docIds: [docId],
      });
    expect(rows).toHaveLength(4);
    return rows.filter((r) => r.pageRank !== null).length;
  }

  beforeAll(async () => {
    http = await startHttpApp(configWithKeys({ [READ_KEY]: 'read', [WRITE_KEY]: 'write' }));
    await ingestSampleReport(http, docId, 'api-scope.pdf');
  });
  afterAll(() => closeAfterDeleting(http, docId));

  it('refuses pageGraph(write: true) to a read key, literally or through a variable, and writes nothing', async () => {
    for (const [query, variables] of [
      [`{ analytics(docId: "${docId}") { pageGraph(write: true) { nodeCount } } }`, undefined],
      [
        'query($d: ID!, $w: Boolean) { analytics(docId: $d) { ...G } } fragment G on DocumentAnalytics { g: pageGraph(write: $w) { nodeCount } }',
        { d: docId, w: true },
      ],
    ] as const) {
      const res = await post(query, READ_KEY, variables);
      expect(res.status).toBe(403);
      expect(res.body.data ?? undefined).toBeUndefined();
      expect(res.body.errors?.[0]?.extensions).toMatchObject({
        code: 'FORBIDDEN',
        reason: 'WRITE_SCOPE_REQUIRED',
      });
      expect(res.body.errors?.[0]?.message).toContain('DocumentAnalytics.pageGraph(write:)');
    }
    expect(await rankedPages()).toBe(0);
  });

  it('lets the read key read the page graph, and a write key store it', async () => {
    const read = await post(`{ analytics(docId: "${docId}") { pageGraph { nodeCount } } }`, READ_KEY);
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data!.analytics.pageGraph.nodeCount).toBe(4);
    expect(await rankedPages()).toBe(0);

    const write = await post(
      `{ analytics(docId: "${docId}") { pageGraph(write: true) { nodeCount } } }`,
      WRITE_KEY,
    );
    expect(write.body.errors).toBeUndefined();
    expect(await rankedPages()).toBe(4);
  });
});
