import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { FOLIO_CONFIG } from './config/config.tokens';
import { loadConfig, type FolioConfig } from './config/folio-config';

async function bootstrap(): Promise<void> {
  // Checked before Nest starts: a bad variable is one clear message (below), not a stack trace from the injector.
  loadConfig();
  const app = await NestFactory.create(AppModule);
  app.enableShutdownHooks();
  const config = app.get<FolioConfig>(FOLIO_CONFIG);
  await app.listen(config.http.port, config.http.host);
  Logger.log(`GraphQL at http://${config.http.host}:${config.http.port}/graphql`, 'Folio');
}

bootstrap().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
