import * as fs from 'node:fs';
import * as readline from 'node:readline';
import { BenchCorpusRepository, type ExportedDocument } from '../eval/bench-corpus.repository';
import { CorpusGenerator } from '../eval/corpus-generator';
import { MigrationService } from '../graph/migration.service';
import { withCliApp, withReadOnlyCliApp } from './cli-app';
import { commandArgs } from './command-args';

const USAGE = `Usage: folio corpus export --out FILE [--ids ID,ID]
       folio corpus import FILE
       folio corpus grow --documents N
  A benchmark library at the graph level. export writes the stored original documents (or those named) as JSON
  lines: nodes, relationships and vectors. import writes such a file into the database this process points at
  (FOLIO_HOME, NEO4J_BOLT_PORT: use a separate server, never the one you ingest into) and skips documents it holds.
  grow copies the originals round-robin under new ids (copy<N>-<id>, marked clonedFrom) until N documents.`;

// JSON has no NaN or Infinity, and a stored float may be one (a degenerate bbox): written as a tagged string.
const NON_FINITE = '$nonFinite';
const encodeFloats = (_: string, v: unknown) =>
  typeof v === 'number' && !Number.isFinite(v) ? { [NON_FINITE]: String(v) } : v;
const decodeFloats = (_: string, v: unknown) =>
  v !== null && typeof v === 'object' && NON_FINITE in v
    ? Number((v as Record<string, string>)[NON_FINITE])
    : v;

export async function runCorpusCommand(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  const parsed = commandArgs(USAGE, {
    args: rest,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      ids: { type: 'string' },
      documents: { type: 'string' },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const log = (m: string) => process.stderr.write(`${m}\n`);
  if (action === 'export' && values.out) {
    const out = values.out;
    const ids = values.ids ? values.ids.split(',').map((s) => s.trim()) : null;
    return withReadOnlyCliApp(async (app) => {
      const generator = new CorpusGenerator(app.get(BenchCorpusRepository), log);
      const file = fs.createWriteStream(out);
      for await (const doc of generator.exportDocuments(ids)) {
        if (!file.write(`${JSON.stringify(doc, encodeFloats)}\n`))
          await new Promise<void>((r) => file.once('drain', () => r()));
      }
      await new Promise<void>((resolve, reject) =>
        file.end((err?: Error | null) => (err ? reject(err) : resolve())),
      );
      return 0;
    });
  }
  if (action === 'import' && positionals.length === 1) {
    const file = positionals[0]!;
    if (!fs.existsSync(file)) {
      log(`No such file: ${file}. Write one with folio corpus export --out ${file}.`);
      return 1;
    }
    return withCliApp(async (app) => {
      const corpus = app.get(BenchCorpusRepository);
      const generator = new CorpusGenerator(corpus, log);
      const known = new Set((await corpus.documents()).map((d) => d.id));
      let imported = 0;
      let skipped = 0;
      for await (const line of readline.createInterface({ input: fs.createReadStream(file) })) {
        if (!line.trim()) continue;
        const doc = JSON.parse(line, decodeFloats) as ExportedDocument;
        if (await generator.importDocument(doc, known)) imported++;
        else skipped++;
        log(`import: ${imported} imported, ${skipped} already held`);
      }
      // Integer properties came back as FLOATs: the migrations make them INTEGERs again.
      await app.get(MigrationService).migrate();
      return 0;
    });
  }
  if (action === 'grow' && values.documents && Number(values.documents) > 0) {
    const target = Number(values.documents);
    return withCliApp(async (app) => {
      const count = await new CorpusGenerator(app.get(BenchCorpusRepository), log).growTo(target);
      log(`the database holds ${count} documents`);
      return 0;
    });
  }
  process.stdout.write(`${USAGE}\n`);
  return 2;
}
