// `folio migrate --backfills` on the shared Neo4j: a document whose integers a build without migration 034 wrote as
// FLOATs after the database recorded 034 as applied (so a plain start skips it) gets INTEGERs back.
import { TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { writeSyntheticDocument } from '../../../scripts/bench/enrich-synthetic';
import { runMigrateCommand } from '../../../src/cli/migrate.command';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { MigrationService } from '../../../src/graph/migration.service';
import { IngestRepository } from '../../../src/ingest/ingest.repository';
import { IngestService } from '../../../src/ingest/ingest.service';
import { createFolioTestModule } from '../../support/ingest-context';
import { testCypher } from '../../support/test-cypher';

describe('folio migrate', () => {
  let module: TestingModule;
  let graph: GraphExecutor;
  const docId = `tmig${randomUUID().slice(0, 8)}`;
  const pageNumberTypes = async () =>
    (
      await graph.read<{ label: string; property: string; types: string[] }>(
        testCypher().get('graph/node-property-types'),
        { docId, jobPrefix: docId },
      )
    ).find((r) => r.label === 'Page' && r.property === 'number')?.types;

  beforeAll(async () => {
    module = await createFolioTestModule();
    graph = module.get(GraphExecutor);
    await writeSyntheticDocument(new IngestRepository(graph, module.get(CypherRegistry)), {
      docId,
      pages: 2,
      elementsPerPage: 2,
      dimension: 384,
      topics: 1,
      seed: 5,
    });
  });
  afterAll(async () => {
    await module
      .get(IngestService)
      .deleteDocument(docId)
      .catch(() => undefined);
    await module.close();
  });

  it('--backfills converts integers written as FLOATs after the backfill was recorded; a plain migrate does not', async () => {
    expect(await pageNumberTypes()).toEqual(['INTEGER NOT NULL']);
    await graph.write(testCypher().get('graph/store-integers-as-floats'), { docId });
    expect(await module.get(MigrationService).pendingMigrations()).toEqual([]);

    await module.get(MigrationService).migrate();
    expect(await pageNumberTypes()).toEqual(['FLOAT NOT NULL']);

    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await runMigrateCommand(['--backfills'])).toBe(0);
      expect(String(stdout.mock.calls.at(-1)?.[0])).toMatch(/migrations applied, backfills re-run/);
    } finally {
      stdout.mockRestore();
    }
    expect(await pageNumberTypes()).toEqual(['INTEGER NOT NULL']);
  });
});
