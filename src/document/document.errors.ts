import { type CodeOf, errorCodes, FolioError } from '../common/folio-error';

/** Errors about the stored document itself, shared by every module that looks one up by id. */
export const DocumentErrorCode = errorCodes({ notFound: ['DOCUMENT_NOT_FOUND'] });
export type DocumentErrorCode = CodeOf<typeof DocumentErrorCode>;

export class DocumentError extends FolioError<DocumentErrorCode> {}

/** No stored document has this id; `hint` says where to find the ids there are. */
export function documentNotFound(docId: string, hint = ''): DocumentError {
  return new DocumentError(
    DocumentErrorCode.DOCUMENT_NOT_FOUND,
    `No document with id '${docId}'.${hint ? ` ${hint}` : ''}`,
  );
}
