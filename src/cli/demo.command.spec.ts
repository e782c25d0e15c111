import { isLauncherUri } from './demo.command';

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
