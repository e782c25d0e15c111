import type { ModuleMetadata } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORE_MODULES } from '../../src/app.module';
import { FOLIO_CONFIG } from '../../src/config/config.tokens';
import { FolioConfig, loadConfig } from '../../src/config/folio-config';
import { GraphExecutor } from '../../src/graph/graph-executor';
import { ContentRepository } from '../../src/graph/content.repository';
import { IngestModule } from '../../src/ingest/ingest.module';
import { IngestService } from '../../src/ingest/ingest.service';
import { RetrieveModule } from '../../src/retrieve/retrieve.module';
import { AskService } from '../../src/retrieve/answer/ask.service';
import { RetrieveService } from '../../src/retrieve/retrieve.service';
import { testCypher } from './test-cypher';

export const FIXTURES = path.resolve(__dirname, '..', 'fixtures');
export const fixture = (...parts: string[]) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, ...parts)));

/** Bytes of a PDF made unique (a trailing comment after %%EOF), so its sha-derived id is this test's own. */
export function uniqueCopy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(Buffer.concat([Buffer.from(bytes), Buffer.from(`\n%folio-test ${randomUUID()}\n`)]));
}

export interface IngestContext {
  module: TestingModule;
  ingest: IngestService;
  retrieve: RetrieveService;
  asker: AskService;
  content: ContentRepository;
  config: FolioConfig;
  /** Prefix for document ids this test file creates. */
  runId: string;
  /** Counts per label / relationship type for one document id. */
  counts(docId: string): Promise<{ nodes: Record<string, number>; relationships: Record<string, number> }>;
  /** Runs `work` while the document has `status` (e.g. INGESTING), then sets it back to READY. */
  withStatus<T>(docId: string, status: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Folio's modules on the real Neo4j with the real local embedder — config, graph, embed, ingest, retrieve — plus
 * `extraImports` (e.g. enrichment); `config` replaces the configuration. Initialised, so migrations have run.
 */
export async function createFolioTestModule(
  extraImports: NonNullable<ModuleMetadata['imports']> = [],
  config: FolioConfig = loadConfig(),
): Promise<TestingModule> {
  const module = await Test.createTestingModule({
    imports: [...CORE_MODULES, IngestModule, RetrieveModule, ...extraImports],
  })
    .overrideProvider(FOLIO_CONFIG)
    .useValue(config)
    .compile();
  await module.init();
  return module;
}

/** createFolioTestModule with handles for ingestion tests; `overrides` patch the config. */
export async function createIngestContext(overrides: Partial<FolioConfig> = {}): Promise<IngestContext> {
  const config = { ...loadConfig(), ...overrides };
  const module = await createFolioTestModule([], config);
  const content = module.get(ContentRepository);
  return {
    module,
    ingest: module.get(IngestService),
    retrieve: module.get(RetrieveService),
    asker: module.get(AskService),
    content,
    config,
    runId: `t${randomUUID().slice(0, 8)}`,
    async counts(docId) {
      const stats = await content.graphStats(docId);
      return {
        nodes: Object.fromEntries(stats.nodes.filter((n) => n.count > 0).map((n) => [n.label, n.count])),
        relationships: Object.fromEntries(stats.relationships.map((r) => [r.type, r.count])),
      };
    },
    async withStatus(docId, status, work) {
      const setStatus = (to: string) =>
        module
          .get(GraphExecutor)
          .write(testCypher().get('ingest/test-set-document-status'), { docId, status: to });
      await setStatus(status);
      try {
        return await work();
      } finally {
        await setStatus('READY');
      }
    },
    close: () => module.close(),
  };
}
