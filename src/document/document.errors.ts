import { FolioError } from '../common/folio-error';

/** Errors about the stored document itself, shared by every module that looks one up by id. */
export enum DocumentErrorCode {
  DOCUMENT_NOT_FOUND = 'DOCUMENT_NOT_FOUND',
}

export class DocumentError extends FolioError<DocumentErrorCode> {}

/** No stored document has this id; `hint` says where to find the ids there are. */
export function documentNotFound(docId: string, hint = ''): DocumentError {
  return new DocumentError(
    DocumentErrorCode.DOCUMENT_NOT_FOUND,
    `No document with id '${docId}'.${hint ? ` ${hint}` : ''}`,
  );
}
