import { Socket } from 'node:net';

// Marked on the prototype, not in a module variable: a second copy of this module (a test runner's module registry)
// must not wrap connect again.
const INSTALLED = Symbol.for('folio.preferNoDelaySockets');

/**
 * Sets TCP_NODELAY on this process's sockets: neo4j-driver leaves Nagle on, so a vector-carrying query waits for the
 * server's delayed ACK (~40 ms). The driver has no socket option, hence the idempotent Socket.prototype.connect patch. */
export function preferNoDelaySockets(): void {
  const prototype = Socket.prototype as unknown as {
    connect: (this: Socket, ...args: unknown[]) => Socket;
    [INSTALLED]?: true;
  };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const connect = prototype.connect;
  prototype.connect = function (this: Socket, ...args: unknown[]) {
    this.setNoDelay(true);
    return connect.apply(this, args);
  };
}
