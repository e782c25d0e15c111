import { IngestService } from '../ingest/ingest.service';
import { withCliApp } from './cli-app';

const USAGE =
  'Usage: folio retitle [--dry-run] (--all | <docId>...)\n' +
  "  Re-chooses stored titles from the stored PDFs: a filing's cover, else the cover's title block unless the\n" +
  '  PDF title metadata reads like a title and holds its words, else that metadata, else the file name.\n' +
  '  --dry-run only prints.\n';

/** `folio retitle`: fixes titles stored before the current title rule, without re-ingesting. */
export async function runRetitleCommand(args: string[]): Promise<number> {
  const dryRun = args.includes('--dry-run');
  const all = args.includes('--all');
  const ids = args.filter((a) => !a.startsWith('--'));
  if (args.includes('--help') || (!all && ids.length === 0)) {
    process.stdout.write(USAGE);
    return args.includes('--help') ? 0 : 2;
  }
  return withCliApp(async (app) => {
    const ingest = app.get(IngestService);
    let failed = 0;
    for (const id of all ? await ingest.documentIds() : ids) {
      try {
        const { before, after } = await ingest.retitle(id, { dryRun });
        const verb = before === after ? 'kept' : dryRun ? 'would retitle' : 'retitled';
        process.stdout.write(`${id}: ${verb} "${before}"${before === after ? '' : ` -> "${after}"`}\n`);
      } catch (err) {
        failed++;
        process.stderr.write(`${id}: ${(err as Error).message}\n`);
      }
    }
    return failed > 0 ? 1 : 0;
  });
}
