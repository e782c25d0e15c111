import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../common/local-paths';
import { NEO4J_SERVER_DEFAULTS } from './neo4j-server-options';

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number>;
  ports?: string[];
  healthcheck?: { test?: string[] | string };
  depends_on?: Record<string, { condition?: string }>;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

const compose = parse(fs.readFileSync(path.join(PROJECT_ROOT, 'docker-compose.yml'), 'utf8')) as ComposeFile;
const pom = fs.readFileSync(path.join(PROJECT_ROOT, 'scripts', 'assets', 'pom.xml'), 'utf8');
const neo4j = compose.services.neo4j ?? {};
const folio = compose.services.folio ?? {};
const env = (service: ComposeService, key: string): string => String(service.environment?.[key] ?? '');
/** `${VAR:-default}` -> default; plain values unchanged. */
const withDefault = (value: string): string => value.replace(/\$\{\w+:-([^}]*)\}/g, '$1');
const minor = (version: string): string => version.split('.').slice(0, 2).join('.');

describe('docker-compose.yml', () => {
  it("runs the Neo4j minor version the launcher's pom fetches", () => {
    const pomVersion = /<neo4j\.version>([^<]+)<\/neo4j\.version>/.exec(pom)?.[1] ?? '';
    const [, tag = ''] = /^neo4j:(\d+\.\d+)[.-].*community$/.exec(neo4j.image ?? '') ?? [];
    expect(pomVersion).toMatch(/^5\.26\./);
    expect(tag).toBe(minor(pomVersion));
  });

  it('publishes the launcher default ports', () => {
    const containerPorts = (neo4j.ports ?? []).map((p) => Number(p.split(':').at(-1)));
    const hostPorts = (neo4j.ports ?? []).map((p) => Number(p.split(':').at(-2)));
    const defaults = [NEO4J_SERVER_DEFAULTS.httpPort, NEO4J_SERVER_DEFAULTS.boltPort];
    expect(containerPorts.sort()).toEqual(defaults.sort());
    expect(hostPorts.sort()).toEqual(defaults.sort());
  });

  it('uses the launcher default password for Neo4j and Folio', () => {
    expect(withDefault(env(neo4j, 'NEO4J_AUTH'))).toBe(`neo4j/${NEO4J_SERVER_DEFAULTS.password}`);
    expect(withDefault(env(folio, 'NEO4J_PASSWORD'))).toBe(NEO4J_SERVER_DEFAULTS.password);
  });

  it('matches the launcher heap and page cache and enables GDS', () => {
    expect(withDefault(env(neo4j, 'NEO4J_server_memory_heap_max__size'))).toBe(NEO4J_SERVER_DEFAULTS.heap);
    expect(withDefault(env(neo4j, 'NEO4J_server_memory_heap_initial__size'))).toBe(
      NEO4J_SERVER_DEFAULTS.heap,
    );
    expect(withDefault(env(neo4j, 'NEO4J_server_memory_pagecache_size'))).toBe(
      NEO4J_SERVER_DEFAULTS.pageCache,
    );
    expect(JSON.parse(env(neo4j, 'NEO4J_PLUGINS'))).toEqual(['graph-data-science']);
    expect(env(neo4j, 'NEO4J_dbms_security_procedures_unrestricted')).toBe('gds.*');
  });

  it('has a health check that Folio waits for, and keeps data in a volume', () => {
    expect(neo4j.healthcheck?.test).toBeDefined();
    expect(folio.depends_on?.neo4j?.condition).toBe('service_healthy');
    expect(env(folio, 'NEO4J_URI')).toBe('bolt://neo4j:7687');
    expect(Object.keys(compose.volumes ?? {})).toContain('neo4j-data');
  });

  it('builds Folio from the root Dockerfile without ONNX Runtime GPU downloads', () => {
    expect(folio.build).toBe('.');
    const dockerfile = fs.readFileSync(path.join(PROJECT_ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^FROM node:20-bookworm-slim/m);
    expect(dockerfile).toContain('ONNXRUNTIME_NODE_INSTALL=skip');
    expect(dockerfile).toContain('ONNXRUNTIME_NODE_INSTALL_CUDA=skip');
    expect(dockerfile).toMatch(/CMD \["node", "dist\/main\.js"\]/);
  });
});
