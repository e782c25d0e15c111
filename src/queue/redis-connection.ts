import type { ConnectionOptions } from 'bullmq';
import type { FolioConfig } from '../config/folio-config';

/** ioredis settings from REDIS_URL; `failFast`: a command fails at once while Redis is away instead of waiting. */
export function redisConnection(config: FolioConfig, failFast: boolean): ConnectionOptions {
  const url = new URL(config.redis.url);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    // Workers wait for Redis to come back (BullMQ needs null); the API refuses work meanwhile.
    maxRetriesPerRequest: failFast ? 1 : null,
    enableOfflineQueue: !failFast,
    connectTimeout: 2000,
  };
}

/** The host:port of REDIS_URL, for messages (never its password). */
export function redisHost(config: FolioConfig): string {
  return new URL(config.redis.url).host;
}
