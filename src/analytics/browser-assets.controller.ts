import { Controller, Get, Header, Query } from '@nestjs/common';
import { CypherRegistry } from '../graph/cypher-registry';
import { renderBrowserGuide } from './browser-guide';
import { FOLIO_GRASS } from './browser-style';

/**
 * The Browser style and guide over HTTP. Neo4j Browser fetches both cross-origin (from its own :7474 page), so
 * both answer with CORS headers; the server must also list Folio's host in browser.remote_content_hostname_whitelist.
 */
@Controller('browser')
export class BrowserAssetsController {
  constructor(private readonly cypher: CypherRegistry) {}

  @Get('folio.grass')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Access-Control-Allow-Origin', '*')
  style(): string {
    return FOLIO_GRASS;
  }

  @Get('guide.html')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Access-Control-Allow-Origin', '*')
  guide(@Query('docId') docId?: string, @Query('page') page?: string): string {
    const pageNumber = Number.isInteger(Number(page)) && Number(page) > 0 ? Number(page) : 1;
    return renderBrowserGuide(this.cypher.list('browser/'), docId?.trim() || null, pageNumber);
  }
}
