import { createServer, connect, Socket, type AddressInfo } from 'node:net';
import { preferNoDelaySockets } from './bolt-no-delay';

describe('preferNoDelaySockets', () => {
  it('sets TCP_NODELAY on every socket connected afterwards, once however often and from however many module copies it is installed', async () => {
    const server = createServer((s) => s.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const setNoDelay = jest.spyOn(Socket.prototype, 'setNoDelay');
    try {
      preferNoDelaySockets();
      preferNoDelaySockets();
      // A second copy of the module, as each test file of a runner's worker loads its own.
      await jest.isolateModulesAsync(async () => {
        (await import('./bolt-no-delay')).preferNoDelaySockets();
      });
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('error', reject));
      socket.destroy();
      expect(setNoDelay.mock.calls).toEqual([[true]]);
    } finally {
      setNoDelay.mockRestore();
      server.close();
    }
  });
});
