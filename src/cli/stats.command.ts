import { ContentRepository } from '../graph/content.repository';
import { DocumentRepository } from '../graph/document.repository';
import { withReadOnlyCliApp } from './cli-app';
import { printTable } from './ingest.command';

/** `folio stats [docId]`: node and relationship counts of one document or of the whole corpus. */
export async function runStatsCommand(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const [docId] = args.filter((a) => a !== '--json');
  return withReadOnlyCliApp(async (app) => {
    if (docId && !(await app.get(DocumentRepository).get(docId))) {
      process.stderr.write(`No document with id '${docId}' (\`folio list\` shows the stored ones).\n`);
      return 1;
    }
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
