import { neo4jHome } from '../../common/local-paths';

export interface Neo4jServerOptions {
  boltPort: number;
  httpPort: number;
  user: string;
  password: string;
  /** JVM heap, initial = max, in Neo4j's size syntax (`512m`, `1g`). */
  heap: string;
  pageCache: string;
  withGds: boolean;
  /** The Neo4j home the launcher lays out: lib/, plugins/, conf/, data/, logs/, run/. */
  home: string;
  /**
   * Folio's address as the person's web browser reaches it (FOLIO_PUBLIC_URL, else 127.0.0.1 on FOLIO_HTTP_PORT):
   * Neo4j Browser opens Folio's guide from it when a person connects.
   */
  folioUrl?: string;
}

export const NEO4J_SERVER_DEFAULTS = {
  boltPort: 7687,
  httpPort: 7474,
  user: 'neo4j',
  password: 'folio-dev-password',
  heap: '1g',
  pageCache: '512m',
  withGds: true,
} as const;

export class Neo4jServerConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid Neo4j launcher settings:\n  - ${problems.join('\n  - ')}`);
    this.name = 'Neo4jServerConfigError';
  }
}

const SIZE = /^\d+[kmg]?$/i;

function folioUrl(publicUrl: string | undefined, httpPort: number, problems: string[]): string {
  const raw = publicUrl?.trim();
  if (!raw) return `http://127.0.0.1:${httpPort}`;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    problems.push(`FOLIO_PUBLIC_URL=${raw} is not an http(s) URL`);
    return `http://127.0.0.1:${httpPort}`;
  }
  return raw.replace(/\/+$/, '');
}

/** Reads NEO4J_* variables; every invalid one is reported at once. */
export function neo4jServerOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Neo4jServerOptions {
  const problems: string[] = [];
  const port = (name: string, fallback: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > 65535) {
      problems.push(`${name}=${raw} is not a TCP port (1-65535)`);
      return fallback;
    }
    return value;
  };
  const size = (name: string, fallback: string): string => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    if (!SIZE.test(raw)) problems.push(`${name}=${raw} is not a memory size such as 512m or 2g`);
    return raw.toLowerCase();
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (!raw) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name}=${raw} is not a boolean (true/false)`);
    return fallback;
  };

  const password = env.NEO4J_PASSWORD || NEO4J_SERVER_DEFAULTS.password;
  if (password.length < 8)
    problems.push('NEO4J_PASSWORD must be at least 8 characters (a Neo4j requirement)');
  const options: Neo4jServerOptions = {
    boltPort: port('NEO4J_BOLT_PORT', NEO4J_SERVER_DEFAULTS.boltPort),
    httpPort: port('NEO4J_HTTP_PORT', NEO4J_SERVER_DEFAULTS.httpPort),
    user: env.NEO4J_USER?.trim() || NEO4J_SERVER_DEFAULTS.user,
    password,
    heap: size('NEO4J_HEAP', NEO4J_SERVER_DEFAULTS.heap),
    pageCache: size('NEO4J_PAGECACHE', NEO4J_SERVER_DEFAULTS.pageCache),
    withGds: flag('NEO4J_GDS', NEO4J_SERVER_DEFAULTS.withGds),
    home: neo4jHome(),
    folioUrl: folioUrl(env.FOLIO_PUBLIC_URL, port('FOLIO_HTTP_PORT', 3000), problems),
  };
  if (options.boltPort === options.httpPort)
    problems.push(`NEO4J_BOLT_PORT and NEO4J_HTTP_PORT are both ${options.boltPort}`);
  if (problems.length > 0) throw new Neo4jServerConfigError(problems);
  return options;
}
