import { INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule } from '../config/config.module';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { EmbedConfig } from '../embed/embed.config';
import { EmbedModule } from '../embed/embed.module';
import { GraphModule } from '../graph/graph.module';
import { IngestModule } from '../ingest/ingest.module';
import { RetrieveModule } from '../retrieve/retrieve.module';
import { embedConfigFrom } from '../app.module';

/** What the CLI commands need: the service's modules without the HTTP server. */
@Module({
  imports: [
    ConfigModule,
    GraphModule,
    EmbedModule.forRootAsync({ inject: [FOLIO_CONFIG], useFactory: embedConfigFrom as (...args: never[]) => EmbedConfig }),
    IngestModule,
    RetrieveModule,
  ],
})
class CliModule {}

export async function withCliApp<T>(work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  const app = await NestFactory.createApplicationContext(CliModule, { logger: ['error', 'warn'] });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}
