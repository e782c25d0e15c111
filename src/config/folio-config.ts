import * as os from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';
import { folioHome } from '../common/local-paths';
import { allowedHostsOf, parseAllowedHosts, type AllowedHost } from './allowed-hosts';
import { NEO4J_SERVER_ENV, type Neo4jServerConfig, neo4jServerConfigOf } from './neo4j-server.config';

// One validated configuration for the whole service, read from the environment once at start-up.
// Every invalid variable is reported in one error, so a user fixes them all in one go.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** Local models and their vector dimension (known without loading the weights, so migrations need no model). */
export const LOCAL_EMBEDDING_DIMENSIONS: Record<string, number> = {
  'bge-small-en-v1.5': 384,
  'bge-small-en-v1.5-q': 384,
};
const EMBEDDING_MODELS = Object.keys(LOCAL_EMBEDDING_DIMENSIONS);

const envSchema = z.object({
  NEO4J_URI: z
    .string()
    .regex(/^(bolt|neo4j)(\+s|\+ssc)?:\/\/.+/, 'must be a bolt:// or neo4j:// URI')
    .optional(),
  NEO4J_BOLT_PORT: int(1, 65535).default(7687),
  NEO4J_USER: z.string().min(1).default('neo4j'),
  NEO4J_PASSWORD: z.string().min(8, 'Neo4j requires at least 8 characters').default('folio-dev-password'),
  NEO4J_DATABASE: z.string().min(1).default('neo4j'),
  NEO4J_MAX_POOL_SIZE: int(1, 1000).default(50),
  // Fail fast when Neo4j is down: a request gets SERVICE_UNAVAILABLE within about 4 s instead of 30–66 s.
  NEO4J_CONNECTION_TIMEOUT_MS: int(100, 600_000).default(2000),
  NEO4J_ACQUISITION_TIMEOUT_MS: int(100, 600_000).default(3000),
  NEO4J_RETRY_MS: int(0, 600_000).default(1000),
  // A runaway read (a GraphQL request's, a CLI command's) is stopped by Neo4j instead of holding a connection.
  NEO4J_READ_TIMEOUT_MS: int(0, 3_600_000).default(10_000),
  ...NEO4J_SERVER_ENV,
  FOLIO_HTTP_PORT: int(0, 65535).default(3000),
  FOLIO_HTTP_HOST: z.string().min(1).default('127.0.0.1'),
  // Where clients reach the API (behind a proxy or in Docker it differs from the listen address): absolute imageUrl.
  // Unset: http://127.0.0.1:<the port the API listens on>. Never taken from a request's Host.
  FOLIO_PUBLIC_URL: optionalUrl,
  // Host names (optionally :port) the API answers besides loopback names, FOLIO_PUBLIC_URL's host and a specific
  // FOLIO_HTTP_HOST, comma-separated; any other Host header is refused (403) against DNS rebinding.
  FOLIO_ALLOWED_HOSTS: z.string().default(''),
  // The offline API explorer at GET /graphql; unset: on unless NODE_ENV=production.
  FOLIO_API_EXPLORER: bool.optional(),
  NODE_ENV: z.string().optional(),
  FOLIO_EMBEDDER: z.enum(['onnx', 'openai']).default('onnx'),
  // int8 bge-small: on the first 60 dev-benchmark questions R@3 58.9 (VECTOR) / 66.6 (HYBRID) against fp32's
  // 57.1 / 62.5, at about twice the passages per second.
  FOLIO_EMBEDDING_MODEL: z.string().min(1).default('bge-small-en-v1.5-q'),
  FOLIO_EMBEDDING_DIMENSION: int(1, 8192).optional(),
  FOLIO_EMBEDDING_BASE_URL: optionalUrl,
  FOLIO_EMBEDDING_API_KEY: z.string().optional(),
  // Unset: each model's own default (int8 runs one text per call, so a vector never depends on its batch).
  FOLIO_EMBED_BATCH_SIZE: int(1, 1024).optional(),
  FOLIO_ONNX_THREADS: int(1, 64).default(2),
  FOLIO_RERANKER_PATH: z.string().optional(),
  // Route an unscoped search to its likeliest documents before ranking pages (off: rank pages of the whole corpus).
  FOLIO_ROUTING: z.enum(['on', 'off']).default('on'),
  FOLIO_LLM_BASE_URL: optionalUrl,
  FOLIO_LLM_API_KEY: z.string().optional(),
  FOLIO_LLM_MODEL: z.string().optional(),
  FOLIO_LLM_TIMEOUT_MS: int(100, 600_000).default(60_000),
  FOLIO_LLM_MAX_RETRIES: int(0, 10).default(2),
  FOLIO_MAX_PAGES: int(1, 100_000).default(2000),
  FOLIO_MAX_UPLOAD_MB: int(1, 10_000).default(200),
  FOLIO_OCR: bool.default(true),
  FOLIO_INGEST_SERVER_PATHS: bool.default(false),
  FOLIO_INGEST_ROOT: z.string().optional(),
  FOLIO_FILE_STORE: z.string().optional(),
  // Ingestions running at once in one process; the rest wait QUEUED. Unset: 1 on up to 2 cores (measured with
  // npm run bench:load, see docs/worker-queue.md), else half the cores.
  FOLIO_INGEST_CONCURRENCY: int(1, 64).optional(),
  // Who runs ingestions: this process (inline, the default) or `folio worker` processes taking them from Redis.
  FOLIO_INGEST_RUNNER: z.enum(['inline', 'redis']).default('inline'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL')
    .optional(),
  // The local Redis `folio redis start` runs (and REDIS_URL's default).
  REDIS_PORT: int(1, 65535).default(6379),
  // A worker that holds a job silently this long (killed) loses it to another worker (BullMQ's lock).
  FOLIO_WORKER_LOCK_MS: int(1000, 3_600_000).default(30_000),
  // Attempts per ingestion job when a transient error (Neo4j unavailable) stops one; permanent errors stop at once.
  FOLIO_INGEST_ATTEMPTS: int(1, 100).default(3),
  // An ingestion or background job silent for this long was left by a process that stopped.
  FOLIO_STALE_HEARTBEAT_MS: int(2000, 86_400_000).default(300_000),
  // GraphQL cost limits, checked before a query runs (see src/api/query-cost.ts for how cost is estimated).
  FOLIO_GRAPHQL_MAX_DEPTH: int(1, 1000).default(10),
  FOLIO_GRAPHQL_MAX_ALIASES: int(0, 100_000).default(20),
  FOLIO_GRAPHQL_MAX_COMPLEXITY: int(1, 100_000_000).default(20_000),
  FOLIO_GRAPHQL_DEFAULT_LIST_SIZE: int(1, 100_000).default(20),
  FOLIO_GRAPHQL_MAX_EXPENSIVE_FIELDS: int(1, 1000).default(2),
  FOLIO_GRAPHQL_MAX_RESULT_OBJECTS: int(1, 100_000_000).default(10_000),
  // API keys: `scope:sha256hex` entries, comma-separated (`folio keys create` prints one). Unset: no keys asked,
  // allowed only on a loopback host unless FOLIO_ALLOW_OPEN_API=true (a container behind a private network).
  FOLIO_API_KEYS: z.string().default(''),
  FOLIO_ALLOW_OPEN_API: bool.default(false),
  // How old the API's answer to "does any stored key exist?" (and what it read about one key) may be.
  FOLIO_API_KEY_CACHE_MS: int(0, 600_000).default(5000),
});

export interface FolioConfig {
  neo4j: {
    uri: string;
    user: string;
    password: string;
    database: string;
    maxPoolSize: number;
    /** Per-transaction timeout of managed reads; 0 = none. */
    readTimeoutMs: number;
    /** Opening a connection; acquiring one from the pool (which may open one); retrying a failed transaction. */
    connectionTimeoutMs: number;
    acquisitionTimeoutMs: number;
    maxRetryMs: number;
  };
  /** The local Neo4j server the launcher starts (`folio neo4j start`, the tests). */
  neo4jServer: Neo4jServerConfig;
  http: {
    host: string;
    port: number;
    /** Base of absolute URLs handed to clients, without a trailing slash; unset: http://127.0.0.1:<listen port>. */
    publicUrl: string | undefined;
    /** The Host headers the API answers (any other is refused before anything runs). */
    allowedHosts: AllowedHost[];
    /** Serve the offline explorer page at GET /graphql. */
    explorer: boolean;
  };
  /**
   * `keys`: the bootstrap keys of FOLIO_API_KEYS (more live in Neo4j as ApiKey nodes). With no key in either, the
   * API is open (every request may do everything) only when `openAllowed`: bound to loopback or FOLIO_ALLOW_OPEN_API.
   */
  auth: { keys: ApiKeyEntry[]; openAllowed: boolean; keyCacheMs: number };
  graphql: GraphQLLimits;
  embedder:
    | { backend: 'onnx'; model: string; dimension: number; batchSize: number | undefined; threads: number }
    | {
        backend: 'openai';
        model: string;
        dimension: number;
        baseUrl: string;
        apiKey: string;
        batchSize: number | undefined;
      };
  rerankerPath: string | undefined;
  /** `routing`: an unscoped search ranks documents first, then pages within the top ones. */
  retrieve: { routing: boolean };
  llm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number; maxRetries: number } | null;
  limits: { maxPages: number; maxUploadBytes: number };
  /** Running ingestions and jobs report every `intervalMs`; silent for `staleAfterMs`, they count as abandoned. */
  heartbeat: { intervalMs: number; staleAfterMs: number };
  ingest: {
    ocr: boolean;
    serverPaths: boolean;
    serverPathRoot: string | undefined;
    fileStore: string;
    /** Ingestions one process runs at once. */
    concurrency: number;
    /** `redis`: the API only enqueues; `folio worker` processes ingest. */
    runner: 'inline' | 'redis';
    /** Attempts of a queued job (transient errors only). */
    attempts: number;
  };
  /** The queue's Redis (`url`), the local server's port, and how long a worker's hold on a job lasts unrenewed. */
  redis: { url: string; port: number; lockMs: number };
}

