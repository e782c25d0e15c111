import { Test, TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { ConfigModule } from '../../src/config/config.module';
import { CypherRegistry } from '../../src/graph/cypher-registry';
import { GraphExecutor } from '../../src/graph/graph-executor';
import { GraphModule } from '../../src/graph/graph.module';
import { MigrationService } from '../../src/graph/migration.service';

/**
 * The graph module on the real Neo4j, migrated. Each test file gets a `runId` to prefix the ids of the data it
 * creates, so files can share one database; clean up by that prefix.
 */
export interface GraphContext {
  module: TestingModule;
  graph: GraphExecutor;
  cypher: CypherRegistry;
  migrations: MigrationService;
  runId: string;
  close(): Promise<void>;
}

export async function createGraphContext(): Promise<GraphContext> {
  const module = await Test.createTestingModule({ imports: [ConfigModule, GraphModule] }).compile();
  await module.init();
  return {
    module,
    graph: module.get(GraphExecutor),
    cypher: module.get(CypherRegistry),
    migrations: module.get(MigrationService),
    runId: `test-${randomUUID().slice(0, 8)}`,
    close: () => module.close(),
  };
}
