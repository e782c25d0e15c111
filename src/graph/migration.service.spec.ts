import { thrownBy } from '../common/testing/thrown';
import type { FolioConfig } from '../config/folio-config';
import { ELEMENT_KIND_LABELS } from '../document/document-model';
import { CypherRegistry } from './cypher-registry';
import type { GraphExecutor } from './graph-executor';
import { GraphError, GraphErrorCode } from './graph.errors';
import {
  checkEmbeddingModel,
  fulltextIndexOf,
  MigrationService,
  MIGRATING_COMMANDS,
  REEMBED_COMMAND,
} from './migration.service';

describe('checkEmbeddingModel', () => {
  const configured = { model: 'bge-small-en-v1.5', dimension: 384 };

  it('accepts an empty database and the same model', () => {
    expect(() => checkEmbeddingModel(null, configured)).not.toThrow();
    expect(() =>
      checkEmbeddingModel({ model: 'bge-small-en-v1.5', dimension: 384 }, configured),
    ).not.toThrow();
  });

  it('refuses a different model or dimension and names the re-embed command', () => {
    for (const recorded of [
      { model: 'text-embedding-3-small', dimension: 1536 },
      { model: 'bge-small-en-v1.5', dimension: 768 },
    ]) {
      const error = thrownBy(() => checkEmbeddingModel(recorded, configured));
      expect(error).toBeInstanceOf(GraphError);
      expect((error as GraphError).code).toBe(GraphErrorCode.EMBEDDING_MODEL_MISMATCH);
      expect((error as GraphError).message).toContain(REEMBED_COMMAND);
    }
  });
});

describe('fulltextIndexOf', () => {
  it('reads the index name and the declared analyzer, or the default one', () => {
    expect(
      fulltextIndexOf(
        "CREATE FULLTEXT INDEX page_text IF NOT EXISTS FOR (n:Page) ON EACH [n.text]\nOPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}",
      ),
    ).toEqual({ name: 'page_text', analyzer: 'english' });
    expect(
      fulltextIndexOf('CREATE FULLTEXT INDEX section_text IF NOT EXISTS FOR (n:Section) ON EACH [n.title]'),
    ).toEqual({ name: 'section_text', analyzer: 'standard-no-stop-words' });
    expect(fulltextIndexOf('CREATE INDEX page_doc_id IF NOT EXISTS FOR (n:Page) ON (n.docId)')).toBeNull();
  });
});

describe('MigrationService.checkSchemaCurrent (read-only commands)', () => {
  const cypher = new CypherRegistry();
  const all = cypher.list('migrations/').map((m) => m.name);
  const config = { embedder: { model: 'bge-small-en-v1.5', dimension: 384 } } as FolioConfig;

  /** A graph whose schema node records `migrations`; any write fails the test. */
  function serviceOver(migrations: string[]): MigrationService {
    const refuseWrite = () => {
      throw new Error('a read-only check wrote');
    };
    const graph = {
      read: async () => [{ embeddingModel: 'bge-small-en-v1.5', embeddingDimension: 384, migrations }],
      write: refuseWrite,
      writeTx: refuseWrite,
      runAutoCommit: refuseWrite,
    } as unknown as GraphExecutor;
    return new MigrationService(graph, cypher, config);
  }

  it('passes when every migration of this build is recorded', async () => {
    await expect(serviceOver(all).checkSchemaCurrent()).resolves.toBeUndefined();
  });

  it('refuses a schema with missing migrations, naming them and the commands that migrate', async () => {
    const error = await serviceOver(all.slice(0, -1))
      .checkSchemaCurrent()
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(GraphError);
    expect((error as GraphError).code).toBe(GraphErrorCode.SCHEMA_OUTDATED);
    expect((error as GraphError).message).toContain(all[all.length - 1]);
    expect((error as GraphError).message).toContain(MIGRATING_COMMANDS);
  });
});

describe('MigrationService.migrate (run-once backfills)', () => {
  const cypher = new CypherRegistry();
  const all = cypher.list('migrations/');
  const once = all.filter((m) => m.once).map((m) => m.name);
  const config = { embedder: { model: 'bge-small-en-v1.5', dimension: 384 } } as FolioConfig;

  /** A graph whose schema node records `applied`; remembers which migrations ran, failing the first `fails` runs. */
  function graphOver(applied: string[], fails = 0) {
    const ran: string[] = [];
    let failures = 0;
    const graph = {
      read: async () => [
        { embeddingModel: 'bge-small-en-v1.5', embeddingDimension: 384, migrations: applied },
      ],
      write: async () => [],
      runAutoCommit: async (q: { name: string }) => {
        if (q.name.startsWith('migrations/') && once.includes(q.name) && failures < fails) {
          failures++;
          throw new Error('DeadlockDetected');
        }
        ran.push(q.name);
      },
    } as unknown as GraphExecutor;
    return { service: new MigrationService(graph, cypher, config), ran };
  }

  it('has backfills that run once (the integer conversion)', () => {
    expect(once).toContain('migrations/034-integer-node-properties');
  });

  it('runs a backfill the database has not recorded, and skips it once recorded; schema commands run always', async () => {
    const fresh = graphOver([]);
    await fresh.service.migrate();
    expect(fresh.ran).toEqual(expect.arrayContaining(all.map((m) => m.name)));

    const done = graphOver(all.map((m) => m.name));
    await done.service.migrate();
    expect(done.ran.filter((n) => once.includes(n))).toEqual([]);
    expect(done.ran).toContain('migrations/001-document-id-unique');

    // folio migrate --backfills: a build without them may have written since they were recorded.
    const again = graphOver(all.map((m) => m.name));
    await again.service.migrate({ rerunBackfills: true });
    expect(again.ran).toEqual(expect.arrayContaining(once));
  });

  it('retries a backfill that fails (two processes starting together can deadlock), then gives up', async () => {
    const retried = graphOver([], 2);
    await retried.service.migrate();
    expect(retried.ran).toContain(once[0]);

    await expect(graphOver([], 3).service.migrate()).rejects.toThrow('DeadlockDetected');
  }, 20000);
});

describe('migration 036 (element kind labels)', () => {
  it('recognises every kind label, so an element that has one is never rewritten', () => {
    const text = new CypherRegistry().get('migrations/036-element-kind-labels').text;
    const checked = [...text.matchAll(/\be:(\w+)/g)].map((m) => m[1]).filter((l) => l !== 'Element');
    expect(checked.sort()).toEqual([...ELEMENT_KIND_LABELS].sort());
  });
});