/** `read`: queries, page images. `write`: also whatever writes (schema.graphql @requiresScope). `admin`: also API keys. */
export type ApiScope = 'read' | 'write' | 'admin';
/** Weakest first: each scope includes the ones before it. */
export const API_SCOPES: readonly ApiScope[] = ['read', 'write', 'admin'];

/** One accepted API key: only its SHA-256 is configured, so the environment never holds the key itself. */
export interface ApiKeyEntry {
  scope: ApiScope;
  sha256: string;
}

/** Parses FOLIO_API_KEYS; returns the entries and a problem per malformed one. */
export function parseApiKeys(value: string): { keys: ApiKeyEntry[]; problems: string[] } {
  const keys: ApiKeyEntry[] = [];
  const problems: string[] = [];
  for (const raw of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [scope, sha256, ...rest] = raw.split(':');
    if (rest.length > 0 || !API_SCOPES.includes(scope as ApiScope) || !/^[0-9a-f]{64}$/.test(sha256 ?? '')) {
      problems.push(
        `FOLIO_API_KEYS: entry ${JSON.stringify(raw.slice(0, 12) + (raw.length > 12 ? '…' : ''))} is not ` +
          '"<read|write|admin>:<sha256 hex>" (run `folio keys hash <key>` for the hash of a key)',
      );
      continue;
    }
    keys.push({ scope: scope as ApiScope, sha256: sha256 as string });
  }
  return { keys, problems };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** What one GraphQL request may cost; the first four are checked before execution, the last while it runs. */
export interface GraphQLLimits {
  maxDepth: number;
  maxAliases: number;
  /** Estimated fields resolved, each list weighted by its first/from–to/k/limit or by defaultListSize. */
  maxComplexity: number;
  defaultListSize: number;
  /** `ask`, `search` and mutations per request. */
  maxExpensiveFields: number;
  /** Objects (list items and single objects) a response may hold. */
  maxResultObjects: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): FolioConfig {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      problems.push(`${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`);
    }
    throw new ConfigError(problems);
  }
  const e = parsed.data;

  if (e.FOLIO_EMBEDDER === 'onnx' && !EMBEDDING_MODELS.includes(e.FOLIO_EMBEDDING_MODEL)) {
    problems.push(
      `FOLIO_EMBEDDING_MODEL=${JSON.stringify(e.FOLIO_EMBEDDING_MODEL)}: local models are ${EMBEDDING_MODELS.join(', ')}`,
    );
  }
  if (e.FOLIO_EMBEDDER === 'openai') {
    if (!e.FOLIO_EMBEDDING_BASE_URL)
      problems.push('FOLIO_EMBEDDING_BASE_URL: required when FOLIO_EMBEDDER=openai');
    if (!e.FOLIO_EMBEDDING_DIMENSION)
      problems.push('FOLIO_EMBEDDING_DIMENSION: required when FOLIO_EMBEDDER=openai');
  }
  const llmSet = [e.FOLIO_LLM_BASE_URL, e.FOLIO_LLM_MODEL].filter(Boolean).length;
  if (llmSet === 1) {
    problems.push(
      'FOLIO_LLM_BASE_URL and FOLIO_LLM_MODEL: set both to use an LLM, or neither to run offline',
    );
  }
  if (e.FOLIO_INGEST_SERVER_PATHS && !e.FOLIO_INGEST_ROOT) {
    problems.push(
      'FOLIO_INGEST_ROOT: required when FOLIO_INGEST_SERVER_PATHS=true (the folder server paths must lie in)',
    );
  }
  if (e.NEO4J_ACQUISITION_TIMEOUT_MS < e.NEO4J_CONNECTION_TIMEOUT_MS) {
    problems.push(
      'NEO4J_ACQUISITION_TIMEOUT_MS: must be at least NEO4J_CONNECTION_TIMEOUT_MS (acquiring may include connecting)',
    );
  }
  const apiKeys = parseApiKeys(e.FOLIO_API_KEYS);
  problems.push(...apiKeys.problems);
  const allowedHosts = parseAllowedHosts(e.FOLIO_ALLOWED_HOSTS);
  problems.push(...allowedHosts.problems);
  const neo4jServer = neo4jServerConfigOf(e);
  problems.push(...neo4jServer.problems);
  // Whether keys stored in Neo4j exist is known only once it answers: the API start checks (api-key.service.ts).
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    neo4j: {
      // Without a URI, the local server the launcher starts (on NEO4J_BOLT_PORT).
      uri: e.NEO4J_URI ?? `bolt://127.0.0.1:${e.NEO4J_BOLT_PORT}`,
      user: e.NEO4J_USER,
      password: e.NEO4J_PASSWORD,
      database: e.NEO4J_DATABASE,
      maxPoolSize: e.NEO4J_MAX_POOL_SIZE,
      readTimeoutMs: e.NEO4J_READ_TIMEOUT_MS,
      connectionTimeoutMs: e.NEO4J_CONNECTION_TIMEOUT_MS,
      acquisitionTimeoutMs: e.NEO4J_ACQUISITION_TIMEOUT_MS,
      maxRetryMs: e.NEO4J_RETRY_MS,
    },
    neo4jServer: neo4jServer.config,
    http: {
      host: e.FOLIO_HTTP_HOST,
      port: e.FOLIO_HTTP_PORT,
      publicUrl: e.FOLIO_PUBLIC_URL?.replace(/\/+$/, ''),
      explorer: e.FOLIO_API_EXPLORER ?? e.NODE_ENV !== 'production',
      allowedHosts: allowedHostsOf(e.FOLIO_HTTP_HOST, e.FOLIO_PUBLIC_URL, allowedHosts.hosts),
    },
    auth: {
      keys: apiKeys.keys,
      openAllowed: LOOPBACK_HOSTS.has(e.FOLIO_HTTP_HOST) || e.FOLIO_ALLOW_OPEN_API,
      keyCacheMs: e.FOLIO_API_KEY_CACHE_MS,
    },
    graphql: {
      maxDepth: e.FOLIO_GRAPHQL_MAX_DEPTH,
      maxAliases: e.FOLIO_GRAPHQL_MAX_ALIASES,
      maxComplexity: e.FOLIO_GRAPHQL_MAX_COMPLEXITY,
      defaultListSize: e.FOLIO_GRAPHQL_DEFAULT_LIST_SIZE,
      maxExpensiveFields: e.FOLIO_GRAPHQL_MAX_EXPENSIVE_FIELDS,
      maxResultObjects: e.FOLIO_GRAPHQL_MAX_RESULT_OBJECTS,
    },
    embedder:
      e.FOLIO_EMBEDDER === 'onnx'
        ? {
            backend: 'onnx',
            model: e.FOLIO_EMBEDDING_MODEL,
            dimension: LOCAL_EMBEDDING_DIMENSIONS[e.FOLIO_EMBEDDING_MODEL] ?? 0,
            batchSize: e.FOLIO_EMBED_BATCH_SIZE,
            threads: e.FOLIO_ONNX_THREADS,
          }
        : {
            backend: 'openai',
            model: e.FOLIO_EMBEDDING_MODEL,
            baseUrl: e.FOLIO_EMBEDDING_BASE_URL ?? '',
            apiKey: e.FOLIO_EMBEDDING_API_KEY ?? 'not-needed',
            dimension: e.FOLIO_EMBEDDING_DIMENSION ?? 0,
            batchSize: e.FOLIO_EMBED_BATCH_SIZE,
          },
    rerankerPath: e.FOLIO_RERANKER_PATH,
    retrieve: { routing: e.FOLIO_ROUTING === 'on' },
    llm:
      e.FOLIO_LLM_BASE_URL && e.FOLIO_LLM_MODEL
        ? {
            baseUrl: e.FOLIO_LLM_BASE_URL,
            apiKey: e.FOLIO_LLM_API_KEY ?? 'not-needed',
            model: e.FOLIO_LLM_MODEL,
            timeoutMs: e.FOLIO_LLM_TIMEOUT_MS,
            maxRetries: e.FOLIO_LLM_MAX_RETRIES,
          }
        : null,
    limits: { maxPages: e.FOLIO_MAX_PAGES, maxUploadBytes: e.FOLIO_MAX_UPLOAD_MB * 1024 * 1024 },
    heartbeat: {
      // Several beats fit in the window, so one slow write does not make a live ingestion look abandoned.
      intervalMs: Math.min(10_000, Math.floor(e.FOLIO_STALE_HEARTBEAT_MS / 6)),
      staleAfterMs: e.FOLIO_STALE_HEARTBEAT_MS,
    },
    ingest: {
      ocr: e.FOLIO_OCR,
      serverPaths: e.FOLIO_INGEST_SERVER_PATHS,
      serverPathRoot: e.FOLIO_INGEST_ROOT,
      fileStore: e.FOLIO_FILE_STORE ?? path.join(folioHome(), 'files'),
      concurrency: e.FOLIO_INGEST_CONCURRENCY ?? Math.max(1, Math.floor(os.cpus().length / 2)),
      runner: e.FOLIO_INGEST_RUNNER,
      attempts: e.FOLIO_INGEST_ATTEMPTS,
    },
    redis: {
      url: e.REDIS_URL ?? `redis://127.0.0.1:${e.REDIS_PORT}`,
      port: e.REDIS_PORT,
      lockMs: e.FOLIO_WORKER_LOCK_MS,
    },
  };
}

/** The configuration table of the README, kept next to the schema so the two cannot drift. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);
