import * as path from 'node:path';
import { neo4jHome } from '../../common/local-paths';
import { Neo4jServerConfigError, neo4jServerOptionsFromEnv } from './neo4j-server-options';

describe('neo4jServerOptionsFromEnv', () => {
  it('uses the launcher defaults when nothing is set', () => {
    expect(neo4jServerOptionsFromEnv({})).toEqual({
      boltPort: 7687,
      httpPort: 7474,
      user: 'neo4j',
      password: 'folio-dev-password',
      heap: '1g',
      pageCache: '512m',
      withGds: true,
      home: neo4jHome(),
      folioUrl: 'http://127.0.0.1:3000',
    });
  });

  it("builds Folio's address for Browser from FOLIO_PUBLIC_URL, else from FOLIO_HTTP_PORT", () => {
    expect(neo4jServerOptionsFromEnv({ FOLIO_HTTP_PORT: '3123' }).folioUrl).toBe('http://127.0.0.1:3123');
    expect(
      neo4jServerOptionsFromEnv({ FOLIO_HTTP_PORT: '3123', FOLIO_PUBLIC_URL: 'https://folio.example.org/' })
        .folioUrl,
    ).toBe('https://folio.example.org');
    expect(() => neo4jServerOptionsFromEnv({ FOLIO_PUBLIC_URL: 'folio.example.org' })).toThrow(
      /FOLIO_PUBLIC_URL=folio.example.org is not an http\(s\) URL/,
    );
  });

  it('reads every NEO4J_* variable', () => {
    const opts = neo4jServerOptionsFromEnv({
      NEO4J_BOLT_PORT: '17687',
      NEO4J_HTTP_PORT: '17474',
      NEO4J_USER: 'admin',
      NEO4J_PASSWORD: 'long-enough-secret',
      NEO4J_HEAP: '2G',
      NEO4J_PAGECACHE: '256m',
      NEO4J_GDS: 'false',
    });
    expect(opts).toMatchObject({
      boltPort: 17687,
      httpPort: 17474,
      user: 'admin',
      password: 'long-enough-secret',
      heap: '2g',
      pageCache: '256m',
      withGds: false,
    });
  });

  it('keeps the home under FOLIO_HOME/neo4j', () => {
    expect(path.basename(neo4jServerOptionsFromEnv({}).home)).toBe('neo4j');
  });

  it('reports all invalid values at once', () => {
    const read = (): unknown =>
      neo4jServerOptionsFromEnv({
        NEO4J_BOLT_PORT: 'seven',
        NEO4J_HTTP_PORT: '70000',
        NEO4J_PASSWORD: 'short',
        NEO4J_HEAP: 'lots',
        NEO4J_GDS: 'maybe',
      });
    expect(read).toThrow(Neo4jServerConfigError);
    try {
      read();
    } catch (err) {
      const problems = (err as Neo4jServerConfigError).problems;
      expect(problems).toHaveLength(5);
      expect(problems.join('\n')).toMatch(/NEO4J_BOLT_PORT=seven[\s\S]*NEO4J_HTTP_PORT=70000/);
      expect(problems.join('\n')).toMatch(/at least 8 characters/);
    }
  });

  it('refuses the same port for Bolt and HTTP', () => {
    expect(() => neo4jServerOptionsFromEnv({ NEO4J_BOLT_PORT: '7474' })).toThrow(/both 7474/);
  });
});
