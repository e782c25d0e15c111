import { IngestService } from '../ingest/ingest.service';
import { withCliApp } from './cli-app';

/** `folio delete <docId>...`: removes documents and everything hanging off them. */
export async function runDeleteCommand(args: string[]): Promise<number> {
  if (args.length === 0 || args.includes('--help')) {
    process.stdout.write(
      'Usage: folio delete <docId>...\n  Removes each document and everything hanging off it; nothing else.\n',
    );
    return args.length === 0 ? 2 : 0;
  }
  return withCliApp(async (app) => {
    const ingest = app.get(IngestService);
    let failed = 0;
    for (const id of args) {
      try {
        await ingest.deleteDocument(id);
        process.stdout.write(`deleted ${id}\n`);
      } catch (err) {
        failed++;
        process.stderr.write(`${id}: ${(err as Error).message}\n`);
      }
    }
    return failed > 0 ? 1 : 0;
  });
}
