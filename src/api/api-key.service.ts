import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { FOLIO_CONFIG } from '../config/config.tokens';
import { type FolioConfig } from '../config/folio-config';
import { API_SCOPES, type ApiScope } from '../config/api-keys.config';
import { ApiKeyRepository, type StoredApiKey } from './api-key.repository';
import {
  generateApiKey,
  hashApiKey,
  invalidKey,
  keyPrefix,
  matchConfiguredKey,
  missingKey,
  strongestScope,
} from './api-keys';
import { AuthError, AuthErrorCode } from './auth.errors';

/** lastUsedAt is written at most this often per key, so a busy client does not turn every read into a write. */
const TOUCH_EVERY_MS = 60_000;
/** Bounds the cache against a flood of random keys (each one an entry). */
const CACHE_ENTRIES = 10_000;

export interface CreatedApiKey {
  key: StoredApiKey;
  /** The secret, shown once: only its hash is stored. */
  secret: string;
}

/**
 * API keys: FOLIO_API_KEYS entries (bootstrap keys, hashes in the environment) and ApiKey nodes in Neo4j (made with
 * `folio keys create` or `createApiKey`, revocable). With neither, the API is open only where the configuration
 * allows it (loopback, or FOLIO_ALLOW_OPEN_API).
 */
@Injectable()
export class ApiKeyService {
  private readonly logger = new Logger(ApiKeyService.name);
  private readonly byHash = new Map<string, { key: StoredApiKey | null; until: number }>();
  /** The last answer to "how many stored keys are active?", when it was read, and when a re-read last failed. */
  private activeStored: { count: number; readAt: number } | null = null;
  private activeFailedAt = 0;
  private activeRefresh: Promise<number> | null = null;
  private readonly touchedAt = new Map<string, number>();

  constructor(
    private readonly repo: ApiKeyRepository,
    @Inject(FOLIO_CONFIG) private readonly config: FolioConfig,
  ) {}

  /**
   * The scope a request may use, or an AuthError (missing, unknown, revoked key; no keys where some are needed).
   * Without a key, `intent: 'write'` re-reads from Neo4j whether keys exist instead of trusting a cached "none".
   */
  async authenticate(presented: string | undefined, intent: 'read' | 'write' = 'read'): Promise<ApiScope> {
    if (presented) {
      const sha256 = hashApiKey(presented);
      const configured = matchConfiguredKey(this.config.auth.keys, sha256);
      if (configured) return configured;
      const stored = await this.storedKey(sha256);
      if (stored?.revokedAt)
        throw new AuthError(AuthErrorCode.API_KEY_REVOKED, `The API key ${stored.prefix}… was revoked.`);
      if (stored) {
        this.noteUse(stored.id);
        return strongestScope(stored.scopes) ?? 'read';
      }
    }
    if (await this.anyKeys(intent === 'write')) throw presented ? invalidKey() : missingKey();
    if (this.config.auth.openAllowed) return 'admin';
    throw this.keysRequired();
  }

  /** For a request let in without a key that turns out to write: still no key anywhere, read from Neo4j now. */
  async assertOpenForWrite(): Promise<void> {
    await this.authenticate(undefined, 'write');
  }

  /** Refuses to serve beyond loopback with no key anywhere (the API start calls it, which primes the cache). */
  async assertServable(): Promise<void> {
    const any = await this.anyKeys(true);
    if (!this.config.auth.openAllowed && !any) throw this.keysRequired();
  }

