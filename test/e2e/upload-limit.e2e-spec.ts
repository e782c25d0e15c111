import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadConfig } from '../../src/config/folio-config';
import { HttpApp, startHttpApp } from '../support/http-app';
import { uniqueCopy } from '../support/ingest-context';
import { ingestUploadForm } from '../support/graphql-upload';

// FOLIO_MAX_UPLOAD_MB takes whole megabytes, so the limit here is 1 MB and the oversized upload 1.5 MB.
const MB = 1024 * 1024;
const SAMPLE = path.resolve(__dirname, '..', 'fixtures', 'pdf', 'sample-report.pdf');

/** The sample report grown to exactly `size` bytes by a comment after %%EOF (still a valid PDF). */
function samplePdfOfSize(size: number): Uint8Array {
  const pdf = Buffer.from(uniqueCopy(new Uint8Array(fs.readFileSync(SAMPLE))));
  const padding = Buffer.alloc(size - pdf.length - 2, 'x');
  return new Uint8Array(Buffer.concat([pdf, Buffer.from('%'), padding, Buffer.from('\n')]));
}

async function upload(http: HttpApp, bytes: Uint8Array) {
  const form = ingestUploadForm(bytes, 'big.pdf', 'id status');
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

describe('an upload over FOLIO_MAX_UPLOAD_MB', () => {
  let http: HttpApp;
  beforeAll(async () => {
    const config = loadConfig();
    http = await startHttpApp({ ...config, limits: { ...config.limits, maxUploadBytes: 1 * MB } });
  });
  afterAll(async () => http.close());

  it('is refused with FILE_TOO_LARGE (not cut at the limit and reported as a corrupt PDF)', async () => {
    const res = await upload(http, samplePdfOfSize(1.5 * MB));
    expect(res.data ?? null).toBeNull();
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'FILE_TOO_LARGE' });
    expect(res.errors?.[0]?.message).toMatch(/larger than the limit of 1 MB \(FOLIO_MAX_UPLOAD_MB\)/);
  });

  it('accepts an upload of exactly the limit, and ingests it whole', async () => {
    const res = await upload(http, samplePdfOfSize(1 * MB));
    expect(res.errors).toBeUndefined();
    let job: { status: string; errorCode: string | null; document: { id: string; pageCount: number } | null };
    do {
      await new Promise((r) => setTimeout(r, 250));
      const polled = await http.graphql<{ ingestionJob: typeof job }>(
        'query($id: ID!) { ingestionJob(id: $id) { status errorCode document { id pageCount } } }',
        { id: res.data!.ingestDocument.id },
      );
      job = polled.data!.ingestionJob;
    } while (job.status === 'QUEUED' || job.status === 'RUNNING');
    expect(job).toMatchObject({ status: 'SUCCEEDED', document: { pageCount: 4 } });
    await http.graphql('mutation($id: ID!) { deleteDocument(id: $id) { deleted } }', {
      id: job.document!.id,
    });
  });
});
