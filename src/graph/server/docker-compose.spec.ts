import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../common/local-paths';
import { loadConfig } from '../../config/folio-config';
import { browserPostConnectCommand } from './browser-style';
import { neo4jServerOptions } from './neo4j-server-options';

interface ComposeService {
  image?: string;
  command?: string[];
  build?: { context?: string; target?: string };
  environment?: Record<string, string | number>;
  ports?: string[];
  healthcheck?: { test?: string[] | string };
  depends_on?: Record<string, { condition?: string }>;
  volumes?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** The launcher's settings when no variable is set. */
const NEO4J_SERVER_DEFAULTS = neo4jServerOptions(loadConfig({}));

const compose = parse(fs.readFileSync(path.join(PROJECT_ROOT, 'docker-compose.yml'), 'utf8')) as ComposeFile;
const dockerfile = fs.readFileSync(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8');
const pom = fs.readFileSync(path.join(PROJECT_ROOT, 'scripts', 'assets', 'pom.xml'), 'utf8');
const neo4j = compose.services.neo4j ?? {};
const folio = compose.services.folio ?? {};
const worker = compose.services.worker ?? {};
const redisService = compose.services.redis ?? {};
const env = (service: ComposeService, key: string): string => String(service.environment?.[key] ?? '');
/** `${VAR:-default}` -> default (innermost first, so nested defaults resolve); plain values unchanged. */
const withDefault = (value: string): string => {
  let v = value;
  for (let prev = ''; prev !== v;) [prev, v] = [v, v.replace(/\$\{\w+:-([^${}]*)\}/g, '$1')];
  return v;
};
const minor = (version: string): string => version.split('.').slice(0, 2).join('.');
const arg = (name: string): string => new RegExp(`^ARG ${name}=(\\S+)$`, 'm').exec(dockerfile)?.[1] ?? '';
/** The instructions of one stage (`FROM … AS name` up to the next FROM). */
const stage = (name: string): string => {
  const match = new RegExp(`^FROM \\S+ AS ${name}$([\\s\\S]*?)(?=^FROM |(?![\\s\\S]))`, 'm').exec(dockerfile);
  return match?.[1] ?? '';
};

describe('docker-compose.yml and Dockerfile', () => {
  it("runs the Neo4j minor version the launcher's pom fetches", () => {
    const pomVersion = /<neo4j\.version>([^<]+)<\/neo4j\.version>/.exec(pom)?.[1] ?? '';
    const [, tag = ''] = /^neo4j:(\d+\.\d+)[.-].*community$/.exec(arg('NEO4J_IMAGE')) ?? [];
    expect(pomVersion).toMatch(/^5\.26\./);
    expect(tag).toBe(minor(pomVersion));
    expect(neo4j.build).toEqual({ context: '.', target: 'neo4j' });
    expect(dockerfile).toMatch(/^FROM \$\{NEO4J_IMAGE\} AS neo4j$/m);
  });

  it('bakes in the GDS jars the launcher links, instead of downloading a plugin at start', () => {
    expect(env(neo4j, 'NEO4J_PLUGINS')).toBe('');
    expect(stage('assets')).toContain('node dist/cli/main.js assets gds-plugins /opt/neo4j-plugins');
    expect(stage('neo4j')).toContain('COPY --from=assets /opt/neo4j-plugins/ /var/lib/neo4j/plugins/');
    expect(env(neo4j, 'NEO4J_dbms_security_procedures_unrestricted')).toBe('gds.*');
    // a volume over the plugins folder would hide the baked-in jars
    expect((neo4j.volumes ?? []).some((v) => v.endsWith(':/plugins'))).toBe(false);
  });

  it('publishes the launcher default ports, configurable', () => {
    const ports = (neo4j.ports ?? []).map(withDefault);
    const containerPorts = ports.map((p) => Number(p.split(':').at(-1)));
    const hostPorts = ports.map((p) => Number(p.split(':').at(-2)));
    const defaults = [NEO4J_SERVER_DEFAULTS.httpPort, NEO4J_SERVER_DEFAULTS.boltPort];
    expect(containerPorts.sort()).toEqual(defaults.sort());
    expect(hostPorts.sort()).toEqual(defaults.sort());
    expect(neo4j.ports).toEqual([
      '127.0.0.1:${NEO4J_HTTP_PORT:-7474}:7474',
      '127.0.0.1:${NEO4J_BOLT_PORT:-7687}:7687',
    ]);
    expect(folio.ports).toEqual(['127.0.0.1:${FOLIO_PORT:-3000}:3000']);
    expect(withDefault(env(folio, 'FOLIO_PUBLIC_URL'))).toBe('http://127.0.0.1:3000');
  });

  it("points Browser at Folio's public URL (FOLIO_PUBLIC_URL, else the published FOLIO_PORT) with the launcher's command", () => {
    const folioUrl = '${FOLIO_PUBLIC_URL:-http://127.0.0.1:${FOLIO_PORT:-3000}}';
    expect(env(folio, 'FOLIO_PUBLIC_URL')).toBe(folioUrl);
    const command = env(neo4j, 'NEO4J_browser_post__connect__cmd');
    expect(command).toBe(browserPostConnectCommand(folioUrl));
    expect(withDefault(command)).toBe(browserPostConnectCommand('http://127.0.0.1:3000'));
    expect(command).not.toContain('127.0.0.1:3000'); // a FOLIO_PORT other than 3000 reaches Browser too
  });

  it('uses the launcher default password for Neo4j and Folio', () => {
    expect(withDefault(env(neo4j, 'NEO4J_AUTH'))).toBe(`neo4j/${NEO4J_SERVER_DEFAULTS.password}`);
    expect(withDefault(env(folio, 'NEO4J_PASSWORD'))).toBe(NEO4J_SERVER_DEFAULTS.password);
  });

  it('matches the launcher heap and page cache', () => {
    expect(withDefault(env(neo4j, 'NEO4J_server_memory_heap_max__size'))).toBe(NEO4J_SERVER_DEFAULTS.heap);
    expect(withDefault(env(neo4j, 'NEO4J_server_memory_heap_initial__size'))).toBe(
      NEO4J_SERVER_DEFAULTS.heap,
    );
    expect(withDefault(env(neo4j, 'NEO4J_server_memory_pagecache_size'))).toBe(
      NEO4J_SERVER_DEFAULTS.pageCache,
    );
  });

  it('has health checks for both services, Folio waits for Neo4j, and data and files live in named volumes', () => {
    expect(neo4j.healthcheck?.test).toBeDefined();
    expect(folio.healthcheck?.test).toEqual(
      expect.arrayContaining([expect.stringContaining('/health/ready')]),
    );
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/health\/ready/m);
    expect(folio.depends_on?.neo4j?.condition).toBe('service_healthy');
    expect(env(folio, 'NEO4J_URI')).toBe('bolt://neo4j:7687');
    expect(Object.keys(compose.volumes ?? {})).toEqual(expect.arrayContaining(['neo4j-data', 'folio-files']));
    expect(folio.volumes).toEqual(['folio-files:/var/lib/folio']);
    expect(neo4j.volumes).toEqual(['neo4j-data:/data']);
  });

  it('queues uploads on Redis (AOF, health-checked) for a worker service that scales and shares the file store', () => {
    expect(env(folio, 'FOLIO_INGEST_RUNNER')).toBe('redis');
    expect(env(worker, 'FOLIO_INGEST_RUNNER')).toBe('redis');
    expect(env(folio, 'REDIS_URL')).toBe('redis://redis:6379');
    expect(env(worker, 'REDIS_URL')).toBe('redis://redis:6379');
    expect(redisService.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(redisService.volumes).toEqual(['redis-data:/data']);
    expect(redisService.ports).toBeUndefined();
    expect(redisService.healthcheck?.test).toEqual(['CMD-SHELL', 'redis-cli ping | grep -q PONG']);
    // the worker runs the API's image without its HTTP server; no published port, so --scale worker=N works
    expect(worker.image).toBe(folio.image);
    expect(worker.command?.slice(0, 3)).toEqual(['node', 'dist/cli/main.js', 'worker']);
    expect(worker.ports).toBeUndefined();
    const healthFile = worker.command?.[worker.command.indexOf('--health-file') + 1];
    expect(healthFile).toBe('/tmp/folio-worker.health');
    expect(JSON.stringify(worker.healthcheck?.test)).toContain(healthFile);
    expect(worker.volumes).toEqual(folio.volumes);
    for (const dependent of [folio, worker])
      expect(dependent.depends_on?.redis?.condition).toBe('service_healthy');
    expect(worker.depends_on?.neo4j?.condition).toBe('service_healthy');
    expect(env(worker, 'NEO4J_URI')).toBe(env(folio, 'NEO4J_URI'));
    expect(env(worker, 'NEO4J_PASSWORD')).toBe(env(folio, 'NEO4J_PASSWORD'));
  });

  it('builds Folio in stages: npm ci with the lock file and .npmrc, no ONNX Runtime GPU downloads', () => {
    expect(folio.build).toEqual({ context: '.', target: 'runtime' });
    expect(arg('NODE_IMAGE')).toBe('node:20-bookworm-slim');
    const deps = stage('deps');
    expect(deps).toContain('COPY package.json package-lock.json .npmrc ./');
    expect(deps.indexOf('COPY package.json package-lock.json .npmrc')).toBeLessThan(
      deps.indexOf('RUN npm ci'),
    );
    expect(deps).toContain('ONNXRUNTIME_NODE_INSTALL=skip');
    expect(deps).toContain('ONNXRUNTIME_NODE_INSTALL_CUDA=skip');
    expect(stage('build')).toContain('npm prune --omit=dev');
  });

  it('fetches the models at build time and runs as a non-root user owning its writable paths', () => {
    expect(stage('assets')).toContain('node dist/cli/main.js assets fetch --only models');
    const runtime = stage('runtime');
    expect(runtime).toContain('COPY --from=assets --chown=node:node /opt/folio/models /opt/folio/models');
    expect(runtime).toMatch(/FOLIO_HOME=\/opt\/folio/);
    expect(runtime).toMatch(/FOLIO_FILE_STORE=\/var\/lib\/folio\/files/);
    expect(runtime).toContain('chown -R node:node /opt/folio /var/lib/folio');
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);
    // what the API reads at run time besides dist/ and node_modules/
    expect(runtime).toContain('COPY cypher ./cypher');
    expect(runtime).toContain('COPY schema.graphql ./schema.graphql');
  });

  it('keeps the build context small: no local state, models or dependencies from the host', () => {
    const ignored = fs.readFileSync(path.join(PROJECT_ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(
      expect.arrayContaining(['node_modules', 'dist', '.folio', 'bench-results', '.git']),
    );
  });
});
