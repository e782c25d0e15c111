// The Host allow-list over real HTTP: a request naming a foreign host (what a browser sends after DNS rebinding
// points an attacker's name at 127.0.0.1) is refused with 403 before anything runs — a deleteDocument leaves the
// document in place; loopback names and FOLIO_ALLOWED_HOSTS entries are answered; absolute URLs come from
// FOLIO_PUBLIC_URL, never from the Host the request named.
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config/folio-config';
import { DocumentRepository } from '../../src/graph/document.repository';
import { closeAfterDeleting, HttpApp, ingestSampleReport, startHttpApp } from '../support/http-app';
import { rawGraphql, rawRequest } from '../support/raw-http';

const PUBLIC_URL = 'https://folio.e2e.example:8443/base';

describe('Host allow-list', () => {
  let http: HttpApp;
  let port: string;
  const docId = `thoste2e${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    http = await startHttpApp(
      loadConfig({ ...process.env, FOLIO_PUBLIC_URL: PUBLIC_URL, FOLIO_ALLOWED_HOSTS: 'alias.e2e.example' }),
    );
    port = new URL(http.url).port;
    await ingestSampleReport(http, docId, 'host-allow-list.pdf');
  });
  afterAll(() => closeAfterDeleting(http, docId));

  it('refuses a foreign Host with 403 before a mutation runs: the document is still there', async () => {
    const res = await rawGraphql(http.url, `mutation { deleteDocument(id: "${docId}") { deleted } }`, {
      host: `attacker.example:${port}`,
    });
    expect(res.status).toBe(403);
    const error = res.json<{ errors: Array<{ message: string; extensions: Record<string, unknown> }> }>()
      .errors[0]!;
    expect(error.extensions).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'HOST_NOT_ALLOWED',
      host: `attacker.example:${port}`,
    });
    expect(error.message).toContain('FOLIO_ALLOWED_HOSTS=attacker.example');
    expect(await http.app.get(DocumentRepository).get(docId)).toMatchObject({ id: docId });
  });

  it('refuses a foreign (or missing) Host on every route: page images, explorer, health, unknown paths', async () => {
    const foreign = { host: `attacker.example:${port}` };
    for (const path of [
      `/documents/${docId}/pages/1/image.png`,
      '/health/live',
      '/health/ready',
      '/no-such-route',
      '/',
    ]) {
      const res = await rawRequest(`${http.url}${path}`, { headers: foreign });
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.json()).toMatchObject({ code: 'HOST_NOT_ALLOWED', host: foreign.host });
    }
    const explorer = await rawRequest(`${http.url}/graphql`, {
      headers: { ...foreign, accept: 'text/html' },
    });
    expect(explorer.status).toBe(403);
    expect(explorer.text).not.toContain('<html');
    // A suffix of an allowed name, or an allowed name inside a longer one, is foreign too.
    for (const host of [
      `evil-localhost:${port}`,
      `localhost.attacker.example:${port}`,
      'alias.e2e.example.evil',
    ]) {
      expect((await rawGraphql(http.url, '{ __typename }', { host })).status).toBe(403);
    }
    // No Host at all: Node's server refuses HTTP/1.1 without one (400) before Folio sees it.
    expect((await rawGraphql(http.url, '{ __typename }', { host: null })).status).toBe(400);
  });

  it('answers loopback names and FOLIO_ALLOWED_HOSTS; imageUrl is built from FOLIO_PUBLIC_URL, not the Host', async () => {
    const query = `{ document(id: "${docId}") { pages(from: 1, to: 1) { imageUrl } } }`;
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      '[::1]',
      'alias.e2e.example:1234',
    ]) {
      const res = await rawGraphql(http.url, query, { host });
      expect([host, res.status]).toEqual([host, 200]);
      const body = res.json<{ data: { document: { pages: Array<{ imageUrl: string }> } } }>();
      expect(body.data.document.pages[0]!.imageUrl).toBe(
        `${PUBLIC_URL}/documents/${docId}/pages/1/image.png`,
      );
    }
    // Forwarded headers do not steer the URL either.
    const proxied = await rawGraphql(http.url, query, {
      host: 'alias.e2e.example',
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'http',
    });
    expect(proxied.text).toContain(`${PUBLIC_URL}/documents/`);
    expect(proxied.text).not.toContain('attacker');
    expect(
      (await rawRequest(`${http.url}/health/live`, { headers: { host: 'alias.e2e.example' } })).status,
    ).toBe(200);
  });
});
