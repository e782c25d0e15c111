import { ReembedService } from '../ingest/reembed.service';
import { withCliApp } from './cli-app';
import { StageProgress } from './progress';

export async function runReembedCommand(args: string[]): Promise<number> {
  if (!args.includes('--all')) {
    process.stdout.write(
      'Usage: folio reembed --all [--units]\n' +
        '  Re-embeds every stored document with the configured FOLIO_EMBEDDING_MODEL and rebuilds the vector indexes;\n' +
        '  elements lose the vectors a database ingested before retrieval units gave them (passages are embedded).\n' +
        '  --units  keep section vectors (same model) and rebuild only the retrieval units (Passage) and page vectors\n' +
        '           (element vectors are dropped too): moves a database ingested before retrieval units, or after the\n' +
        '           unit rules changed.\n',
    );
    return 2;
  }
  const unitsOnly = args.includes('--units');
  return withCliApp(
    async (app) => {
      const progress = new StageProgress('reembed');
      const count = await app.get(ReembedService).reembedAll({
        unitsOnly,
        onDocument: (_id, done, total) => progress.update('documents', done, total, 'documents'),
      });
      progress.finishStage();
      process.stdout.write(
        unitsOnly
          ? `Rebuilt the retrieval units of ${count} document(s).\n`
          : `Re-embedded ${count} document(s); vector indexes rebuilt.\n`,
      );
      return 0;
    },
    { migrateOnStart: false },
  );
}
