import { Inject, Injectable, Logger } from '@nestjs/common';
import neo4j from 'neo4j-driver';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { CypherQuery, CypherRegistry } from './cypher-registry';
import { GraphExecutor } from './graph-executor';
import { GraphError, GraphErrorCode } from './graph.errors';

export interface EmbeddingModelInfo {
  model: string;
  dimension: number;
}

export const REEMBED_COMMAND = 'npm run folio -- reembed --all';

/** Read-only commands never migrate; these do, at start. */
export const MIGRATING_COMMANDS =
  'start the API (npm start) or run a command that writes (folio ingest, enrich, delete, retitle)';

/** The recorded model must match the configured one, or the stored vectors cannot be compared with new ones. */
export function checkEmbeddingModel(
  recorded: Partial<EmbeddingModelInfo> | null,
  configured: EmbeddingModelInfo,
): void {
  if (!recorded?.model) return;
  if (recorded.model === configured.model && recorded.dimension === configured.dimension) return;
  throw new GraphError(
    GraphErrorCode.EMBEDDING_MODEL_MISMATCH,
    `The database's vectors were made with embedding model '${recorded.model}' (dimension ${recorded.dimension}), ` +
      `but Folio is configured with '${configured.model}' (dimension ${configured.dimension}). ` +
      `Either set FOLIO_EMBEDDING_MODEL=${recorded.model}, or re-embed every document with the new model: ` +
      `FOLIO_EMBEDDING_MODEL=${configured.model} ${REEMBED_COMMAND}`,
  );
}

const MIGRATION_ATTEMPTS = 3;

const DEFAULT_FULLTEXT_ANALYZER = 'standard-no-stop-words';

/** The full-text index a migration creates and the analyzer it declares (Neo4j's default when it declares none). */
export function fulltextIndexOf(migrationText: string): { name: string; analyzer: string } | null {
  const name = /CREATE\s+FULLTEXT\s+INDEX\s+(\w+)/i.exec(migrationText)?.[1];
  if (!name) return null;
  const analyzer =
    /`fulltext\.analyzer`\s*:\s*'([^']+)'/.exec(migrationText)?.[1] ?? DEFAULT_FULLTEXT_ANALYZER;
  return { name, analyzer };
}

/**
 * Idempotent schema migrations: every file under cypher/migrations/ is a named `IF NOT EXISTS` command or a
 * backfill of what only its missing rows lack, applied in file order on each start (re-applying changes nothing);
 * a `// Once:` backfill that scans a whole label is skipped once recorded. Vector indexes take their dimension
 * from the configured embedder, and the model is recorded so a different one is refused at start-up.
 */
@Injectable()
export class MigrationService {
  private readonly logger = new Logger(MigrationService.name);

  constructor(
    private readonly graph: GraphExecutor,
    private readonly cypher: CypherRegistry,
    @Inject(FOLIO_CONFIG) private readonly config: FolioConfig,
  ) {}

  get configuredModel(): EmbeddingModelInfo {
    return { model: this.config.embedder.model, dimension: this.config.embedder.dimension };
  }

  async recordedModel(): Promise<Partial<EmbeddingModelInfo> | null> {
    const [row] = await this.graph.read<{ embeddingModel: string | null; embeddingDimension: number | null }>(
      this.cypher.get('graph/read-schema-info'),
    );
    if (!row?.embeddingModel) return null;
    return { model: row.embeddingModel, dimension: row.embeddingDimension ?? undefined };
  }

  private async appliedMigrations(): Promise<string[]> {
    const [row] = await this.graph.read<{ migrations: string[] | null }>(
      this.cypher.get('graph/read-schema-info'),
    );
    return row?.migrations ?? [];
  }

  /** Migrations of this build the database has not recorded as applied (empty once `migrate` has run). */
  async pendingMigrations(): Promise<string[]> {
    const applied = new Set(await this.appliedMigrations());
    return this.cypher
      .list('migrations/')
      .map((m) => m.name)
      .filter((name) => !applied.has(name));
  }

