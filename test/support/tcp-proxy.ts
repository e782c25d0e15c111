import * as net from 'node:net';

/**
 * A TCP proxy in front of Neo4j that a test can take down and bring back, so one Folio app sees Neo4j go away
 * (connections reset, the port closed) while the shared server keeps running for everyone else.
 * `silent` accepts connections and never answers: a server that hangs instead of dying. `latencyMs` delays what
 * the app sends, so its writes take long enough for a test to act in the middle of them.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  latencyMs = 0;

  constructor(
    private readonly targetPort: number,
    private readonly targetHost = '127.0.0.1',
  ) {}

  get url(): string {
    return `bolt://127.0.0.1:${this.port}`;
  }

  /** Listens (on the same port again after `stop`), forwarding, or swallowing everything when `silent`. */
  async start(mode: 'forward' | 'silent' = 'forward'): Promise<void> {
    const server = net.createServer((client) => {
      this.track(client);
      if (mode === 'silent') return;
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.track(upstream);
      let sent = Promise.resolve();
      client.on('data', (chunk: Buffer) => {
        // Chained, so every chunk waits its turn and the stream keeps its order.
        sent = sent.then(async () => {
          if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
          if (!upstream.destroyed) upstream.write(chunk);
        });
      });
      upstream.pipe(client);
      const closeBoth = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', closeBoth).on('close', closeBoth);
      upstream.on('error', closeBoth).on('close', closeBoth);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** As a killed server: every open connection reset, the port closed. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  }
}
