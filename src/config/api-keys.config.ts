import { commaList } from '../common/comma-list';

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
  for (const raw of commaList(value)) {
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
