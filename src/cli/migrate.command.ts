import { MigrationService } from '../graph/migration.service';
import { withCliApp } from './cli-app';
import { commandArgs } from './command-args';

const USAGE = `Usage: folio migrate [--backfills]
  Applies the schema migrations (every command that writes does so at start).
  --backfills  also re-runs the one-time data backfills (e.g. integers stored as FLOATs), for a database that a
               build without them wrote to after it was migrated`;

/** `folio migrate`: the schema migrations on demand, and the one-time backfills again when asked. */
export async function runMigrateCommand(args: string[]): Promise<number> {
  const parsed = commandArgs(USAGE, { args, options: { backfills: { type: 'boolean', default: false } } });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  return withCliApp(
    async (app) => {
      const applied = await app.get(MigrationService).migrate({ rerunBackfills: values.backfills });
      process.stdout.write(
        `${applied.length} migrations applied${values.backfills ? ', backfills re-run' : ''}\n`,
      );
      return 0;
    },
    { migrateOnStart: false },
  );
}
