import { z } from 'zod';

// The launcher's own settings (the local Neo4j server `folio neo4j start` and the tests run); the connection
// settings it shares with the driver (NEO4J_BOLT_PORT, NEO4J_USER, NEO4J_PASSWORD) stay in env-schema.ts.

const SIZE = /^\d+[kmg]?$/i;
const size = z
  .string()
  .trim()
  .regex(SIZE, 'is not a memory size such as 512m or 2g')
  .transform((v) => v.toLowerCase());
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    (v) => ['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'].includes(v),
    'is not a boolean (true/false)',
  )
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

export const NEO4J_SERVER_ENV = {
  NEO4J_HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(7474),
  /** JVM heap, initial = max, in Neo4j's size syntax. */
  NEO4J_HEAP: size.default('1g'),
  NEO4J_PAGECACHE: size.default('512m'),
  NEO4J_GDS: flag.default(true),
  NEO4J_START_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(180_000),
};

/** The local server's settings: ports, memory, Graph Data Science, how long a start may take. */
export interface Neo4jServerConfig {
  boltPort: number;
  httpPort: number;
  /** JVM heap, initial = max, in Neo4j's size syntax (`512m`, `1g`). */
  heap: string;
  pageCache: string;
  withGds: boolean;
  /** How long a start may take before the launcher gives up. */
  startTimeoutMs: number;
}

/** The launcher settings from parsed variables, and the problems of their combination. */
export function neo4jServerConfigOf(e: {
  NEO4J_BOLT_PORT: number;
  NEO4J_HTTP_PORT: number;
  NEO4J_HEAP: string;
  NEO4J_PAGECACHE: string;
  NEO4J_GDS: boolean;
  NEO4J_START_TIMEOUT_MS: number;
}): { config: Neo4jServerConfig; problems: string[] } {
  const problems =
    e.NEO4J_BOLT_PORT === e.NEO4J_HTTP_PORT
      ? [`NEO4J_BOLT_PORT and NEO4J_HTTP_PORT are both ${e.NEO4J_BOLT_PORT}`]
      : [];
  return {
    config: {
      boltPort: e.NEO4J_BOLT_PORT,
      httpPort: e.NEO4J_HTTP_PORT,
      heap: e.NEO4J_HEAP,
      pageCache: e.NEO4J_PAGECACHE,
      withGds: e.NEO4J_GDS,
      startTimeoutMs: e.NEO4J_START_TIMEOUT_MS,
    },
    problems,
  };
}
