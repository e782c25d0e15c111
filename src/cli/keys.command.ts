import { generateApiKey, hashApiKey } from '../api/api-keys';
import { API_SCOPES, type ApiScope } from '../config/folio-config';

const USAGE = `Usage: folio keys create [--scope read|admin]
       folio keys hash <key>
  create  prints a new random API key and the FOLIO_API_KEYS entry (scope:sha256) that accepts it
  hash    prints the FOLIO_API_KEYS hash of an existing key
Only the hash goes into the configuration; give the key to the client, which sends "Authorization: Bearer <key>".
Revoke a key by removing its entry from FOLIO_API_KEYS and restarting the API.
`;

/** `folio keys create|hash`: makes API keys for FOLIO_API_KEYS without storing the key anywhere. */
export async function runKeysCommand(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'create') {
    const scopeAt = rest.indexOf('--scope');
    const scope = (scopeAt >= 0 ? rest[scopeAt + 1] : 'read') ?? '';
    if (!API_SCOPES.includes(scope as ApiScope)) {
      process.stderr.write(
        `--scope must be one of ${API_SCOPES.join(', ')} (got ${JSON.stringify(scope)})\n`,
      );
      return 2;
    }
    const key = generateApiKey();
    process.stdout.write(
      `key (give it to the client; it is not stored anywhere): ${key}\n` +
        `FOLIO_API_KEYS entry:                                   ${scope}:${hashApiKey(key)}\n`,
    );
    return 0;
  }
  if (action === 'hash' && rest.length === 1 && rest[0]) {
    process.stdout.write(`${hashApiKey(rest[0])}\n`);
    return 0;
  }
  process.stdout.write(USAGE);
  return action === '--help' ? 0 : 2;
}
