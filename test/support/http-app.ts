import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import { hashApiKey } from '../../src/api/api-keys';
import { AppModule } from '../../src/app.module';
import { FOLIO_CONFIG } from '../../src/config/config.tokens';
import { type FolioConfig, loadConfig } from '../../src/config/folio-config';
import { type ApiScope } from '../../src/config/api-keys.config';
import { IngestService } from '../../src/ingest/ingest.service';
import { fixture, uniqueCopy } from './ingest-context';

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

/** The environment's config with `keys` (plain key → scope) as its FOLIO_API_KEYS, as `startHttpApp` takes it. */
export function configWithKeys(
  keys: Record<string, ApiScope>,
  auth: { openAllowed?: boolean } = {},
): FolioConfig {
  const config = loadConfig();
  return {
    ...config,
    auth: {
      ...config.auth,
      ...auth,
      keys: Object.entries(keys).map(([key, scope]) => ({ scope, sha256: hashApiKey(key) })),
    },
  };
}

/** Ingests a fresh copy of the sample report as `docId` (a copy, so its hash is new and nothing is deduplicated). */
export async function ingestSampleReport(http: HttpApp, docId: string, fileName: string): Promise<void> {
  await http.app
    .get(IngestService)
    .ingest(uniqueCopy(fixture('pdf', 'sample-report.pdf')), { fileName, docId });
}

/** Deletes a document the test made, if it got that far, then stops the app (for afterAll). */
export async function closeAfterDeleting(http: HttpApp | undefined, docId: string): Promise<void> {
  if (!http) return;
  await http.app
    .get(IngestService)
    .deleteDocument(docId)
    .catch(() => undefined);
  await http.close();
}
