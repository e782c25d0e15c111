import { isAllowedHost, parseAllowedHosts, parseHost } from './allowed-hosts';
import { loadConfig } from './folio-config';

describe('allowed hosts', () => {
  it('parses names, addresses and ports; refuses what is not a host', () => {
    expect(parseHost('Folio.Example.org:8443')).toEqual({ hostname: 'folio.example.org', port: 8443 });
    expect(parseHost('[::1]:3000')).toEqual({ hostname: '[::1]', port: 3000 });
    expect(parseHost('10.0.0.5')).toEqual({ hostname: '10.0.0.5', port: undefined });
    for (const bad of ['', 'a b', 'host:0', 'host:99999', 'user@host', 'host/path', '::1', 'http://x'])
      expect([bad, parseHost(bad)]).toEqual([bad, null]);
    expect(parseAllowedHosts(' a.example , b.example:81,').hosts).toEqual([
      { hostname: 'a.example', port: undefined },
      { hostname: 'b.example', port: 81 },
    ]);
    expect(parseAllowedHosts('ok.example,not a host').problems).toEqual([
      expect.stringMatching(/^FOLIO_ALLOWED_HOSTS: entry "not a host" is not a host name/),
    ]);
  });

  it('allows loopback names at any port, the public URL host and FOLIO_ALLOWED_HOSTS, nothing else', () => {
    const { allowedHosts } = loadConfig({
      FOLIO_PUBLIC_URL: 'https://docs.example.org/folio',
      FOLIO_ALLOWED_HOSTS: 'alias.example:8080',
    }).http;
    for (const ok of ['localhost:3000', '127.0.0.1', '[::1]:9', 'docs.example.org', 'alias.example:8080'])
      expect([ok, isAllowedHost(allowedHosts, ok)]).toEqual([ok, true]);
    for (const no of [
      undefined,
      'attacker.example:3000',
      'alias.example:8081',
      'alias.example',
      'localhost.attacker.example',
      '127.0.0.2',
      'example.org',
    ])
      expect([no, isAllowedHost(allowedHosts, no)]).toEqual([no, false]);
  });

  it('adds a specific listen address, never a wildcard one', () => {
    const specific = loadConfig({ FOLIO_HTTP_HOST: '192.168.1.20', FOLIO_ALLOW_OPEN_API: 'true' }).http;
    expect(isAllowedHost(specific.allowedHosts, '192.168.1.20:3000')).toBe(true);
    const wildcard = loadConfig({ FOLIO_HTTP_HOST: '0.0.0.0', FOLIO_ALLOW_OPEN_API: 'true' }).http;
    expect(isAllowedHost(wildcard.allowedHosts, '0.0.0.0:3000')).toBe(false);
  });

  it('reports a malformed FOLIO_ALLOWED_HOSTS entry at start-up', () => {
    expect(() => loadConfig({ FOLIO_ALLOWED_HOSTS: 'good.example,bad host' })).toThrow(/FOLIO_ALLOWED_HOSTS/);
  });
});
