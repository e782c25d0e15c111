import * as http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/**
 * One HTTP request with exactly the headers given, Host included (fetch does not let a test choose the Host a
 * browser would send after DNS rebinding). `headers.host: null` sends no Host header at all.
 */
export function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string | null>; body?: string } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.headers ?? {})) if (v !== null) headers[k] = v;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: opts.method ?? 'GET',
        headers,
        setHost: opts.headers?.host === undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A GraphQL POST through rawRequest, with the Host (and any other header) a test chooses. */
export function rawGraphql(
  url: string,
  query: string,
  headers: Record<string, string | null> = {},
  variables?: Record<string, unknown>,
): Promise<RawResponse> {
  return rawRequest(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
}
