import { z } from 'zod';
import { NEO4J_SERVER_ENV } from './neo4j-server.config';

// Every environment variable Folio reads, with its type, range and default; folio-config.ts turns them into FolioConfig.

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
export const EMBEDDING_MODELS = Object.keys(LOCAL_EMBEDDING_DIMENSIONS);

export const envSchema = z.object({
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
  // int8 bge-small: no worse than fp32 on the dev benchmark at about twice the passages per second
  // (docs/measurements.md, "Default embedding model").
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
  // Searches and asks one API process runs at once; the rest wait their turn holding no Neo4j transaction.
  FOLIO_RETRIEVAL_CONCURRENCY: int(1, 256).default(4),
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

/** The configuration table of the README, kept next to the schema so the two cannot drift. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);
