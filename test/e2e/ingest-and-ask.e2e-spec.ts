import { createCanvas, type ImageData, loadImage } from '@napi-rs/canvas';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { uniqueCopy } from '../support/ingest-context';
import { HttpApp, startHttpApp } from '../support/http-app';

const SAMPLE = path.resolve(__dirname, '..', 'fixtures', 'pdf', 'sample-report.pdf');

/** A GraphQL multipart request (the spec graphql-upload implements), as a browser client would send it. */
async function upload(
  http: HttpApp,
  bytes: Uint8Array,
  fileName: string,
  options: Record<string, unknown> = {},
) {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query:
        'mutation($file: Upload!, $options: IngestOptionsInput) { ingestDocument(file: $file, options: $options) { id status } }',
      variables: { file: null, options },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([bytes], { type: 'application/pdf' }), fileName);
  const res = await fetch(`${http.url}/graphql`, {
    method: 'POST',
    body: form,
    headers: { 'apollo-require-preflight': 'true' },
  });
  return (await res.json()) as {
    data?: { ingestDocument: { id: string; status: string } } | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
}

async function waitForJob(http: HttpApp, id: string) {
  for (let i = 0; i < 240; i++) {
    const res = await http.graphql<{ ingestionJob: any }>(
      `query($id: ID!) { ingestionJob(id: $id) { status stage done total error errorCode document { id pageCount status } } }`,
      { id },
    );
    const job = res.data!.ingestionJob;
    if (job.status === 'SUCCEEDED' || job.status === 'FAILED') return job;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('job did not finish');
}

describe('GraphQL over HTTP: upload, explore, ask, delete', () => {
  let http: HttpApp;
  let docId: string;
  beforeAll(async () => {
    http = await startHttpApp();
    const started = await upload(
      http,
      uniqueCopy(new Uint8Array(fs.readFileSync(SAMPLE))),
      'sample-report.pdf',
    );
    expect(started.errors).toBeUndefined();
    expect(['QUEUED', 'RUNNING']).toContain(started.data!.ingestDocument.status);
    const job = await waitForJob(http, started.data!.ingestDocument.id);
    expect(job).toMatchObject({ status: 'SUCCEEDED', document: { pageCount: 4, status: 'READY' } });
    expect(job.stage).toBe('DONE'); // a finished job says so, with complete counts
    expect(job.done).toBe(job.total);
    docId = job.document.id;
  });
  afterAll(async () => http.close());

  it('serves the document graph: pages with elements, the outline tree, element links', async () => {
    const res = await http.graphql<{ document: any }>(
      `query($id: ID!) { document(id: $id) {
          title pageCount elementCount
          pages(from: 2, to: 2) { number hasTextLayer imageUrl elements(kinds: [TABLE, CAPTION, FIGURE]) {
            id kind bbox description caption { text } captionOf { kind } referredBy { pageNumber } } }
          outline { title pageStart pageEnd subsections { title pageStart } }
          graphStats { nodes { label count } relationships { type count } }
      } }`,
      { id: docId },
    );
    expect(res.errors).toBeUndefined();
    const doc = res.data!.document;
    expect(doc.title).toBe('Folio Sample Report');
    const page2 = doc.pages[0];
    const table = page2.elements.find((e: any) => e.kind === 'TABLE');
    expect(table.description).toContain('| Method |');
    expect(table.caption.text).toMatch(/^Table 1:/);
    expect(table.referredBy.map((r: any) => r.pageNumber)).toContain(1);
    expect(
      page2.elements.find((e: any) => e.kind === 'CAPTION' && e.captionOf?.kind === 'FIGURE'),
    ).toBeDefined();
    expect(doc.outline.map((s: any) => s.title)).toEqual([
      '1 Introduction',
      '2 Methods',
      '3 Results',
      'Appendix A',
    ]);
    expect(doc.outline[1].subsections).toEqual([{ title: '2.1 Data', pageStart: 2 }]);
    const rels = Object.fromEntries(doc.graphStats.relationships.map((r: any) => [r.type, r.count]));
    expect(rels).toMatchObject({ HAS_PAGE: 4, NEXT_PAGE: 3, CAPTIONS: 2 });

    // Absolute, from the request's own origin when FOLIO_PUBLIC_URL is not set.
    expect(page2.imageUrl).toBe(`${http.url}/documents/${encodeURIComponent(docId)}/pages/2/image.png`);
    const png = await fetch(`${page2.imageUrl}?dpi=72`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await fetch(`${http.url}/documents/${docId}/pages/99/image.png`)).status).toBe(404);

    // A citation's elements outlined on the page: the table's box turns orange; an element of another page is refused.
    const plain = await pagePixels(`${page2.imageUrl}?dpi=72`);
    const marked = await pagePixels(`${page2.imageUrl}?dpi=72&highlight=${encodeURIComponent(table.id)}`);
    const [x0, y0] = table.bbox.map((v: number) => Math.round(v));
    const edge = (img: ImageData) =>
      Array.from(img.data.subarray((y0 * img.width + x0 - 2) * 4, (y0 * img.width + x0 - 2) * 4 + 3));
    expect(edge(plain)).not.toEqual(edge(marked));
    expect(edge(marked)[0]).toBeGreaterThan(200); // the outline's red channel
    expect(edge(marked)[2]).toBeLessThan(60);
    const heading = await http.graphql<{ document: any }>(
      `query($id: ID!) { document(id: $id) { pages(from: 1, to: 1) { elements { id } } } }`,
      { id: docId },
    );
    const elsewhere = heading.data!.document.pages[0].elements[0].id;
    const refused = await fetch(`${page2.imageUrl}?highlight=${encodeURIComponent(elsewhere)}`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/is not on page 2/);
  });

  it('answers with cited pages, and searches with evidence', async () => {
    const res = await http.graphql<{ ask: any; search: any }>(
      `query($scope: ScopeInput) {
         ask(question: "What recall@3 does the graph walk with re-ranking reach?", scope: $scope) {
           answer { text kind value unit scale items formula } answerable mode
           citations { docId pageNumber quote bbox elementId imageUrl step } usage { calls } warnings }
         search(query: "recall@3 and latency in ms of each method", strategy: PARENT_PAGE, scope: $scope, k: 2, rerank: true) {
           strategy reranked pages { pageNumber score reason elements { kind bbox } page { number } } timings { stage ms } }
      }`,
      { scope: { docIds: [docId] } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.ask).toMatchObject({
      answer: { kind: 'NUMBER', value: '0.75', items: [], formula: null },
      answerable: true,
      mode: 'extractive',
      usage: { calls: 0 },
    });
    expect(res.data!.ask.citations[0]).toMatchObject({ docId, pageNumber: 2 });
    const cited = res.data!.ask.citations[0];
    // the default walk (GRAPH) names the step of its evidence chain the cited page came from
    expect(cited.step).toEqual(expect.any(Number));
    expect(cited.imageUrl).toBe(
      `${http.url}/documents/${docId}/pages/2/image.png?highlight=${encodeURIComponent(cited.elementId)}`,
    );
    expect((await fetch(`${cited.imageUrl}&dpi=72`)).status).toBe(200);
    expect(res.data!.search.pages[0]).toMatchObject({ pageNumber: 2, page: { number: 2 } });
  });

  it('refuses a non-PDF upload in the request (no job is queued), and unknown ids as NOT_FOUND', async () => {
    const bad = await upload(http, new Uint8Array(Buffer.from('this is not a pdf')), 'notes.txt');
    expect(bad.data?.ingestDocument ?? null).toBeNull();
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'NOT_A_PDF' });
    expect(bad.errors?.[0]?.message).toMatch(/not a PDF: it starts with "this is " instead of "%PDF-"/);

    const both = await http.graphql(`mutation { ingestDocument { id } }`);
    expect(both.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const serverPath = await http.graphql(`mutation { ingestDocument(path: "/etc/passwd") { id } }`);
    expect(serverPath.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'SERVER_PATHS_DISABLED',
    });
    const unknown = await http.graphql(
      `{ ask(question: "x", scope: { docIds: ["nope"] }) { answer { text } } }`,
    );
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const job404 = await http.graphql(`{ ingestionJob(id: "nope") { id } }`);
    expect(job404.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('enriches the document in the background and serves summaries, the tree, similar pages and the content graph', async () => {
    const started = await http.graphql<{ enrichDocument: { id: string; status: string } }>(
      `mutation($id: ID!) { enrichDocument(id: $id) { id status } }`,
      { id: docId },
    );
    expect(started.errors).toBeUndefined();
    let job: any;
    for (let i = 0; i < 480 && !['SUCCEEDED', 'FAILED'].includes(job?.status); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 250));
      const res = await http.graphql<{ enrichmentJob: any }>(
        `query($id: ID!) { enrichmentJob(id: $id) { status stage done total stages mode error warnings } }`,
        { id: started.data!.enrichDocument.id },
      );
      job = res.data!.enrichmentJob;
    }
    expect(job).toMatchObject({ status: 'SUCCEEDED', stage: 'DONE', mode: 'offline', error: null });
    expect(job.done).toBe(job.total);
    expect(job.total).toBeGreaterThan(0); // the last stage's count, complete
    expect(job.stages).toEqual(expect.arrayContaining(['summaries', 'similar', 'evolve', 'tree']));

    const res = await http.graphql<{ document: any }>(
      `query($id: ID!) { document(id: $id) {
          top: summaries(kinds: [DOCUMENT, PAGE]) { kind text pages }
          tree: summaries(kinds: [CLUSTER]) { level pages leafCount children { id kind } }
          similarPages { score method from { number } page { number } }
          enrichment { calls stages { stage mode calls counts { name count } } }
          pages(from: 2, to: 2) { elements { id summary keywords related { relation source element { id } } revisions { iteration } } }
      } }`,
      { id: docId },
    );
    expect(res.errors).toBeUndefined();
    const doc = res.data!.document;
    expect(doc.top[0]).toMatchObject({ kind: 'DOCUMENT', pages: [] });
    expect(doc.top.filter((s: any) => s.kind === 'PAGE').map((s: any) => s.pages)).toEqual([
      [1],
      [2],
      [3],
      [4],
    ]);
    const root = doc.tree[0];
    expect(root.level).toBe(Math.max(...doc.tree.map((c: any) => c.level)));
    expect(root.pages.length).toBeGreaterThan(1);
    if (root.level > 1) expect(root.children[0]).toMatchObject({ kind: 'CLUSTER' });
    for (const edge of doc.similarPages) {
      expect(edge.method).toBe('maxsim');
      expect(edge.from.number).not.toBe(edge.page.number);
    }
    expect(doc.enrichment.calls).toBe(0);
    expect(doc.enrichment.stages.map((s: any) => s.stage).sort()).toEqual([
      'evolve',
      'similar',
      'summaries',
      'tree',
    ]);
    const elements = doc.pages[0].elements;
    expect(elements.some((e: any) => e.summary && e.keywords.length > 0)).toBe(true);
    expect(elements.some((e: any) => e.related.some((r: any) => r.source === 'lite'))).toBe(true);
    for (const evolved of elements.filter((e: any) => e.summary)) {
      const iterations = evolved.revisions.map((r: any) => r.iteration);
      expect(iterations.length).toBeGreaterThan(0);
      expect(iterations).toEqual([...iterations].sort((a, b) => a - b));
    }

    const tree = await http.graphql<{ search: any }>(
      `query($scope: ScopeInput) { search(query: "recall@3 and latency in ms of each method", strategy: SUMMARY_TREE, scope: $scope, k: 2) {
         strategy pages { pageNumber } } }`,
      { scope: { docIds: [docId] } },
    );
    expect(tree.errors).toBeUndefined();
    expect(tree.data!.search.pages.map((p: any) => p.pageNumber)).toContain(2);

    const unknown = await http.graphql(`mutation { enrichDocument(id: "nope") { id } }`);
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('deletes the document and then knows it no more', async () => {
    const del = await http.graphql<{ deleteDocument: any }>(
      `mutation($id: ID!) { deleteDocument(id: $id) { id deleted } }`,
      { id: docId },
    );
    expect(del.data!.deleteDocument).toEqual({ id: docId, deleted: true });
    const gone = await http.graphql(`query($id: ID!) { document(id: $id) { id } }`, { id: docId });
    expect(gone.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const again = await http.graphql(`mutation($id: ID!) { deleteDocument(id: $id) { id } }`, { id: docId });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', reason: 'DOCUMENT_NOT_FOUND' });
  });
});

/** The PNG at `url` decoded to pixels. */
async function pagePixels(url: string): Promise<ImageData> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const image = await loadImage(Buffer.from(await res.arrayBuffer()));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, image.width, image.height);
}
