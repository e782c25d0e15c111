import * as path from 'node:path';
import { HttpApp, startHttpApp } from '../support/http-app';

// ingestDocument(path:) when the server enables it: only files inside FOLIO_INGEST_ROOT, symlinks resolved.
describe('GraphQL over HTTP: ingesting a server-side path', () => {
  let http: HttpApp;
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env.FOLIO_INGEST_SERVER_PATHS = 'true';
    process.env.FOLIO_INGEST_ROOT = path.resolve(__dirname, '..', 'fixtures', 'pdf');
    http = await startHttpApp();
  });
  let docId: string | null = null;
  afterAll(async () => {
    if (docId)
      await http.graphql(`mutation($id: ID!) { deleteDocument(id: $id) { deleted } }`, { id: docId });
    await http.close();
    process.env = saved;
  });

  const ingest = (p: string) =>
    http.graphql<{ ingestDocument: { id: string } }>(
      `mutation($p: String!) { ingestDocument(path: $p) { id } }`,
      { p },
    );

  it('ingests a file under the root and reports the document through the job', async () => {
    const started = await ingest('sample-report.pdf');
    expect(started.errors).toBeUndefined();
    let job: any;
    for (let i = 0; i < 240; i++) {
      job = (
        await http.graphql<{ ingestionJob: any }>(
          `query($id: ID!) { ingestionJob(id: $id) { status fileName document { id pageCount } } }`,
          { id: started.data!.ingestDocument.id },
        )
      ).data!.ingestionJob;
      if (job.status === 'SUCCEEDED' || job.status === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(job).toMatchObject({
      status: 'SUCCEEDED',
      fileName: 'sample-report.pdf',
      document: { pageCount: 4 },
    });
    docId = job.document.id;
  });

  it('refuses paths outside the root and files that do not exist', async () => {
    const outside = await ingest('../../../package.json');
    expect(outside.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'PATH_OUTSIDE_ROOT' });
    // No existence oracle outside the root: a file that is not there reads the same as one that is.
    for (const absent of ['../../../no-such-file-anywhere.pdf', '/etc/no-such-file-folio', '/etc/passwd']) {
      const res = await ingest(absent);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'PATH_OUTSIDE_ROOT' });
    }
    const missing = await ingest('no-such.pdf');
    expect(missing.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'FILE_NOT_FOUND',
    });
  });
});
