import { Driver } from 'neo4j-driver';
import { GraphError, GraphErrorCode } from '../../../src/graph/graph.errors';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { createNeo4jDriver } from '../../../src/graph/graph.module';
import { MigrationService } from '../../../src/graph/migration.service';
import { loadConfig } from '../../../src/config/folio-config';
import { createGraphContext, GraphContext } from '../../support/graph-context';

/** A local model other than the configured one, to provoke the mismatch. */
const OTHER_LOCAL_MODEL: Record<string, string> = {
  'bge-small-en-v1.5': 'bge-small-en-v1.5-q',
  'bge-small-en-v1.5-q': 'bge-small-en-v1.5',
};

describe('migrations', () => {
  let ctx: GraphContext;
  beforeAll(async () => {
    ctx = await createGraphContext(); // module init already migrated once
  });
  afterAll(async () => ctx.close());

  const schemaSnapshot = async () => {
    const rows = await ctx.graph.read<{ name: string; type: string; properties: string[] }>(
      ctx.cypher.get('graph/list-indexes'),
    );
    return rows.map((r) => `${r.name}:${r.type}:${r.properties.join(',')}`).sort();
  };

  it('creates the named constraints, vector and full-text indexes', async () => {
    const names = await schemaSnapshot();
    for (const expected of [
      'document_id_unique:RANGE:id',
      'element_embedding:VECTOR:embedding',
      'page_embedding:VECTOR:embedding',
      'section_embedding:VECTOR:embedding',
      'summary_embedding:VECTOR:embedding',
      'element_text:FULLTEXT:text,description,docId',
      'page_doc_number:RANGE:docId,number',
      'revision_doc_id:RANGE:docId',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('changes nothing when run again', async () => {
    const before = await schemaSnapshot();
    await ctx.migrations.migrate();
    await ctx.migrations.migrate();
    expect(await schemaSnapshot()).toEqual(before);
  });

  it('keeps a migration recorded when a build without it records its own (builds share one database)', async () => {
    const all = ctx.cypher.list('migrations/').map((m) => m.name);
    const { model, dimension } = ctx.migrations.configuredModel;
    // What an older build, one migration short, records when it migrates.
    await ctx.graph.write(ctx.cypher.get('graph/record-schema-info'), {
      embeddingModel: model,
      embeddingDimension: dimension,
      migrations: all.slice(0, -1),
    });
    expect(await ctx.migrations.pendingMigrations()).toEqual([]);
  });

  it('records the embedding model and dimension', async () => {
    expect(await ctx.migrations.recordedModel()).toEqual(ctx.migrations.configuredModel);
  });

  it('refuses to start with a different embedding model, naming the re-embed command, and changes nothing', async () => {
    const config = loadConfig({
      ...process.env,
      FOLIO_EMBEDDING_MODEL: OTHER_LOCAL_MODEL[loadConfig().embedder.model] ?? 'bge-small-en-v1.5',
    });
    const other = { ...config, embedder: { ...config.embedder, dimension: 768 } };
    const driver: Driver = createNeo4jDriver(other);
    try {
      const migrations = new MigrationService(new GraphExecutor(driver, other), ctx.cypher, other);
      const before = await schemaSnapshot();
      await expect(migrations.migrate()).rejects.toThrow(/reembed/);
      await expect(migrations.migrate()).rejects.toMatchObject({
        code: GraphErrorCode.EMBEDDING_MODEL_MISMATCH,
      });
      expect(await schemaSnapshot()).toEqual(before);
      expect(await ctx.migrations.recordedModel()).toEqual(ctx.migrations.configuredModel);
    } finally {
      await driver.close();
    }
  });

  it('reports an unreachable Neo4j as NEO4J_UNAVAILABLE with what to do', async () => {
    const config = loadConfig({ ...process.env, NEO4J_URI: 'bolt://127.0.0.1:1' });
    const driver = createNeo4jDriver(config);
    try {
      const graph = new GraphExecutor(driver, config);
      const error: unknown = await graph.verifyConnectivity().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GraphError);
      expect((error as GraphError).code).toBe(GraphErrorCode.NEO4J_UNAVAILABLE);
      expect((error as GraphError).message).toMatch(/neo4j:start|NEO4J_URI/);
    } finally {
      await driver.close();
    }
  });
});
