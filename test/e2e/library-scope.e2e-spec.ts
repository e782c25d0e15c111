import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { folioFromSources } from '../support/folio-cli';
import { startHttpApp, type HttpApp } from '../support/http-app';
import { makeTextPdf } from '../support/make-pdf';

// Narrowing the library by stored fields: tags set at ingest and the kind read from the pages, searched with the CLI's --where and GraphQL's
// scope.filter; a filter that cannot be read is a clear error in both.
describe('library scope filters (CLI subprocess, GraphQL over HTTP)', () => {
  const docId = `where-${process.pid}-${Date.now()}`;
  const tag = `${docId}-tag`;
  const question = 'How many lanterns hang in the Orvieto clock tower?';
  let dir: string;
  let http: HttpApp;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-where-'));
    const file = path.join(dir, 'tower.pdf');
    fs.writeFileSync(
      file,
      await makeTextPdf([
        [
          'The Orvieto clock tower',
          'Seven brass lanterns hang in the Orvieto clock tower, lit every evening.',
        ],
      ]),
    );
    const ingest = await folioFromSources(
      'ingest',
      file,
      '--id',
      docId,
      '--tag',
      tag,
      '--title',
      'Tower notes',
    );
    expect(ingest.code).toBe(0);
    http = await startHttpApp();
  });
  afterAll(async () => {
    await http?.close();
    await folioFromSources('delete', docId);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('folio search --where narrows to the tagged documents and refuses a clause it does not know', async () => {
    const found = await folioFromSources('search', question, '--where', `tag=${tag},title~tower`, '--json');
    expect(found.code).toBe(0);
    const result = JSON.parse(found.stdout) as { pages: Array<{ docId: string }>; trace: string[] };
    expect(result.pages.length).toBeGreaterThan(0);
    expect(result.pages.map((p) => p.docId)).toEqual(result.pages.map(() => docId));
    expect(result.trace[0]).toBe('scope: 1 filtered document(s), routed to documents first');

    const deck = await folioFromSources('search', question, '--where', `tag=${tag},kind=slides`, '--json');
    expect(deck.code).toBe(0);
    expect((JSON.parse(deck.stdout) as { pages: unknown[] }).pages).toEqual([]);

    const bad = await folioFromSources('search', question, '--where', 'author=smith');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      '--where clause "author=smith" is not understood. Use comma-separated clauses',
    );
    const badKind = await folioFromSources('search', question, '--where', 'kind=deck');
    expect(badKind.code).toBe(1);
    expect(badKind.stderr).toContain(
      'kind "deck" is not a document kind; give one of text, slides, scanned.',
    );
  });

  it('GraphQL Document has the tags set at ingest and the kind read from its pages', async () => {
    const res = await http.graphql<{ document: { tags: string[]; kind: string } }>(
      'query($id: ID!) { document(id: $id) { tags kind } }',
      { id: docId },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.document).toEqual({ tags: [tag], kind: 'TEXT' });
  });

  it('GraphQL scope.filter narrows the same way; a bad date is BAD_USER_INPUT that says what to give', async () => {
    const query = `query($q: String!, $scope: ScopeInput) {
      search(query: $q, strategy: HYBRID, scope: $scope, k: 3) { pages { docId pageNumber } trace }
    }`;
    const res = await http.graphql<{ search: { pages: Array<{ docId: string }>; trace: string[] } }>(query, {
      q: question,
      scope: { filter: { tags: [tag], titleContains: 'TOWER', kinds: ['TEXT'] } },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.search.pages[0]).toMatchObject({ docId, pageNumber: 1 });
    expect(res.data!.search.pages.every((p) => p.docId === docId)).toBe(true);

    const none = await http.graphql<{ search: { pages: unknown[] } }>(query, {
      q: question,
      scope: { filter: { tags: [tag], ingestedBefore: '2000-01-01' } },
    });
    expect(none.errors).toBeUndefined();
    expect(none.data!.search.pages).toEqual([]);

    const slides = await http.graphql<{ search: { pages: unknown[] } }>(query, {
      q: question,
      scope: { filter: { tags: [tag], kinds: ['SLIDES'] } },
    });
    expect(slides.errors).toBeUndefined();
    expect(slides.data!.search.pages).toEqual([]);

    const bad = await http.graphql(query, { q: question, scope: { filter: { ingestedAfter: 'last week' } } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toContain('ingestedAfter "last week" is not a date; give YYYY-MM-DD');
  });
});
