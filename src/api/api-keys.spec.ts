import { parseApiKeys } from '../config/api-keys.config';
import {
  assertScope,
  generateApiKey,
  hashApiKey,
  keyPrefix,
  matchConfiguredKey,
  presentedKey,
  strongestScope,
} from './api-keys';
import { AuthError, AuthErrorCode } from './auth.errors';

const adminKey = 'folio_admin-secret';
const readKey = 'folio_read-secret';
const keys = [
  { scope: 'read' as const, sha256: hashApiKey(readKey) },
  { scope: 'admin' as const, sha256: hashApiKey(adminKey) },
];

function codeOf(fn: () => unknown): AuthErrorCode | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof AuthError) return err.code;
    throw err;
  }
  return undefined;
}

describe('API keys', () => {
  it('hashes with SHA-256 and generates distinct prefixed keys', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const [a, b] = [generateApiKey(), generateApiKey()];
    expect(a).toMatch(/^folio_[\w-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('reads the key from a Bearer authorization or an x-api-key header', () => {
    expect(presentedKey({ authorization: 'Bearer k1' })).toBe('k1');
    expect(presentedKey({ authorization: 'bearer   k2 ' })).toBe('k2');
    expect(presentedKey({ 'x-api-key': 'k3' })).toBe('k3');
    expect(presentedKey({ authorization: 'Basic abc' })).toBeUndefined();
    expect(presentedKey({})).toBeUndefined();
  });

  it('matches a configured key by its hash and grants its strongest scope; an unknown key matches nothing', () => {
    expect(matchConfiguredKey(keys, hashApiKey(adminKey))).toBe('admin');
    expect(matchConfiguredKey(keys, hashApiKey(readKey))).toBe('read');
    expect(matchConfiguredKey(keys, hashApiKey('folio_guess'))).toBeUndefined();
    expect(strongestScope(['read', 'admin', 'write'])).toBe('admin');
    expect(strongestScope(['owner'])).toBeUndefined();
    expect(keyPrefix('folio_abcdefghijkl')).toBe('folio_abcdef');
  });

  it('lets read keys read, write keys write, and only admin keys manage keys', () => {
    expect(codeOf(() => assertScope('read', 'read'))).toBeUndefined();
    expect(codeOf(() => assertScope('write', 'write'))).toBeUndefined();
    expect(codeOf(() => assertScope('admin', 'write'))).toBeUndefined();
    expect(codeOf(() => assertScope('read', 'write'))).toBe(AuthErrorCode.WRITE_SCOPE_REQUIRED);
    expect(codeOf(() => assertScope('write', 'admin'))).toBe(AuthErrorCode.ADMIN_SCOPE_REQUIRED);
  });

  it('parses FOLIO_API_KEYS entries and names each malformed one', () => {
    const hash = hashApiKey(adminKey);
    expect(parseApiKeys(` admin:${hash} , read:${hash}`)).toEqual({
      keys: [
        { scope: 'admin', sha256: hash },
        { scope: 'read', sha256: hash },
      ],
      problems: [],
    });
    const bad = parseApiKeys(`owner:${hash},admin:${adminKey},read:${hash}:x`);
    expect(bad.keys).toEqual([]);
    expect(bad.problems).toHaveLength(3);
    // A plain key pasted by mistake is not echoed whole into the log.
    expect(bad.problems.join('\n')).not.toContain(adminKey);
  });
});
