import { parseArgs } from 'node:util';
import { MigrationService } from '../graph/migration.service';
import { withCliApp } from './cli-app';

const USAGE = `Usage: folio migrate [--backfills]
  Applies the schema migrations (every command that writes does so at start).
  --backfills  also re-runs the one-time data backfills (e.g. integers stored as FLOATs), for a database that a
               build without them wrote to after it was migrated`;

/** `folio migrate`: the schema migrations on demand, and the one-time backfills again when asked. */
export async function runMigrateCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { backfills: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
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