  /**
   * For read-only commands: reads only, and throws unless the schema is the one this build migrates to (same
   * embedding model, every migration recorded as applied).
   */
  async checkSchemaCurrent(): Promise<void> {
    checkEmbeddingModel(await this.recordedModel(), this.configuredModel);
    const pending = await this.pendingMigrations();
    if (pending.length === 0) return;
    throw new GraphError(
      GraphErrorCode.SCHEMA_OUTDATED,
      `The database schema is not current: ${pending.length} migration(s) of this build are not applied ` +
        `(${pending.slice(0, 5).join(', ')}${pending.length > 5 ? ', …' : ''}). This command only reads and does not migrate; ${MIGRATING_COMMANDS} ` +
        'to apply them, then run it again.',
    );
  }

  /**
   * Applies all migrations; returns their names. Throws EMBEDDING_MODEL_MISMATCH before touching anything.
   * `rerunBackfills` runs the `// Once:` backfills even when recorded (a build without them wrote since).
   */
  async migrate(opts: { allowModelChange?: boolean; rerunBackfills?: boolean } = {}): Promise<string[]> {
    const configured = this.configuredModel;
    if (!opts.allowModelChange) checkEmbeddingModel(await this.recordedModel(), configured);
    const migrations = this.cypher.list('migrations/');
    await this.dropFulltextIndexesWithOtherAnalyzers(migrations.map((m) => m.text));
    const applied = new Set(await this.appliedMigrations());
    for (const m of migrations) {
      if (m.once && applied.has(m.name) && !opts.rerunBackfills) continue;
      // Index options need a Cypher INTEGER; a JS number would arrive as a FLOAT.
      const params = m.params.includes('dimension') ? { dimension: neo4j.int(configured.dimension) } : {};
      await this.runIdempotent(m, params);
    }
    await this.graph.write(this.cypher.get('graph/record-schema-info'), {
      embeddingModel: configured.model,
      embeddingDimension: configured.dimension,
      migrations: migrations.map((m) => m.name),
    });
    await this.graph.runAutoCommit(this.cypher.get('graph/await-indexes'), { timeoutSeconds: 300 });
    this.logger.log(
      `Schema up to date (${migrations.length} migrations, embedder ${configured.model}/${configured.dimension})`,
    );
    return migrations.map((m) => m.name);
  }

  /**
   * Two processes starting together can deadlock on a backfill's batch or race on an index: every migration is
   * idempotent (a backfill only rewrites what is still unconverted), so a failed one is retried.
   */
  private async runIdempotent(m: CypherQuery, params: Record<string, unknown>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.graph.runAutoCommit(m, params);
      } catch (err) {
        if (attempt >= MIGRATION_ATTEMPTS) throw err;
        this.logger.warn(`Migration ${m.name} failed (${(err as Error).message.split('\n')[0]}); retrying`);
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  }

  /** `IF NOT EXISTS` keeps an index whose analyzer a migration changed: drop it, so the migration recreates it. */
  private async dropFulltextIndexesWithOtherAnalyzers(migrationTexts: string[]): Promise<void> {
    const current = await this.graph.read<{ name: string; analyzer: string | null }>(
      this.cypher.get('graph/list-fulltext-analyzers'),
    );
    for (const wanted of migrationTexts.map(fulltextIndexOf)) {
      const existing = wanted && current.find((c) => c.name === wanted.name);
      if (!wanted || !existing || existing.analyzer === wanted.analyzer) continue;
      this.logger.log(
        `Rebuilding full-text index ${wanted.name}: analyzer ${existing.analyzer} → ${wanted.analyzer}`,
      );
      await this.graph.runAutoCommit(this.cypher.get('graph/drop-index'), { name: wanted.name });
    }
  }
}
