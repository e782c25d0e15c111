// Why a request was refused before any resolver ran; the API edge maps these to UNAUTHENTICATED / FORBIDDEN.
import { FolioError } from '../common/folio-error';

export enum AuthErrorCode {
  API_KEY_MISSING = 'API_KEY_MISSING',
  API_KEY_INVALID = 'API_KEY_INVALID',
  ADMIN_SCOPE_REQUIRED = 'ADMIN_SCOPE_REQUIRED',
}

export class AuthError extends FolioError<AuthErrorCode> {
  constructor(
    readonly code: AuthErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}
