// The load benchmark's HTTP client: GraphQL and multipart uploads with the run's key and timeout, and the timed,
// bounded-width task pool the levels run in.
import type { LoadKind, Sample } from './load-report';

/** The most specific code a failed response gives: the module reason, the GraphQL code, or the HTTP status. */
function errorCode(extensions: Record<string, unknown> | undefined, status: number): string {
  const code = extensions?.reason ?? extensions?.code;
  return typeof code === 'string' ? code : `HTTP_${status}`;
}

export class Api {
  constructor(
    readonly url: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs: number,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return this.apiKey ? { ...extra, authorization: `Bearer ${this.apiKey}` } : extra;
  }

  async graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const res = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = (await res.json()) as { data?: T; errors?: Array<{ extensions?: Record<string, unknown> }> };
    const first = body.errors?.[0];
    if (first || !body.data) {
      throw new Error(errorCode(first?.extensions, res.status));
    }
    return body.data;
  }

  async upload(bytes: Uint8Array, fileName: string): Promise<string> {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: 'mutation($file: Upload!) { ingestDocument(file: $file) { id } }',
        variables: { file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([bytes], { type: 'application/pdf' }), fileName);
    const res = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      body: form,
      headers: this.headers({ 'apollo-require-preflight': 'true' }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = (await res.json()) as {
      data?: { ingestDocument: { id: string } } | null;
      errors?: Array<{ extensions?: Record<string, unknown> }>;
    };
    if (!body.data?.ingestDocument) throw new Error(errorCode(body.errors?.[0]?.extensions, res.status));
    return body.data.ingestDocument.id;
  }
}

export async function timed(kind: LoadKind, work: () => Promise<unknown>): Promise<Sample> {
  const started = performance.now();
  try {
    await work();
    return { kind, ms: performance.now() - started, ok: true };
  } catch (err) {
    // fetch's "fetch failed" hides the socket error in its cause (e.g. UND_ERR_SOCKET: the server closed it).
    const cause = (err as { cause?: { code?: unknown } }).cause?.code;
    const error =
      err instanceof Error
        ? err.name === 'TimeoutError'
          ? 'CLIENT_TIMEOUT'
          : typeof cause === 'string'
            ? `${err.message} (${cause})`
            : err.message
        : String(err);
    return { kind, ms: performance.now() - started, ok: false, error };
  }
}

/** Runs `count` tasks with at most `width` in flight; stops starting new ones after the deadline. */
export async function pool(
  width: number,
  count: number,
  deadline: number,
  task: (i: number) => Promise<Sample>,
) {
  const samples: Sample[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count && Date.now() < deadline) samples.push(await task(next++));
    }),
  );
  return samples;
}
