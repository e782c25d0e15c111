// Structure analytics over GraphQL on the real service: a fixture document's analytics and its GDS page graph,
// the corpus comparison, and the error code for an unknown document.
import { randomUUID } from 'node:crypto';
import { IngestService } from '../../src/ingest/ingest.service';
import { HttpApp, startHttpApp } from '../support/http-app';
import { fixture, uniqueCopy } from '../support/ingest-context';

describe('GraphQL analytics', () => {
  let http: HttpApp;
  let ingest: IngestService;
  const docId = `tanae2e${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    http = await startHttpApp();
    ingest = http.app.get(IngestService);
    await ingest.ingest(uniqueCopy(fixture('pdf', 'sample-report.pdf')), {
      fileName: 'sample-report.pdf',
      docId,
    });
  });
  afterAll(async () => {
    await ingest.deleteDocument(docId).catch(() => undefined);
    await http.close();
  });

  it('answers analytics(docId) with typed values from the PDF, and GDS when pageGraph is selected', async () => {
    const res = await http.graphql<{ analytics: any }>(
      `query($docId: ID!) { analytics(docId: $docId, hubPages: 2) {
        overview { pageCount sections tables figures ocrShare }
        sectionTree { maxDepth leafCount levels { depth sections } }
        sections { title level kinds { kind count } }
        hubPages { pageNumber degree }
        captions { uncaptioned { id } orphanCaptions { id } }
        crossReferences { references dangling byTarget { target count } }
        readingOrder { chainLinks elements offChain }
        pageGraph(top: 1) { relationships nodeCount estimatedBytes centralPages { pageNumber title }
                            components { size pageNumbers } }
      } }`,
      { docId },
    );
    expect(res.errors).toBeUndefined();
    const a = res.data!.analytics;
    expect(a.overview).toEqual({ pageCount: 4, sections: 5, tables: 1, figures: 1, ocrShare: 0 });
    expect(a.sectionTree).toEqual({
      maxDepth: 2,
      leafCount: 4,
      levels: [
        { depth: 1, sections: 4 },
        { depth: 2, sections: 1 },
      ],
    });
    expect(a.hubPages).toHaveLength(2);
    expect(a.crossReferences.references).toBe(7);
    expect(a.readingOrder.chainLinks).toBe(a.readingOrder.elements - 1);
    expect(a.pageGraph.relationships).toEqual(['REFERS_TO', 'NEXT_PAGE']);
    expect(a.pageGraph.centralPages).toEqual([{ pageNumber: 2, title: '2.1 Data' }]);
    expect(a.pageGraph.components).toEqual([{ size: 4, pageNumbers: [1, 2, 3, 4] }]);
    expect(a.pageGraph.estimatedBytes).toBeGreaterThan(0);
  });

  it('lists the document in corpusAnalytics', async () => {
    const res = await http.graphql<{
      corpusAnalytics: { documents: Array<{ docId: string; references: number }> };
    }>(`{ corpusAnalytics { documents { docId references } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data!.corpusAnalytics.documents.find((d) => d.docId === docId)).toEqual({
      docId,
      references: 7,
    });
  });

  it('says NOT_FOUND for an unknown document and BAD_USER_INPUT for a bad argument', async () => {
    const missing = await http.graphql(`{ analytics(docId: "no-such-document") { overview { docId } } }`);
    expect(missing.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'DOCUMENT_NOT_FOUND',
    });
    const bad = await http.graphql(`{ analytics(docId: "x", hubPages: -1) { overview { docId } } }`);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('serves the Browser style and guide cross-origin, the guide with every cypher/browser query', async () => {
    const style = await fetch(`${http.url}/browser/folio.grass`, {
      headers: { origin: 'http://127.0.0.1:7474' },
    });
    expect(style.status).toBe(200);
    expect(style.headers.get('access-control-allow-origin')).toBe('*');
    const rules = JSON.parse(await style.text()) as Record<string, Record<string, string>>;
    expect(rules['node.Page']?.caption).toBe('{name}');
    expect(rules['node.Element']?.caption).toBe('{kind}: {text}');

    // Neo4j Browser fetches guides with pragma/cache-control headers: a CORS preflight comes first.
    const preflight = await fetch(`${http.url}/browser/guide.html?docId=${docId}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:7474',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'pragma,cache-control',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('cache-control');

    const guide = await fetch(`${http.url}/browser/guide.html?docId=${docId}&page=2`, {
      headers: { origin: 'http://127.0.0.1:7474', pragma: 'no-cache', 'cache-control': 'no-cache' },
    });
    expect(guide.status).toBe(200);
    expect(guide.headers.get('access-control-allow-origin')).toBe('*');
    const html = await guide.text();
    expect(html).toContain('<article class="guide">');
    expect(html).toContain(`:params {docId: &#39;${docId}&#39;, pageNumber: 2`);
    expect(html.match(/<slide /g)).toHaveLength(1 + 8); // the intro and one slide per cypher/browser query
  });

  it('gives the Browser query for an answer’s evidence on ask', async () => {
    const res = await http.graphql<{
      ask: { citations: Array<{ pageNumber: number }>; browserQuery: string | null };
    }>(
      `query($docId: ID!) { ask(question: "What does Table 1 report?", scope: {docIds: [$docId]}, rerank: false) {
        citations { pageNumber } browserQuery } }`,
      { docId },
    );
    expect(res.errors).toBeUndefined();
    const { citations, browserQuery } = res.data!.ask;
    expect(citations.length).toBeGreaterThan(0);
    // The cited pages, then the other pages the walk read (at most 20 in all).
    const params = new RegExp(`^:params \\{docId: '${docId}', pages: \\[([\\d, ]+)\\]`).exec(
      browserQuery!.split('\n')[0]!,
    );
    const pages = params![1]!.split(', ').map(Number);
    expect(pages).toEqual(expect.arrayContaining(citations.map((c) => c.pageNumber)));
    expect(pages.length).toBeLessThanOrEqual(20);
    expect(browserQuery).toContain('MATCH (p:Page {docId: $docId})');
  });
});
