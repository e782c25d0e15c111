// Why a request was refused before any resolver ran, and what key management rejects; error-map.ts maps them.
import { type CodeOf, errorCodes, FolioError } from '../common/folio-error';

export const AuthErrorCode = errorCodes({
  unauthenticated: [
    'API_KEY_MISSING',
    'API_KEY_INVALID',
    /** A stored key that was revoked (refused within FOLIO_API_KEY_CACHE_MS in other processes, at once here). */
    'API_KEY_REVOKED',
    /** No key is configured or stored and the API is bound beyond loopback: nobody may use it until one exists. */
    'API_KEYS_REQUIRED',
  ],
  forbidden: [
    'WRITE_SCOPE_REQUIRED',
    'ADMIN_SCOPE_REQUIRED',
    /** The request's Host header is not on the allow-list (DNS rebinding, or FOLIO_ALLOWED_HOSTS lacks a name). */
    'HOST_NOT_ALLOWED',
  ],
  notFound: ['API_KEY_NOT_FOUND'],
  invalid: ['BAD_API_KEY_INPUT'],
});
export type AuthErrorCode = CodeOf<typeof AuthErrorCode>;

export class AuthError extends FolioError<AuthErrorCode> {}
