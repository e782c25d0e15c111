import { Controller, Get, HttpException, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { IngestError } from '../ingest/ingest.errors';
import { PageImageService } from '../ingest/page-image.service';

const HTTP_STATUS: Record<string, number> = { NOT_FOUND: 404, BAD_USER_INPUT: 400 };

/** GET /documents/:docId/pages/:number/image.png?dpi=144 — a PNG of the page (the URL Page.imageUrl gives). */
@Controller('documents')
export class PageImageController {
  constructor(private readonly images: PageImageService) {}

  @Get(':docId/pages/:number/image.png')
  async pageImage(
    @Param('docId') docId: string,
    @Param('number', ParseIntPipe) number: number,
    @Query('dpi') dpi: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    try {
      const png = await this.images.render(docId, number, dpi ? Number(dpi) : undefined);
      res.setHeader('content-type', 'image/png');
      res.setHeader('cache-control', 'public, max-age=86400, immutable');
      res.end(png);
    } catch (err) {
      if (err instanceof IngestError) {
        throw new HttpException({ code: err.code, message: err.message }, HTTP_STATUS[err.apiCode] ?? 500);
      }
      throw err;
    }
  }
}
