import { Global, Module } from '@nestjs/common';
import { loadConfig } from './folio-config';
import { FOLIO_CONFIG } from './config.tokens';

/** Validates the environment once at start-up; everything else injects FOLIO_CONFIG. */
@Global()
@Module({
  providers: [{ provide: FOLIO_CONFIG, useFactory: () => loadConfig() }],
  exports: [FOLIO_CONFIG],
})
export class ConfigModule {}
