import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_SCOPES, type ApiKeyEntry, type ApiScope } from '../config/api-keys.config';
import { AuthError, AuthErrorCode } from './auth.errors';

/** The form a key is kept in (FOLIO_API_KEYS entries, ApiKey nodes), so the secret itself is never stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new random key (32 bytes, base64url) with the `folio_` prefix that makes a leaked one easy to spot. */
export function generateApiKey(): string {
  return `folio_${randomBytes(32).toString('base64url')}`;
}

/** What is shown of a key after it was created: enough to tell keys apart, far too little to guess the rest. */
export function keyPrefix(key: string): string {
  return key.slice(0, 12);
}

/** The key a request presents: `Authorization: Bearer <key>` or `x-api-key: <key>`. */
export function presentedKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (match) return match[1];
  }
  const apiKey = headers['x-api-key'];
  return typeof apiKey === 'string' && apiKey.length > 0 ? apiKey : undefined;
}

/** The strongest of `scopes` (admin includes write, write includes read); undefined for none. */
export function strongestScope(scopes: readonly string[]): ApiScope | undefined {
  let best = -1;
  for (const s of scopes) best = Math.max(best, API_SCOPES.indexOf(s as ApiScope));
  return best >= 0 ? API_SCOPES[best] : undefined;
}

/**
 * The scope of the FOLIO_API_KEYS entry the key's hash matches, or undefined. Every entry is compared, in
 * constant time, so the time taken reveals nothing about which entry (or how much of a hash) matched.
 */
export function matchConfiguredKey(keys: readonly ApiKeyEntry[], sha256: string): ApiScope | undefined {
  const digest = Buffer.from(sha256, 'hex');
  const matched: ApiScope[] = [];
  for (const entry of keys) {
    if (timingSafeEqual(digest, Buffer.from(entry.sha256, 'hex'))) matched.push(entry.scope);
  }
  return strongestScope(matched);
}

export function missingKey(): AuthError {
  return new AuthError(
    AuthErrorCode.API_KEY_MISSING,
    'An API key is required: send it as "Authorization: Bearer <key>" (or an x-api-key header).',
  );
}

export function invalidKey(): AuthError {
  return new AuthError(
    AuthErrorCode.API_KEY_INVALID,
    'The API key is not valid (unknown). Ask the operator for a key (`folio keys create`).',
  );
}

/** Throws WRITE_ / ADMIN_SCOPE_REQUIRED when `scope` does not include `needed`; `what` names what needed it. */
export function assertScope(scope: ApiScope, needed: ApiScope, what?: string): void {
  if (API_SCOPES.indexOf(scope) >= API_SCOPES.indexOf(needed)) return;
  if (needed === 'admin')
    throw new AuthError(
      AuthErrorCode.ADMIN_SCOPE_REQUIRED,
      `This API key has the "${scope}" scope; ${what ? `${what} manages API keys, which needs` : 'managing API keys needs'} an "admin" key.`,
    );
  throw new AuthError(
    AuthErrorCode.WRITE_SCOPE_REQUIRED,
    `This API key has the "${scope}" scope; ${what ? `${what} writes to the graph, which needs` : 'writing (ingest, delete, enrich, stored analytics) needs'} a "write" or "admin" key.`,
  );
}
