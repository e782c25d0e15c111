import { Controller, Get, HttpException, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { FolioError } from '../common/folio-error';
import { PageImageService } from '../ingest/page-image.service';
import { commaList } from '../common/comma-list';
import { presentError } from './error-map';

/**
 * GET /documents/:docId/pages/:number/image.png?dpi=144&highlight=<elementId>,<elementId> — a PNG of the page (the
 * URL Page.imageUrl gives), with the cited elements' bboxes outlined when `highlight` names them.
 */
@Controller('documents')
export class PageImageController {
  constructor(private readonly images: PageImageService) {}

  @Get(':docId/pages/:number/image.png')
  async pageImage(
    @Param('docId') docId: string,
    @Param('number', ParseIntPipe) number: number,
    @Query('dpi') dpi: string | undefined,
    @Query('highlight') highlight: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    try {
      const ids = commaList(highlight ?? '');
      const png = await this.images.render(docId, number, dpi ? Number(dpi) : undefined, ids);
      res.setHeader('content-type', 'image/png');
      res.setHeader('cache-control', 'public, max-age=86400, immutable');
      res.end(png);
    } catch (err) {
      const presented = presentError(err);
      if (err instanceof FolioError && presented.expected) {
        throw new HttpException({ code: presented.reason, message: presented.message }, presented.status);
      }
      throw err;
    }
  }
}
