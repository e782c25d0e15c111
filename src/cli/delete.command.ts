import { IngestService } from '../ingest/ingest.service';
import { withCliApp } from './cli-app';

/** `folio delete <docId>...`: removes documents and everything hanging off them. */
export async function runDeleteCommand(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const ids = args.filter((a) => a !== '--json');
  if (ids.length === 0 || args.includes('--help')) {
    process.stdout.write(
      'Usage: folio delete <docId>... [--json]\n  Removes each document and everything hanging off it; nothing else.\n',
    );
    return ids.length === 0 && !args.includes('--help') ? 2 : 0;
  }
  return withCliApp(async (app) => {
    const ingest = app.get(IngestService);
    const results: Array<{ id: string; deleted: boolean; error?: string }> = [];
    for (const id of ids) {
      try {
        await ingest.deleteDocument(id);
        results.push({ id, deleted: true });
        if (!json) process.stdout.write(`deleted ${id}\n`);
      } catch (err) {
        results.push({ id, deleted: false, error: (err as Error).message });
        process.stderr.write(`${id}: ${(err as Error).message}\n`);
      }
    }
    if (json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    return results.some((r) => !r.deleted) ? 1 : 0;
  });
}
