import { type CodeOf, errorCodes, FolioError } from '../common/folio-error';

/** Errors the API raises itself (bad arguments, unknown ids); their codes are already GraphQL's. */
export const ApiErrorCode = errorCodes({ invalid: ['BAD_USER_INPUT'], notFound: ['NOT_FOUND'] });
export type ApiErrorCode = CodeOf<typeof ApiErrorCode>;

export class ApiError extends FolioError<ApiErrorCode> {}

/** `value` when it exists; otherwise the NOT_FOUND that `message` explains. */
export function found<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw new ApiError('NOT_FOUND', message);
  return value;
}
