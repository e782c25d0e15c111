import { randomUUID } from 'node:crypto';
import type { CypherQuery } from '../../src/graph/cypher-registry';
import { GraphExecutor } from '../../src/graph/graph-executor';
import { IngestService } from '../../src/ingest/ingest.service';
import { fixture } from '../support/ingest-context';
import { HttpApp, startHttpApp } from '../support/http-app';

// Cost limits over real HTTP: hostile queries are refused before they reach Neo4j, a query whose lists turn out
// longer than estimated is cut off by the result guard, ordinary queries still work, and per-parent fields batch.
const MAX_RESULT_OBJECTS = 200;

interface Response {
  status: number;
  ms: number;
  body: { data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

describe('GraphQL cost limits over HTTP', () => {
  let http: HttpApp;
  // Single-statement reads go through read(), multi-statement ones through readTx(): count both.
  let read: jest.SpyInstance;
  let readTx: jest.SpyInstance;
  const docId = `limits-${randomUUID().slice(0, 8)}`;
  const previous = process.env.FOLIO_GRAPHQL_MAX_RESULT_OBJECTS;

  beforeAll(async () => {
    process.env.FOLIO_GRAPHQL_MAX_RESULT_OBJECTS = String(MAX_RESULT_OBJECTS);
    http = await startHttpApp();
    await http.app.get(IngestService).ingest(fixture('pdf', 'sample-report.pdf'), {
      fileName: 'sample-report.pdf',
      docId,
    });
    read = jest.spyOn(http.app.get(GraphExecutor), 'read');
    readTx = jest.spyOn(http.app.get(GraphExecutor), 'readTx');
  });
  afterAll(async () => {
    await http.app.get(IngestService).deleteDocument(docId);
    await http.close();
    if (previous === undefined) delete process.env.FOLIO_GRAPHQL_MAX_RESULT_OBJECTS;
    else process.env.FOLIO_GRAPHQL_MAX_RESULT_OBJECTS = previous;
  });

  /** POSTs a query and reports the HTTP status, the time it took and the Neo4j reads it made. */
  async function post(query: string): Promise<Response & { reads: string[] }> {
    read.mockClear();
    readTx.mockClear();
    const started = Date.now();
    const res = await fetch(`${http.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as Response['body'];
    const reads = [
      ...read.mock.calls.map((call) => (call[0] as CypherQuery).name),
      ...readTx.mock.calls.map((call) => call[0] as string),
      // The API-key check refreshes whether any key exists (api/count-active-api-keys) in the background, on its own
      // schedule: it is not a read of the query being limited.
    ].filter((name) => !name.startsWith('api/'));
    return { status: res.status, ms: Date.now() - started, body, reads };
  }

  function expectRefused(res: Response & { reads: string[] }, reason: string, limit: number) {
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors![0]!.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', reason, limit });
    expect(res.body.errors![0]!.message).toContain(`limit of ${limit} (FOLIO_GRAPHQL_`);
    expect(res.status).toBe(400);
    expect(res.reads).toEqual([]);
    expect(res.ms).toBeLessThan(1000);
  }

  it('refuses document → pages → elements → page → document → pages → elements before any read', async () => {
    const res = await post(
      `{ document(id: "${docId}") { pages { elements { page { document { pages { elements { id } } } } } } } }`,
    );
    expectRefused(res, 'MAX_COMPLEXITY', 20_000);
  });

  it('refuses an alias bomb and eight aliased ask fields before any read', async () => {
    const documents = Array.from({ length: 100 }, (_, i) => `d${i}: document(id: "${docId}") { id }`);
    expectRefused(await post(`{ ${documents.join(' ')} }`), 'MAX_ALIASES', 20);
    const asks = Array.from(
      { length: 8 },
      (_, i) => `a${i}: ask(question: "What is revenue ${i}?") { answer { text } }`,
    );
    expectRefused(await post(`{ ${asks.join(' ')} }`), 'MAX_EXPENSIVE_FIELDS', 2);
  });

  it('refuses more than one Graph Data Science field per request, aliased or not, before any read', async () => {
    const pageGraph = (alias: string) => `${alias}: pageGraph { nodeCount centralPages { pageNumber } }`;
    const twenty = Array.from(
      { length: 20 },
      (_, i) => `a${i}: analytics(docId: "${docId}") { ${pageGraph('g')} }`,
    );
    const twoInOne = `{ analytics(docId: "${docId}") { ${pageGraph('g1')} ${pageGraph('g2')} } }`;
    for (const query of [`{ ${twenty.join(' ')} }`, twoInOne]) {
      const res = await post(query);
      expect(res.status).toBe(400);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors![0]!.extensions).toMatchObject({
        code: 'QUERY_TOO_COMPLEX',
        reason: 'MAX_GDS_PROJECTIONS',
        limit: 1,
      });
      expect(res.reads).toEqual([]);
    }
  });

  it('refuses a query nested deeper than the depth limit before any read', async () => {
    const deep = `{ element(id: "${docId}:p1-e0") { ${'next { '.repeat(10)}id${' }'.repeat(10)} } }`;
    expectRefused(await post(deep), 'MAX_DEPTH', 10);
  });

  it('cuts off a query whose lists are longer than estimated, with one error and no data', async () => {
    // Within the complexity limit (pages unbounded count as 20), but every element re-reads its page's elements.
    const res = await post(
      `{ document(id: "${docId}") { pages { elements { page { elements { id } } } } } }`,
    );
    expect(res.body.data).toBeNull();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors![0]!.extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      reason: 'MAX_RESULT_OBJECTS',
      limit: MAX_RESULT_OBJECTS,
    });
  });

  it('still answers the README example (with a question the sample report answers)', async () => {
    const res = await post(`query {
      document(id: "${docId}") {
        title pageCount
        outline { title pageStart pageEnd subsections { title } }
        pages(from: 2, to: 2) { number imageUrl elements(kinds: [TABLE, FIGURE]) { kind bbox description caption { text } } }
        graphStats { nodes { label count } relationships { type count } }
      }
      ask(question: "What recall@3 does the graph walk with re-ranking reach?", scope: { docIds: ["${docId}"] }) {
        answer { text kind value unit } citations { pageNumber quote bbox }
      }
    }`);
    expect(res.body.errors).toBeUndefined();
    const doc = res.body.data.document;
    expect(doc).toMatchObject({ title: 'Folio Sample Report', pageCount: 4 });
    expect(doc.outline.map((s: any) => s.title)).toEqual([
      '1 Introduction',
      '2 Methods',
      '3 Results',
      'Appendix A',
    ]);
    expect(doc.outline[1].subsections).toEqual([{ title: '2.1 Data' }]);
    const table = doc.pages[0].elements.find((e: any) => e.kind === 'TABLE');
    expect(table.caption.text).toMatch(/^Table 1:/);
    expect(res.body.data.ask.citations[0]).toMatchObject({ pageNumber: 2 });
  });

  it('batches per-parent fields: one read per field for all the elements of the document', async () => {
    const res = await post(`{ document(id: "${docId}") { pages(from: 1, to: 2) {
      number elements { id page { number } section { title } caption { id } next { id } referredBy { id } } } } }`);
    expect(res.body.errors).toBeUndefined();
    const elements = res.body.data.document.pages.flatMap((p: any) => p.elements);
    expect(elements.length).toBeGreaterThan(10);
    for (const page of res.body.data.document.pages)
      for (const e of page.elements) expect(e.page.number).toBe(page.number);
    const perQuery = res.reads.reduce<Record<string, number>>((n, q) => ({ ...n, [q]: (n[q] ?? 0) + 1 }), {});
    expect(perQuery).toEqual({
      'graph/get-documents': 1,
      'graph/list-pages-of-documents': 1,
      'graph/list-elements-of-pages': 1,
      'graph/get-pages': 1,
      'graph/list-element-links': 1,
      'graph/get-sections': 1,
      'graph/get-elements': expect.any(Number),
    });
    // Captions, next elements and referrers: one read per level of the query, not one per element.
    expect(perQuery['graph/get-elements']).toBeLessThanOrEqual(2);
  });
});
