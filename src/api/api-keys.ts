import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyEntry, ApiScope } from '../config/folio-config';
import { AuthError, AuthErrorCode } from './auth.errors';

/** The form a key is configured in (FOLIO_API_KEYS holds `scope:<this>`), so the key itself is never stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new random key (32 bytes, base64url) with the `folio_` prefix that makes a leaked one easy to spot. */
export function generateApiKey(): string {
  return `folio_${randomBytes(32).toString('base64url')}`;
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

/**
 * The scope a request may use. With no keys configured the API is open (admin for everyone); otherwise the key must
 * hash to a configured entry, compared in constant time so the comparison reveals nothing about the hashes.
 */
export function authorize(keys: readonly ApiKeyEntry[], key: string | undefined): ApiScope {
  if (keys.length === 0) return 'admin';
  if (!key)
    throw new AuthError(
      AuthErrorCode.API_KEY_MISSING,
      'An API key is required: send it as "Authorization: Bearer <key>" (or an x-api-key header).',
    );
  const digest = Buffer.from(hashApiKey(key), 'hex');
  let scope: ApiScope | undefined;
  for (const entry of keys) {
    // Check every entry, so the time taken does not depend on which one matched; admin wins over read.
    if (timingSafeEqual(digest, Buffer.from(entry.sha256, 'hex')) && scope !== 'admin') scope = entry.scope;
  }
  if (!scope)
    throw new AuthError(
      AuthErrorCode.API_KEY_INVALID,
      'The API key is not valid (unknown or revoked). Ask the operator for a key listed in FOLIO_API_KEYS.',
    );
  return scope;
}

/** Mutations change the stored graph (ingest, delete, enrich), so they need the admin scope. */
export function assertMayRun(scope: ApiScope, operation: 'query' | 'mutation' | 'subscription'): void {
  if (operation === 'query' || scope === 'admin') return;
  throw new AuthError(
    AuthErrorCode.ADMIN_SCOPE_REQUIRED,
    `This API key has the "${scope}" scope; ${operation}s (ingest, delete, enrich) need an "admin" key.`,
  );
}
