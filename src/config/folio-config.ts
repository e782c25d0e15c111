import * as os from 'node:os';
import * as path from 'node:path';
import { folioHome } from '../common/local-paths';
import { allowedHostsOf, parseAllowedHosts, type AllowedHost } from './allowed-hosts';
import { type ApiKeyEntry, parseApiKeys } from './api-keys.config';
import { EMBEDDING_MODELS, envSchema, LOCAL_EMBEDDING_DIMENSIONS } from './env-schema';
import { type Neo4jServerConfig, neo4jServerConfigOf } from './neo4j-server.config';

// One validated configuration for the whole service, read from the environment once at start-up.
// Every invalid variable is reported in one error, so a user fixes them all in one go.

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
  /**
   * `routing`: an unscoped search ranks documents first, then pages within the top ones. `concurrency`: searches
   * and asks the API runs at once (the admission gate in src/api/retrieval-gate.ts).
   */
  retrieve: { routing: boolean; concurrency: number };
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
    retrieve: { routing: e.FOLIO_ROUTING === 'on', concurrency: e.FOLIO_RETRIEVAL_CONCURRENCY },
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
