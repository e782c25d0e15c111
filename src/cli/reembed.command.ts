import { ReembedService } from '../ingest/reembed.service';
import { withCliApp } from './cli-app';
import { StageProgress } from './progress';

export async function runReembedCommand(args: string[]): Promise<number> {
  if (!args.includes('--all')) {
    process.stdout.write(
      'Usage: folio reembed --all\n  Re-embeds every stored document with the configured FOLIO_EMBEDDING_MODEL and rebuilds the vector indexes.\n',
    );
    return 2;
  }
  return withCliApp(
    async (app) => {
      const progress = new StageProgress('reembed');
      const count = await app
        .get(ReembedService)
        .reembedAll((_id, done, total) => progress.update('documents', done, total, 'documents'));
      progress.finishStage();
      process.stdout.write(`Re-embedded ${count} document(s); vector indexes rebuilt.\n`);
      return 0;
    },
    { migrateOnStart: false },
  );
}
