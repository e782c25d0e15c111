import { parseCypherFile } from '../graph/cypher-registry';
import { browserHint, isLauncherUri } from './demo.command';

describe("isLauncherUri: does the demo start Folio's own Neo4j for this NEO4J_URI?", () => {
  it("yes for the loopback at the launcher's Bolt port, however it is written", () => {
    expect(isLauncherUri('bolt://127.0.0.1:7687', 7687)).toBe(true);
    expect(isLauncherUri('neo4j://localhost:7687', 7687)).toBe(true);
    expect(isLauncherUri('bolt://localhost', 7687)).toBe(true);
    expect(isLauncherUri('bolt://127.0.0.1:7688', 7688)).toBe(true);
  });

  it('no for another port, another host or an encrypted scheme: that server is used as configured', () => {
    expect(isLauncherUri('bolt://127.0.0.1:7688', 7687)).toBe(false);
    expect(isLauncherUri('bolt://neo4j:7687', 7687)).toBe(false);
    expect(isLauncherUri('neo4j+s://abc.databases.neo4j.io', 7687)).toBe(false);
    expect(isLauncherUri('not a uri', 7687)).toBe(false);
  });
});

describe('browserHint: what the demo prints for Neo4j Browser', () => {
  const outline = parseCypherFile(
    'browser/1-outline',
    '// Browser guide, step 1: the outline.\n// Params: $docId\n// Returns: path\nMATCH path = (:Document {id: $docId})-[:HAS_SECTION]->(:Section)\nRETURN path',
  );

  it("gives Browser's address as configured, the document id, and the document's outline query", () => {
    const hint = browserHint('http://127.0.0.1:7476/browser/', "it's-a-doc", outline);
    expect(hint).toContain('Neo4j Browser, http://127.0.0.1:7476/browser/');
    expect(hint).toContain(":param docId => 'it\\'s-a-doc'");
    expect(hint).toContain(
      '  MATCH path = (:Document {id: $docId})-[:HAS_SECTION]->(:Section)\n  RETURN path',
    );
  });
});
