import { Global, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AnalyticsModule } from '../analytics/analytics.module';
import { ConfigModule } from '../config/config.module';
import { FOLIO_CONFIG } from '../config/config.tokens';
import { EmbedModule } from '../embed/embed.module';
import { EnrichModule } from '../enrich/enrich.module';
import { SummariesModule } from '../enrich/summaries/summaries.module';
import { SummaryTreeModule } from '../enrich/summary-tree/summary-tree.module';
import { EvalModule } from '../eval/eval.module';
import { GraphModule } from '../graph/graph.module';
import { MIGRATE_ON_START } from '../graph/graph.tokens';
import { IngestModule } from '../ingest/ingest.module';
import { RetrieveModule } from '../retrieve/retrieve.module';
import { embedConfigFrom } from '../app.module';
import { RecoverySweep } from '../api/recovery-sweep';
import { cliLogger } from './cli-logger';

/** What the CLI commands need: the service's modules without the HTTP server. */
@Module({
  imports: [
    ConfigModule,
    GraphModule,
    EmbedModule.forRootAsync({
      inject: [FOLIO_CONFIG],
      useFactory: embedConfigFrom,
    }),
    IngestModule,
    RetrieveModule,
    EnrichModule,
    SummariesModule,
    SummaryTreeModule,
    AnalyticsModule,
    EvalModule,
  ],
  // What crashed processes left is finished at the start of every command that writes (not read-only ones).
  providers: [RecoverySweep],
})
class CliModule {}

/** For commands that migrate the schema themselves (re-embedding to another model). */
@Global()
@Module({ providers: [{ provide: MIGRATE_ON_START, useValue: false }], exports: [MIGRATE_ON_START] })
class NoMigrationOnStart {}

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
  opts: { migrateOnStart?: boolean; readOnly?: boolean } = {},
): Promise<T> {
  const root = opts.readOnly
    ? ReadOnlyCliModule
    : opts.migrateOnStart === false
      ? CliWithoutMigrationModule
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
