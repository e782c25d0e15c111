import { loadConfig } from '../../src/config/folio-config';
import { neo4jServerOptions, startNeo4j } from '../../src/graph/server/neo4j-server';

// Integration and e2e tests talk to the real Neo4j the project's launcher starts; start it when it is not running.
export default async function globalSetup(): Promise<void> {
  const started = await startNeo4j(neo4jServerOptions(loadConfig()), (msg) =>
    process.stdout.write(`[neo4j] ${msg}\n`),
  );
  if (!started.alreadyRunning) process.stdout.write(`[neo4j] started in ${started.seconds.toFixed(1)} s\n`);
}
