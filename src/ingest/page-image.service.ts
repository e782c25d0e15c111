import { Injectable } from '@nestjs/common';
import { ContentRepository } from '../graph/content.repository';
import { DocumentRepository } from '../graph/document.repository';
import type { BBox } from '../document/document-model';
import { FileStore } from './file-store';
import { documentNotFound } from '../document/document.errors';
import { IngestError, IngestErrorCode } from './ingest.errors';
import { renderPdfPage } from './render/page-renderer';

export const MAX_PAGE_IMAGE_DPI = 300;
/** Elements one rendering may highlight. */
export const MAX_HIGHLIGHTED_ELEMENTS = 50;

/** PNG renderings of stored pages, for vision models and for people checking a citation. */
@Injectable()
export class PageImageService {
  constructor(
    private readonly documents: DocumentRepository,
    private readonly content: ContentRepository,
    private readonly files: FileStore,
  ) {}

  /** The page as PNG; `highlightIds` are elements of that page (a citation's) outlined on it. */
  async render(docId: string, pageNumber: number, dpi = 144, highlightIds: string[] = []): Promise<Buffer> {
    if (!(dpi >= 36 && dpi <= MAX_PAGE_IMAGE_DPI)) {
      throw new IngestError(IngestErrorCode.BAD_REQUEST, `dpi must be between 36 and ${MAX_PAGE_IMAGE_DPI}`);
    }
    const doc = await this.documents.get(docId);
    if (!doc) throw documentNotFound(docId);
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.pageCount) {
      throw new IngestError(
        IngestErrorCode.PAGE_NOT_FOUND,
        `Document '${docId}' has pages 1–${doc.pageCount}; there is no page ${pageNumber}.`,
      );
    }
    const highlight = await this.highlightBoxes(docId, pageNumber, highlightIds);
    const bytes = await this.files.read(doc.sha256);
    if (!bytes) {
      throw new IngestError(
        IngestErrorCode.FILE_NOT_FOUND,
        `The original PDF of '${docId}' is not in the file store (FOLIO_FILE_STORE); ingest it again with replace to restore it.`,
      );
    }
    try {
      return (await renderPdfPage(bytes, pageNumber, { dpi, highlight })).png;
    } catch (err) {
      if ((err as { name?: unknown }).name !== 'PasswordException') throw err;
      throw new IngestError(
        IngestErrorCode.PAGE_IMAGE_UNAVAILABLE,
        `Document '${docId}' is an encrypted PDF and its password is not kept (it is used once, at ingestion), ` +
          'so its pages cannot be rendered as images. Its text, elements and search work as usual.',
      );
    }
  }

  private async highlightBoxes(docId: string, pageNumber: number, ids: string[]): Promise<BBox[]> {
    const wanted = [...new Set(ids)];
    if (wanted.length > MAX_HIGHLIGHTED_ELEMENTS) {
      throw new IngestError(
        IngestErrorCode.BAD_REQUEST,
        `highlight takes at most ${MAX_HIGHLIGHTED_ELEMENTS} element ids, got ${wanted.length}`,
      );
    }
    const found = await this.content.elementsById(wanted);
    return wanted.map((id, i) => {
      const element = found[i];
      if (!element || element.docId !== docId || element.pageNumber !== pageNumber) {
        throw new IngestError(
          IngestErrorCode.BAD_REQUEST,
          `Element '${id}' is not on page ${pageNumber} of document '${docId}'; highlight takes ids of that page's elements.`,
        );
      }
      return element.bbox as BBox;
    });
  }
}
