import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import { AppModule } from '../../src/app.module';
import { FOLIO_CONFIG } from '../../src/config/config.tokens';
import type { FolioConfig } from '../../src/config/folio-config';

export interface HttpApp {
  app: INestApplication;
  url: string;
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data?: T; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>;
  close(): Promise<void>;
}

/** The whole Folio service on a random local port, spoken to over real HTTP; `config` replaces the environment's. */
export async function startHttpApp(config?: FolioConfig): Promise<HttpApp> {
  const builder = Test.createTestingModule({ imports: [AppModule] });
  if (config) builder.overrideProvider(FOLIO_CONFIG).useValue(config);
  const module = await builder.compile();
  const app = module.createNestApplication({ logger: ['error', 'warn'] });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    app,
    url,
    async graphql(query, variables) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as never;
    },
    close: () => app.close(),
  };
}
