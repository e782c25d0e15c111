import { Inject, Injectable } from '@nestjs/common';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import type * as Gql from '../document/graphql.types';
import { CypherRegistry } from './cypher-registry';
import { GraphExecutor } from './graph-executor';
import { MigrationService } from './migration.service';

export type IndexStateRow = Gql.IndexState;

/** schema.graphql's Health, every nullable field present. */
export interface HealthReport {
  ok: boolean;
  neo4j: Required<Gql.Neo4jHealth>;
  gds: Required<Gql.GdsHealth>;
  indexes: IndexStateRow[];
  embedder: Required<Gql.EmbedderInfo>;
}

/** Whether this process can serve requests: Neo4j answers and this build's migrations are applied. */
export interface Readiness {
  ready: boolean;
  neo4j: { reachable: boolean; error: string | null };
  migrations: { done: boolean; pending: string[] };
}

/** A probe must answer even when the driver would wait longer (a server that accepts but never replies). */
const READINESS_TIMEOUT_MS = 4000;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Neo4j did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** What `health` reports; never throws — an unreachable Neo4j is a report, not an error. */
@Injectable()
export class HealthService {
  private readonly q;

  constructor(
    private readonly graph: GraphExecutor,
    private readonly migrations: MigrationService,
    cypher: CypherRegistry,
    @Inject(FOLIO_CONFIG) private readonly config: FolioConfig,
  ) {
    this.q = {
      server: cypher.get('graph/server-info'),
      gds: cypher.get('graph/gds-version'),
      indexes: cypher.get('graph/list-indexes'),
    };
  }

  async check(): Promise<HealthReport> {
    const embedder = {
      backend: this.config.embedder.backend,
      model: this.config.embedder.model,
      dimension: this.config.embedder.dimension,
      recordedModel: null as string | null,
    };
    const neo4j = {
      reachable: false,
      version: null,
      edition: null,
      database: this.config.neo4j.database,
      error: null,
    };
    try {
      const [server] = await this.graph.read<{ version: string; edition: string }>(this.q.server);
      const indexes = await this.graph.read<IndexStateRow>(this.q.indexes);
      embedder.recordedModel = (await this.migrations.recordedModel())?.model ?? null;
      const gds = await this.gdsVersion();
      const indexesOnline = indexes.every((i) => i.state === 'ONLINE');
      return {
        ok: indexesOnline,
        neo4j: {
          ...neo4j,
          reachable: true,
          version: server?.version ?? null,
          edition: server?.edition ?? null,
        },
        gds: { available: gds !== null, version: gds },
        indexes,
        embedder,
      };
    } catch (err) {
      return {
        ok: false,
        neo4j: { ...neo4j, error: (err as Error).message },
        gds: { available: false, version: null },
        indexes: [],
        embedder,
      };
    }
  }

  /** The readiness probe: one read (the recorded migrations), so it is cheap enough to poll; never throws. */
  async readiness(): Promise<Readiness> {
    try {
      const pending = await withDeadline(this.migrations.pendingMigrations(), READINESS_TIMEOUT_MS);
      const done = pending.length === 0;
      return { ready: done, neo4j: { reachable: true, error: null }, migrations: { done, pending } };
    } catch (err) {
      return {
        ready: false,
        neo4j: { reachable: false, error: (err as Error).message },
        migrations: { done: false, pending: [] },
      };
    }
  }

  private async gdsVersion(): Promise<string | null> {
    try {
      const [row] = await this.graph.read<{ version: string }>(this.q.gds);
      return row?.version ?? null;
    } catch {
      return null; // GDS is optional: the Docker image or a plain server may run without it
    }
  }
}
