import { loadConfig } from '../../src/config/folio-config';
import { EXPLORER_INTROSPECTION_QUERY } from '../../src/api/explorer/explorer-page';
import { HttpApp, startHttpApp } from '../support/http-app';

const openInBrowser = (url: string) => fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });

describe('API explorer at GET /graphql', () => {
  describe('in development', () => {
    let http: HttpApp;
    beforeAll(async () => {
      http = await startHttpApp(loadConfig({ ...process.env, NODE_ENV: 'development' }));
    });
    afterAll(async () => http.close());

    it('serves a self-contained page: nothing is loaded from another host', async () => {
      const res = await openInBrowser(http.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const html = await res.text();
      expect(html).toContain('<title>Folio API explorer</title>');
      // No <script src>, <link href> or CSS url(...) at all: the page works with no network but this server's.
      expect(html).not.toMatch(/<script[^>]*\ssrc=/i);
      expect(html).not.toMatch(/<link[^>]*\shref=/i);
      expect(html).not.toMatch(/url\(/i);
      expect(html).not.toMatch(/https?:\/\/(?!localhost|127\.0\.0\.1)/);
    });

    it('its docs panel query runs against the real schema', async () => {
      const res = await http.graphql<{
        __schema: { queryType: { name: string }; types: Array<{ name: string }> };
      }>(EXPLORER_INTROSPECTION_QUERY);
      expect(res.errors).toBeUndefined();
      expect(res.data!.__schema.queryType.name).toBe('Query');
      expect(res.data!.__schema.types.map((t) => t.name)).toEqual(
        expect.arrayContaining(['Document', 'Page', 'SearchResult']),
      );
    });
  });

  it('is off in production mode', async () => {
    const http = await startHttpApp(loadConfig({ ...process.env, NODE_ENV: 'production' }));
    try {
      const res = await openInBrowser(http.url);
      const body = await res.text();
      expect(body).not.toContain('Folio API explorer');
      expect(res.status).toBe(400);
    } finally {
      await http.close();
    }
  });
});