  async create(name: string, scopes: readonly string[]): Promise<CreatedApiKey> {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 100)
      throw new AuthError(AuthErrorCode.BAD_API_KEY_INPUT, 'A key needs a name of 1 to 100 characters.');
    const wanted = [...new Set(scopes.map((s) => s.toLowerCase()))];
    if (wanted.length === 0 || wanted.some((s) => !API_SCOPES.includes(s as ApiScope)))
      throw new AuthError(
        AuthErrorCode.BAD_API_KEY_INPUT,
        `Scopes must be some of ${API_SCOPES.join(', ')} (got ${JSON.stringify(scopes)}).`,
      );
    const secret = generateApiKey();
    const key = await this.repo.create({
      id: randomUUID(),
      name: trimmed,
      prefix: keyPrefix(secret),
      sha256: hashApiKey(secret),
      scopes: wanted,
    });
    this.forget();
    this.logger.log(`Created API key ${key.id} (${key.prefix}…, ${wanted.join(',')})`);
    return { key, secret };
  }

  async list(): Promise<StoredApiKey[]> {
    return this.repo.list();
  }

  async revoke(id: string): Promise<StoredApiKey> {
    const key = await this.repo.revoke(id);
    if (!key) throw new AuthError(AuthErrorCode.API_KEY_NOT_FOUND, `No API key with id '${id}'.`);
    this.forget();
    this.logger.log(`Revoked API key ${key.id} (${key.prefix}…)`);
    return key;
  }

  /** Removes a key outright (revoked or not); it is no longer listed. */
  async delete(id: string): Promise<void> {
    if ((await this.repo.delete([id])) === 0)
      throw new AuthError(AuthErrorCode.API_KEY_NOT_FOUND, `No API key with id '${id}'.`);
    this.forget();
    this.logger.log(`Deleted API key ${id}`);
  }

  /** What a listing with `active` unrevoked stored keys means for the API (null: keys are asked for). */
  opennessWith(active: number): string | null {
    if (active > 0) return null;
    if (this.config.auth.keys.length > 0)
      return `no active stored key: the ${this.config.auth.keys.length} FOLIO_API_KEYS key(s) are still asked for`;
    if (this.config.auth.openAllowed)
      return ['127.0.0.1', 'localhost', '::1'].includes(this.config.http.host)
        ? 'no active key: the API is open on loopback (every request may do everything)'
        : `no active key: the API on ${this.config.http.host} is open (FOLIO_ALLOW_OPEN_API=true)`;
    return `no active key: the API on ${this.config.http.host} refuses every request (API_KEYS_REQUIRED) until one exists`;
  }

  /** Drops what this process remembers about stored keys (after it created or revoked one). */
  forget(): void {
    this.byHash.clear();
    this.activeStored = null;
  }

  private async storedKey(sha256: string): Promise<StoredApiKey | null> {
    const now = Date.now();
    const hit = this.byHash.get(sha256);
    if (hit && hit.until > now) return hit.key;
    const key = await this.repo.findByHash(sha256);
    if (this.byHash.size >= CACHE_ENTRIES) this.byHash.clear();
    this.byHash.set(sha256, { key, until: now + this.config.auth.keyCacheMs });
    return key;
  }

  /**
   * Whether any key exists: an answer at most FOLIO_API_KEY_CACHE_MS old, or read now when `fresh`. When Neo4j
   * cannot answer, reads keep the last answer (an unreachable graph serves nothing but `health` anyway, which must
   * say so) and do not wait on it again within the cache time; a fresh read fails (503).
   */
  private async anyKeys(fresh: boolean): Promise<boolean> {
    if (this.config.auth.keys.length > 0) return true;
    if (fresh) return (await this.refreshActive(true)) > 0;
    const known = this.activeStored;
    const now = Date.now();
    const maxAge = this.config.auth.keyCacheMs;
    if (known && (now - known.readAt < maxAge || now - this.activeFailedAt < maxAge)) return known.count > 0;
    try {
      return (await this.refreshActive()) > 0;
    } catch (err) {
      if (!known) throw err;
      return known.count > 0;
    }
  }

  /** Reads the count; concurrent cached reads share one query, a fresh read never joins one already running. */
  private refreshActive(fresh = false): Promise<number> {
    if (!fresh && this.activeRefresh) return this.activeRefresh;
    const startedAt = Date.now();
    const read = this.repo.countActive().then(
      (count) => {
        if (!this.activeStored || this.activeStored.readAt <= startedAt)
          this.activeStored = { count, readAt: startedAt };
        return count;
      },
      (err: unknown) => {
        this.activeFailedAt = Date.now();
        throw err;
      },
    );
    if (fresh) return read;
    this.activeRefresh = read.finally(() => (this.activeRefresh = null));
    return this.activeRefresh;
  }

  private noteUse(id: string): void {
    const now = Date.now();
    if (now - (this.touchedAt.get(id) ?? 0) < TOUCH_EVERY_MS) return;
    if (this.touchedAt.size >= CACHE_ENTRIES) this.touchedAt.clear();
    this.touchedAt.set(id, now);
    this.repo
      .touch(id)
      .catch((err: unknown) =>
        this.logger.warn(`Could not record the use of key ${id}: ${(err as Error).message}`),
      );
  }

  private keysRequired(): AuthError {
    return new AuthError(
      AuthErrorCode.API_KEYS_REQUIRED,
      `The API listens on ${this.config.http.host}, beyond this machine, and no API key exists: create one with ` +
        '`folio keys create --scope admin --name <name>` (or set FOLIO_API_KEYS), bind to 127.0.0.1, or set ' +
        'FOLIO_ALLOW_OPEN_API=true if a private network guards the port.',
    );
  }
}
