import { ContentRepository } from '../graph/content.repository';
import { withCliApp } from './cli-app';
import { printTable } from './ingest.command';

/** `folio stats [docId]`: node and relationship counts of one document or of the whole corpus. */
export async function runStatsCommand(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const [docId] = args.filter((a) => a !== '--json');
  return withCliApp(async (app) => {
    const stats = await app.get(ContentRepository).graphStats(docId ?? null);
    if (json) {
      process.stdout.write(`${JSON.stringify(stats, null, 2)}\n`);
      return 0;
    }
    printTable(
      ['label', 'nodes'],
      stats.nodes.map((n) => [n.label, String(n.count)]),
    );
    printTable(
      ['relationship', 'count'],
      stats.relationships.map((r) => [r.type, String(r.count)]),
    );
    return 0;
  });
}
