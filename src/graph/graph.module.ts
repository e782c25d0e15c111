import {
  Global,
  Inject,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import neo4j, { Driver } from 'neo4j-driver';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { ContentRepository } from './content.repository';
import { CypherRegistry } from './cypher-registry';
import { DocumentRepository } from './document.repository';
import { preferNoDelaySockets } from './bolt-no-delay';
import { GraphExecutor } from './graph-executor';
import { MIGRATE_ON_START, MigrateOnStart, NEO4J_DRIVER } from './graph.tokens';
import { HealthService } from './health.service';
import { MigrationService } from './migration.service';

export function createNeo4jDriver(config: FolioConfig): Driver {
  // Without TCP_NODELAY every query with a vector parameter waits ~40 ms for a delayed ACK (see bolt-no-delay).
  preferNoDelaySockets();
  return neo4j.driver(config.neo4j.uri, neo4j.auth.basic(config.neo4j.user, config.neo4j.password), {
    maxConnectionPoolSize: config.neo4j.maxPoolSize,
    // Short on purpose: a request should learn that Neo4j is down in seconds, not after the driver's 30 s retries.
    connectionTimeout: config.neo4j.connectionTimeoutMs,
    connectionAcquisitionTimeout: config.neo4j.acquisitionTimeoutMs,
    maxTransactionRetryTime: config.neo4j.maxRetryMs,
    userAgent: 'folio/0.1',
  });
}

@Global()
@Module({
  providers: [
    { provide: NEO4J_DRIVER, inject: [FOLIO_CONFIG], useFactory: createNeo4jDriver },
    { provide: CypherRegistry, useFactory: () => new CypherRegistry() },
    GraphExecutor,
    MigrationService,
    HealthService,
    DocumentRepository,
    ContentRepository,
  ],
  exports: [
    CypherRegistry,
    GraphExecutor,
    MigrationService,
    HealthService,
    DocumentRepository,
    ContentRepository,
  ],
})
export class GraphModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(NEO4J_DRIVER) private readonly driver: Driver,
    private readonly executor: GraphExecutor,
    private readonly migrations: MigrationService,
    @Optional() @Inject(MIGRATE_ON_START) private readonly migrateOnStart: MigrateOnStart | null,
  ) {}

  /** The service does not start on an unreachable Neo4j or a schema it cannot use. */
  async onApplicationBootstrap(): Promise<void> {
    await this.executor.verifyConnectivity();
    if (this.migrateOnStart === 'check') await this.migrations.checkSchemaCurrent();
    else if (this.migrateOnStart !== false) await this.migrations.migrate();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.driver.close();
  }
}
