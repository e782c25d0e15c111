import { FolioError } from '../../common/folio-error';

export enum Neo4jServerErrorCode {
  JAVA_NOT_FOUND = 'JAVA_NOT_FOUND',
  PORT_IN_USE = 'PORT_IN_USE',
  SET_PASSWORD_FAILED = 'SET_PASSWORD_FAILED',
  SERVER_EXITED = 'SERVER_EXITED',
  START_TIMEOUT = 'START_TIMEOUT',
  AUTH_FAILED = 'AUTH_FAILED',
  GDS_MISSING = 'GDS_MISSING',
  STOP_FAILED = 'STOP_FAILED',
}

export class Neo4jServerError extends FolioError<Neo4jServerErrorCode> {}
