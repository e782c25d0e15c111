import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { makeTextPdf } from '../support/make-pdf';

// The CLI as a user runs it: the built `folio` binary in a subprocess (scripts/test.sh builds before testing).
const ROOT = path.resolve(__dirname, '..', '..');
const FOLIO = path.join(ROOT, 'dist', 'cli', 'main.js');
const SAMPLE = path.join(ROOT, 'test', 'fixtures', 'pdf', 'sample-report.pdf');
const run = promisify(execFile);

async function folio(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return folioWith({}, ...args);
}

async function folioWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', [FOLIO, ...args], {
      cwd: ROOT,
      timeout: 170_000,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('folio CLI (subprocess)', () => {
  const docId = `cli-${process.pid}-${Date.now()}`;

  beforeAll(() => {
    if (!fs.existsSync(FOLIO))
      throw new Error(`${FOLIO} is missing: run \`npm run build\` (scripts/test.sh does).`);
  });
  // A failed step must not leave its document behind in a shared database.
  afterAll(async () => {
    await folio('delete', docId);
  });

  it('ingests a PDF, answers with cited pages as JSON and enriches it', async () => {
    const ingest = await folio('ingest', SAMPLE, '--id', docId);
    expect(ingest.code).toBe(0);
    expect(ingest.stdout).toMatch(new RegExp(`${docId}\\s+ingested\\s+4\\s+`));
    expect(ingest.stderr).toMatch(/embed: \d+\/\d+ texts/); // progress, one line per stage off a terminal

    const ask = await folio(
      'ask',
      'What recall@3 does the graph walk with re-ranking reach?',
      '--doc',
      docId,
      '--json',
    );
    expect(ask.code).toBe(0);
    const answer = JSON.parse(ask.stdout) as {
      answer: { text: string; kind: string; value: string | null };
      citations: Array<{ docId: string; pageNumber: number }>;
    };
    expect(answer.answer).toMatchObject({ kind: 'NUMBER', value: '0.75' });
    expect(answer.citations[0]).toMatchObject({ docId, pageNumber: 2 });

    const dryRun = await folio('enrich', docId, '--llm', '--dry-run');
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toMatch(new RegExp(`${docId}\\s+summaries\\s+\\d+`));
    const enrich = await folio('enrich', docId, '--stages', 'summaries,similar,tree', '--k', '2');
    expect(enrich.code).toBe(0);
    expect(enrich.stdout).toMatch(new RegExp(`${docId}\\s+similar\\s+offline\\s+0\\s+.*edges=\\d+`));
    expect(enrich.stdout).toMatch(/pageSummaries=4/);
    expect(enrich.stderr).toMatch(/tree: \d+\/\d+/);
    const unknown = await folio('enrich', 'no-such-document');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no-such-document/);
  });

  it('--explain prints the evidence walk for Neo4j Browser at the configured HTTP port', async () => {
    // Only the printed address reads NEO4J_HTTP_PORT: the question still goes over Bolt to the running server.
    const explained = await folioWith(
      { NEO4J_HTTP_PORT: '7476' },
      'ask',
      'What recall@3 does the graph walk with re-ranking reach?',
      '--doc',
      docId,
      '--explain',
    );
    expect(explained.code).toBe(0);
    expect(explained.stdout).toContain('In Neo4j Browser (http://127.0.0.1:7476/browser/), run:');
    const params = /^:params \{docId: '([^']+)', pages: \[([\d, ]+)\], elementIds: \[.*\]\}$/m.exec(
      explained.stdout,
    );
    expect(params?.[1]).toBe(docId);
    const pages = params![2]!.split(', ').map(Number);
    expect(pages).toContain(2); // the cited page
    expect(pages.length).toBeLessThanOrEqual(20);
    expect(explained.stdout).toContain('WHERE p.number IN coalesce($pages, [])');
    expect(explained.stdout).not.toContain('LIMIT 300');
  });

  // Each step runs several CLI subprocesses (each boots Nest and loads models): one test each, so that a slow
  // shared machine does not push one test past its timeout.
  it('lists the document and finds it in search output written for people and for scripts', async () => {
    // `folio list`: the document with its title, pages, status and the enrichment stages just run.
    const listed = JSON.parse((await folio('list', '--json')).stdout) as Array<Record<string, unknown>>;
    const mine = listed.find((d) => d.id === docId);
    expect(mine).toMatchObject({ title: 'Folio Sample Report', pages: 4, status: 'READY' });
    expect(mine!.enriched).toEqual(expect.arrayContaining(['similar', 'summaries', 'tree']));
    expect(Date.parse(mine!.ingestedAt as string)).toBeGreaterThan(Date.now() - 3_600_000);
    const table = await folio('list');
    expect(table.stdout).toMatch(
      new RegExp(`${docId}\\s+Folio Sample Report\\s+4\\s+READY\\s+\\S+Z\\s+similar, summaries, tree`),
    );

    // search for people: title beside the id, the matched sentence whole, a rank (fused scores mean nothing alone)
    const search = await folio('search', 'retrieval accuracy graph walk', '--doc', docId, '--k', '2');
    expect(search.code).toBe(0);
    expect(search.stdout).toMatch(new RegExp(`1\\. "Folio Sample Report" \\(${docId}\\) p\\.\\d+  rank 1`));
    const reranked = await folio(
      'search',
      'retrieval accuracy graph walk',
      '--doc',
      docId,
      '--k',
      '2',
      '--rerank',
    );
    expect(reranked.stdout).toMatch(/relevance [01]\.\d\d {2}\([\w:-]+\+cross-encoder\)/);
    const searchJson = JSON.parse((await folio('search', 'graph walk', '--doc', docId, '--json')).stdout) as {
      pages: unknown[];
      documentTitles: Record<string, string>;
    };
    expect(searchJson.documentTitles).toEqual({ [docId]: 'Folio Sample Report' });

    const statsJson = JSON.parse((await folio('stats', docId, '--json')).stdout) as {
      relationships: Array<{ type: string; count: number }>;
    };
    expect(statsJson.relationships).toContainEqual({ type: 'HAS_PAGE', count: 4 });
  });

  it('reports counts and deletes the document', async () => {
    const stats = await folio('stats', docId);
    expect(stats.stdout).toMatch(/HAS_PAGE\s+4/);
    expect(stats.stdout).toMatch(/SUMMARIZES\s+\d+/);

    expect(JSON.parse((await folio('delete', docId, '--json')).stdout)).toEqual([
      { id: docId, deleted: true },
    ]);
    const again = await folio('delete', docId);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/No document with id/);
  });

  it('ingests a folder two documents at a time, and the same bytes twice as one document', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cli-folder-'));
    const unique = `Folder run ${process.pid}-${Date.now()}`;
    const pdf = await makeTextPdf([[`${unique}: the first page of a small report.`], ['A second page.']]);
    fs.writeFileSync(path.join(dir, 'a.pdf'), pdf);
    fs.writeFileSync(path.join(dir, 'b-copy.pdf'), pdf);
    fs.copyFileSync(SAMPLE, path.join(dir, 'c-sample.pdf'));
    let stored: Array<{ docId?: string; result: string }> = [];
    try {
      const result = await folio('ingest', dir, '--json');
      expect(result.stderr).not.toMatch(/DOCUMENT_BUSY/);
      expect(result.code).toBe(0);
      stored = JSON.parse(result.stdout) as typeof stored;
      expect(stored.map((r) => r.result)).toEqual([
        'ingested',
        'already stored',
        expect.stringMatching(/^(ingested|already stored)$/),
      ]);
      expect(stored[1]!.docId).toBe(stored[0]!.docId);
    } finally {
      if (stored[0]?.docId) await folio('delete', stored[0].docId);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says what is wrong for bad input, with a non-zero exit', async () => {
    const unknownCommand = await folio('frobnicate');
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toMatch(/Unknown command 'frobnicate'/);

    const notPdf = await folio('ingest', path.join(ROOT, 'package.json'));
    expect(notPdf.code).toBe(1);
    expect(notPdf.stderr).toMatch(/not a PDF/);
    expect(notPdf.stdout).toMatch(/FAILED NOT_A_PDF/);

    const unknownDoc = await folio('ask', 'anything', '--doc', 'no-such-document');
    expect(unknownDoc.code).toBe(1);
    expect(unknownDoc.stderr).toMatch(/No document with id 'no-such-document'/);
  });
});
