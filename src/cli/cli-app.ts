import { Global, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EvalModule } from '../eval/eval.module';
import { MIGRATE_ON_START } from '../graph/graph.tokens';
import { CORE_MODULES, FEATURE_MODULES } from '../app.module';
import { RecoverySweep } from '../api/recovery-sweep';
import { cliLogger } from './cli-logger';

/** The modules a command runs on: the service's without the HTTP server, plus the benchmarks' own queries. */
export const CLI_MODULES = [...CORE_MODULES, ...FEATURE_MODULES, EvalModule];

/** What the CLI commands need. */
@Module({
  imports: CLI_MODULES,
  // What crashed processes left is finished at the start of every command that writes (not read-only ones).
  providers: [RecoverySweep],
})
class CliModule {}

/** For commands that migrate the schema themselves (re-embedding to another model). */
@Global()
@Module({ providers: [{ provide: MIGRATE_ON_START, useValue: false }], exports: [MIGRATE_ON_START] })
class NoMigrationOnStart {}

/** The benchmarks' modules: no recovery sweep, a benchmark writes only its own documents. */
@Module({ imports: CLI_MODULES })
class BenchCliModule {}

@Module({ imports: [NoMigrationOnStart, CliModule] })
class CliWithoutMigrationModule {}

/** For commands that only read: the schema is checked to be current, never migrated (no write transaction). */
@Global()
@Module({ providers: [{ provide: MIGRATE_ON_START, useValue: 'check' }], exports: [MIGRATE_ON_START] })
class SchemaCheckOnStart {}

@Module({ imports: [SchemaCheckOnStart, CliModule] })
class ReadOnlyCliModule {}

/**
 * Commands that write migrate the schema at start (the default). `readOnly` commands only check it is current and
 * fail with SCHEMA_OUTDATED otherwise; `migrateOnStart: false` is for commands that migrate themselves.
 */
export async function withCliApp<T>(
  work: (app: INestApplicationContext) => Promise<T>,
  opts: { migrateOnStart?: boolean; readOnly?: boolean; bench?: boolean } = {},
): Promise<T> {
  const root = opts.readOnly
    ? ReadOnlyCliModule
    : opts.migrateOnStart === false
      ? CliWithoutMigrationModule
      : opts.bench
        ? BenchCliModule
        : CliModule;
  const app = await NestFactory.createApplicationContext(root, { logger: cliLogger() });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

/** For commands that only read (list, stats, search, ask, analyze without --write): never migrates, never writes. */
export function withReadOnlyCliApp<T>(work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  return withCliApp(work, { readOnly: true });
}

/** For the benchmarks (`folio bench`): migrates like any writing command, without the recovery sweep. */
export function withBenchApp<T>(work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  return withCliApp(work, { bench: true });
}
