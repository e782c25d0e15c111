// Which `Host` headers the API answers. A page in a browser can point its own name at 127.0.0.1 (DNS rebinding)
// but cannot make the browser send a loopback name, so loopback names are safe at any port; other names are
// the operator's (FOLIO_ALLOWED_HOSTS, the host of FOLIO_PUBLIC_URL, a specific FOLIO_HTTP_HOST).

import { commaList } from '../common/comma-list';

/** One allowed host: a lower-case name or IP (IPv6 in brackets) and a port, or any port when undefined. */
export interface AllowedHost {
  hostname: string;
  port: number | undefined;
}

export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

const HOSTNAME = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,62})?)(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62})?)*\.?$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

/** Parses `name`, `name:port`, `[v6]` or `[v6]:port` (a Host header or an allow-list entry); null when malformed. */
export function parseHost(value: string): AllowedHost | null {
  const text = value.trim().toLowerCase();
  const match = /^(\[[^\]]*\]|[^:]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match) return null;
  const hostname = match[1]!.replace(/\.$/, '');
  if (!(IPV6.test(hostname) || HOSTNAME.test(hostname)) || hostname.length > 253) return null;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return null;
  return { hostname, port };
}

/** Parses FOLIO_ALLOWED_HOSTS (comma-separated); a problem per malformed entry. */
export function parseAllowedHosts(value: string): { hosts: AllowedHost[]; problems: string[] } {
  const hosts: AllowedHost[] = [];
  const problems: string[] = [];
  for (const raw of commaList(value)) {
    const host = parseHost(raw);
    if (host) hosts.push(host);
    else
      problems.push(
        `FOLIO_ALLOWED_HOSTS: entry ${JSON.stringify(raw.slice(0, 80))} is not a host name or address with an ` +
          'optional port (e.g. folio.example.org, 10.0.0.5:3000, [fd00::5])',
      );
  }
  return { hosts, problems };
}

/** The host part of a URL as an allow-list entry (any port: the URL's port may be a proxy's). */
export function hostOfUrl(url: string): AllowedHost | null {
  return parseHost(new URL(url).hostname);
}

/** Whether a request's Host header names an allowed host (a missing or malformed header never does). */
export function isAllowedHost(allowed: readonly AllowedHost[], header: string | undefined): boolean {
  if (header === undefined) return false;
  const host = parseHost(header);
  if (!host) return false;
  return allowed.some((a) => a.hostname === host.hostname && (a.port === undefined || a.port === host.port));
}

/** Loopback names at any port, the public URL's host, a specific listen address, and FOLIO_ALLOWED_HOSTS. */
export function allowedHostsOf(
  listenHost: string,
  publicUrl: string | undefined,
  extra: AllowedHost[],
): AllowedHost[] {
  const hosts: AllowedHost[] = LOOPBACK_HOSTNAMES.map((hostname) => ({ hostname, port: undefined }));
  const listen = parseHost(listenHost.includes(':') ? `[${listenHost}]` : listenHost);
  if (listen && !['0.0.0.0', '[::]'].includes(listen.hostname)) hosts.push({ ...listen, port: undefined });
  const pub = publicUrl ? hostOfUrl(publicUrl) : null;
  if (pub) hosts.push(pub);
  return [...hosts, ...extra];
}
