import { Controller, Get, Header, HttpCode, Options, Query } from '@nestjs/common';
import { CypherRegistry } from '../graph/cypher-registry';
import { renderBrowserGuide } from './browser-guide';
import { FOLIO_GRASS } from '../graph/server/browser-style';

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

  /**
   * The Browser fetches a remote guide with `pragma` and `cache-control` request headers, which makes the request
   * non-simple: the browser first sends a CORS preflight, and a guide without this answer shows "No guide by that name".
   */
  @Options(['folio.grass', 'guide.html'])
  @HttpCode(204)
  @Header('Access-Control-Allow-Origin', '*')
  @Header('Access-Control-Allow-Methods', 'GET, OPTIONS')
  @Header('Access-Control-Allow-Headers', 'pragma, cache-control, content-type')
  @Header('Access-Control-Max-Age', '600')
  preflight(): void {}

  @Get('guide.html')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Access-Control-Allow-Origin', '*')
  guide(@Query('docId') docId?: string, @Query('page') page?: string): string {
    const pageNumber = Number.isInteger(Number(page)) && Number(page) > 0 ? Number(page) : 1;
    return renderBrowserGuide(this.cypher.list('browser/'), docId?.trim() || null, pageNumber);
  }
}
