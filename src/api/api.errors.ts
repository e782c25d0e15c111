import { FolioError } from '../common/folio-error';

/** Errors the API raises itself (bad arguments, unknown ids); their codes are already GraphQL's. */
export const ApiErrorCode = { BAD_USER_INPUT: 'BAD_USER_INPUT', NOT_FOUND: 'NOT_FOUND' } as const;
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode];

export class ApiError extends FolioError<ApiErrorCode> {}
