import { Neo4jError } from 'neo4j-driver';
import { GraphErrorCode } from './graph.errors';
import { translateNeo4jError } from './graph-executor';

describe('translateNeo4jError when Neo4j is down', () => {
  const driverParagraph =
    'Could not perform discovery. No routing servers available. Known routing table: … ' +
    'Please ensure that your database is listening on the correct host and port and that you have ' +
    'compatible encryption settings both on Neo4j server and driver.';

  it('leads with what to do at which URI, the driver detail after', () => {
    const err = translateNeo4jError(
      new Neo4jError(driverParagraph, 'ServiceUnavailable', '', ''),
      'list-documents',
      0,
      'bolt://127.0.0.1:7999',
    ) as Error & { code: string };
    expect(err.code).toBe(GraphErrorCode.NEO4J_UNAVAILABLE);
    const [first, ...rest] = err.message.split('\n');
    expect(first).toBe(
      'Neo4j is not running at bolt://127.0.0.1:7999 (or cannot be reached): start it with `npm run neo4j:start`, or set NEO4J_URI to a running server.',
    );
    expect(rest.join('\n')).toContain(driverParagraph);
    expect(err.message.indexOf('encryption')).toBeGreaterThan(err.message.indexOf('neo4j:start'));
  });
});
