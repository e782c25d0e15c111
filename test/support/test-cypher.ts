import * as path from 'node:path';
import { CypherRegistry } from '../../src/graph/cypher-registry';

/** Queries only tests run (inspecting or breaking stored data): kept under test/cypher, out of the shipped cypher/. */
export const TEST_CYPHER_DIR = path.resolve(__dirname, '..', 'cypher');

let registry: CypherRegistry | undefined;

/** The test queries, checked like cypher/ (header contract, one statement), loaded once per test file. */
export function testCypher(): CypherRegistry {
  registry ??= new CypherRegistry(TEST_CYPHER_DIR);
  return registry;
}
