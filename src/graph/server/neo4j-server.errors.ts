import { type CodeOf, errorCodes, FolioError } from '../../common/folio-error';

export const Neo4jServerErrorCode = errorCodes({
  unavailable: [
    'JAVA_NOT_FOUND',
    'PORT_IN_USE',
    'SET_PASSWORD_FAILED',
    'SERVER_EXITED',
    'START_TIMEOUT',
    'AUTH_FAILED',
  ],
  precondition: ['GDS_MISSING'],
  internal: ['STOP_FAILED'],
});
export type Neo4jServerErrorCode = CodeOf<typeof Neo4jServerErrorCode>;

export class Neo4jServerError extends FolioError<Neo4jServerErrorCode> {}
