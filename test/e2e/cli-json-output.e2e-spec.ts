import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { FakeOpenAiServer, startFakeOpenAiServer, status } from '../support/fake-openai-server';
import { createIngestContext, fixture, IngestContext, uniqueCopy } from '../support/ingest-context';
import { documentIdFor } from '../../src/ingest/document-id';

// `folio search --rerank --json` as a script runs it (the built binary in a subprocess) while the configured LLM
// answers every call with HTTP 500: stdout is the JSON and nothing else, the failure is a warning inside it, and
// the pages say the cross-encoder ranked them (the offline path that answered), not the LLM.
const ROOT = path.resolve(__dirname, '..', '..');
const FOLIO = path.join(ROOT, 'dist', 'cli', 'main.js');
const run = promisify(execFile);

interface SearchJson {
  pages: Array<{ docId: string; pageNumber: number; reason: string }>;
  warnings: string[];
}

describe('folio search --rerank --json with a failing LLM', () => {
  let ctx: IngestContext;
  let llm: FakeOpenAiServer;
  let docId = '';

  beforeAll(async () => {
    if (!fs.existsSync(FOLIO)) throw new Error(`${FOLIO} is missing: run \`npm run build\`.`);
    ctx = await createIngestContext();
    const bytes = uniqueCopy(fixture('pdf', 'sample-report.pdf'));
    docId = documentIdFor(bytes).docId;
    await ctx.ingest.ingest(bytes, { fileName: 'json-output.pdf' });
    llm = await startFakeOpenAiServer({ whenEmpty: status(500, { message: 'the model crashed' }) });
  });
  afterAll(async () => {
    await llm?.close();
    if (docId) await ctx.ingest.deleteDocument(docId).catch(() => undefined);
    await ctx?.close();
  });

  it('prints only JSON on stdout, the LLM failure in its warnings, pages labelled by the cross-encoder', async () => {
    const { stdout, stderr } = await run(
      'node',
      [
        FOLIO,
        'search',
        'retrieval accuracy of the graph walk',
        '--doc',
        docId,
        '--strategy',
        'PARENT_PAGE',
      ].concat(['--k', '3', '--rerank', '--json']),
      {
        cwd: ROOT,
        timeout: 170_000,
        env: {
          ...process.env,
          FOLIO_LLM_BASE_URL: llm.baseUrl,
          FOLIO_LLM_MODEL: 'fake-model',
          FOLIO_LLM_MAX_RETRIES: '0',
        },
      },
    );
    const result = JSON.parse(stdout) as SearchJson; // throws if anything but the JSON is on stdout
    expect(llm.chatRequests().length).toBeGreaterThan(0); // the LLM was asked, and failed
    expect(result.pages.length).toBeGreaterThan(0);
    for (const page of result.pages) expect(page.reason).toMatch(/\+cross-encoder$/);
    expect(result.warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/^LLM relevance failed .*cross-encoder re-ranked/)]),
    );
    expect(stdout).not.toMatch(/WARN|ERROR/);
    expect(stdout).not.toContain('\u001b['); // no colour codes either
    expect(stderr).toMatch(/WARN/); // the log lines are still there, where logs belong
  });
});
