import * as path from 'node:path';
import { neo4jHome } from '../../common/local-paths';
import { ConfigError, loadConfig } from '../../config/folio-config';
import { neo4jServerOptions } from './neo4j-server-options';

const optionsFrom = (env: NodeJS.ProcessEnv) => neo4jServerOptions(loadConfig(env));

describe('neo4jServerOptions (from the one configuration)', () => {
  it('uses the launcher defaults when nothing is set', () => {
    expect(optionsFrom({})).toEqual({
      boltPort: 7687,
      httpPort: 7474,
      user: 'neo4j',
      password: 'folio-dev-password',
      heap: '1g',
      pageCache: '512m',
      withGds: true,
      startTimeoutMs: 180_000,
      home: neo4jHome(),
      folioUrl: 'http://127.0.0.1:3000',
    });
  });

  it("builds Folio's address for Browser from FOLIO_PUBLIC_URL, else from FOLIO_HTTP_PORT", () => {
    expect(optionsFrom({ FOLIO_HTTP_PORT: '3123' }).folioUrl).toBe('http://127.0.0.1:3123');
    expect(
      optionsFrom({ FOLIO_HTTP_PORT: '3123', FOLIO_PUBLIC_URL: 'https://folio.example.org/' }).folioUrl,
    ).toBe('https://folio.example.org');
    expect(() => optionsFrom({ FOLIO_PUBLIC_URL: 'folio.example.org' })).toThrow(/FOLIO_PUBLIC_URL/);
  });

  it('reads every NEO4J_* variable', () => {
    const opts = optionsFrom({
      NEO4J_BOLT_PORT: '17687',
      NEO4J_HTTP_PORT: '17474',
      NEO4J_USER: 'admin',
      NEO4J_PASSWORD: 'long-enough-secret',
      NEO4J_HEAP: '2G',
      NEO4J_PAGECACHE: '256m',
      NEO4J_GDS: 'off',
      NEO4J_START_TIMEOUT_MS: '300000',
      FOLIO_HTTP_PORT: '3100',
    });
    expect(opts).toMatchObject({
      boltPort: 17687,
      httpPort: 17474,
      user: 'admin',
      password: 'long-enough-secret',
      heap: '2g',
      pageCache: '256m',
      withGds: false,
      startTimeoutMs: 300_000,
      folioUrl: 'http://127.0.0.1:3100',
    });
  });

  it('keeps the home under FOLIO_HOME/neo4j', () => {
    expect(path.basename(optionsFrom({}).home)).toBe('neo4j');
  });

  it('reports all invalid values at once', () => {
    const read = (): unknown =>
      optionsFrom({
        NEO4J_BOLT_PORT: 'seven',
        NEO4J_HTTP_PORT: '70000',
        NEO4J_PASSWORD: 'short',
        NEO4J_HEAP: 'lots',
        NEO4J_GDS: 'maybe',
      });
    expect(read).toThrow(ConfigError);
    try {
      read();
    } catch (err) {
      const problems = (err as ConfigError).problems;
      expect(problems).toHaveLength(5);
      expect(problems.join('\n')).toMatch(/NEO4J_BOLT_PORT="seven"[\s\S]*NEO4J_HTTP_PORT="70000"/);
      expect(problems.join('\n')).toMatch(/at least 8 characters/);
      expect(problems.join('\n')).toMatch(/NEO4J_HEAP="lots": is not a memory size/);
      expect(problems.join('\n')).toMatch(/NEO4J_GDS="maybe": is not a boolean/);
    }
  });

  it('refuses the same port for Bolt and HTTP', () => {
    expect(() => optionsFrom({ NEO4J_BOLT_PORT: '7474' })).toThrow(/both 7474/);
  });
});
