import {
  neo4jLayout,
  NEO4J_JVM_FLAGS,
  renderNeo4jConf,
  serverJavaArgs,
  setInitialPasswordJavaArgs,
} from './neo4j-layout';
import { browserPostConnectCommand } from './browser-style';
import type { Neo4jServerOptions } from './neo4j-server-options';

const opts: Neo4jServerOptions = {
  boltPort: 17687,
  httpPort: 17474,
  user: 'neo4j',
  password: 'folio-dev-password',
  heap: '768m',
  pageCache: '256m',
  withGds: true,
  startTimeoutMs: 180_000,
  home: '/srv/folio/neo4j',
};
const layout = neo4jLayout(opts.home);

/** Parses neo4j.conf into key -> values (keys such as server.jvm.additional repeat). */
function parseConf(text: string): Map<string, string[]> {
  const conf = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq);
    conf.set(key, [...(conf.get(key) ?? []), line.slice(eq + 1)]);
  }
  return conf;
}

describe('renderNeo4jConf', () => {
  const conf = parseConf(renderNeo4jConf(opts, layout));
  const one = (key: string): string | undefined => conf.get(key)?.[0];

  it('listens on loopback only, on the configured ports, without HTTPS', () => {
    expect(one('server.default_listen_address')).toBe('127.0.0.1');
    expect(one('server.bolt.listen_address')).toBe('127.0.0.1:17687');
    expect(one('server.http.listen_address')).toBe('127.0.0.1:17474');
    expect(one('server.https.enabled')).toBe('false');
  });

  it('sets explicit heap and page cache', () => {
    expect(one('server.memory.heap.initial_size')).toBe('768m');
    expect(one('server.memory.heap.max_size')).toBe('768m');
    expect(one('server.memory.pagecache.size')).toBe('256m');
  });

  it('points every directory into the home', () => {
    for (const dir of ['lib', 'plugins', 'data', 'logs', 'run']) {
      expect(one(`server.directories.${dir}`)).toBe(`/srv/folio/neo4j/${dir}`);
    }
    expect(one('server.logs.user.config')).toBe('/srv/folio/neo4j/conf/user-logs.xml');
  });

  it('unrestricts gds.* only when GDS is on', () => {
    expect(one('dbms.security.procedures.unrestricted')).toBe('gds.*');
    expect(one('gds.progress_tracking_enabled')).toBe('false');
    const withoutGds = parseConf(renderNeo4jConf({ ...opts, withGds: false }, layout));
    expect(withoutGds.has('dbms.security.procedures.unrestricted')).toBe(false);
    expect(withoutGds.has('gds.progress_tracking_enabled')).toBe(false); // unknown without GDS: strict config
  });

  it("applies Folio's style and opens its guide in Neo4j Browser on connect, from Folio's configured address", () => {
    const withFolio = parseConf(
      renderNeo4jConf({ ...opts, folioUrl: 'http://docs.example.org:3123' }, layout),
    );
    expect(withFolio.get('browser.post_connect_cmd')).toEqual([
      browserPostConnectCommand('http://docs.example.org:3123'),
    ]);
    expect(withFolio.get('browser.post_connect_cmd')?.[0]).toMatch(
      /^style \{.*\}; clear; guide http:\/\/docs\.example\.org:3123\/browser\/guide\.html$/,
    );
    expect(withFolio.get('browser.remote_content_hostname_whitelist')?.[0]?.split(',')).toEqual(
      expect.arrayContaining(['127.0.0.1', 'docs.example.org']),
    );
    expect(conf.has('browser.post_connect_cmd')).toBe(false); // without a Folio address, nothing to open
  });

  it('records the JVM flags it starts with', () => {
    expect(conf.get('server.jvm.additional')).toEqual([...NEO4J_JVM_FLAGS]);
  });

  it('has no duplicate single-valued keys', () => {
    for (const [key, values] of conf)
      if (key !== 'server.jvm.additional') expect([key, values.length]).toEqual([key, 1]);
  });
});

describe('serverJavaArgs', () => {
  const args = serverJavaArgs(opts, layout);

  it('starts CommunityEntryPoint in console mode with home and conf dirs', () => {
    expect(args.slice(-4)).toEqual([
      'org.neo4j.server.CommunityEntryPoint',
      '--home-dir=/srv/folio/neo4j',
      '--config-dir=/srv/folio/neo4j/conf',
      '--console-mode',
    ]);
  });

  it('puts lib before plugins on the class path, as Neo4j does', () => {
    expect(args[args.indexOf('-cp') + 1]).toBe(
      '/srv/folio/neo4j/lib/*:/srv/folio/neo4j/plugins/*:/srv/folio/neo4j/conf',
    );
  });

  it('passes the heap and the Java 17 opens Neo4j needs', () => {
    expect(args).toEqual(
      expect.arrayContaining(['-Xms768m', '-Xmx768m', '-Dio.netty.tryReflectionSetAccessible=true']),
    );
    for (const pkg of ['java.nio', 'java.io', 'sun.nio.ch', 'java.lang', 'java.util', 'jdk.internal.misc']) {
      expect(args).toContain(`--add-opens=java.base/${pkg}=ALL-UNNAMED`);
    }
  });
});

describe('setInitialPasswordJavaArgs', () => {
  it('runs neo4j-admin dbms set-initial-password from lib/', () => {
    expect(setInitialPasswordJavaArgs('s3cret-pass', layout)).toEqual([
      '-cp',
      '/srv/folio/neo4j/lib/*',
      'org.neo4j.server.startup.Neo4jAdminCommand',
      'dbms',
      'set-initial-password',
      's3cret-pass',
    ]);
  });
});
