import type { FolioConfig } from '../config/folio-config';
import { tick } from '../common/testing/held-tasks';
import { presentError } from './error-map';
import { RetrievalGate } from './retrieval-gate';

const gateOf = (concurrency: number) =>
  new RetrievalGate({ retrieve: { routing: true, concurrency } } as FolioConfig);

describe('RetrievalGate', () => {
  it('runs FOLIO_RETRIEVAL_CONCURRENCY searches at once and the rest after, every one answered', async () => {
    const gate = gateOf(2);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const search = (i: number) =>
      gate.run(async () => {
        most = Math.max(most, ++running);
        await new Promise<void>((r) => releases.push(r));
        running--;
        return i;
      });
    const all = Promise.all([0, 1, 2, 3, 4].map(search));
    for (let round = 0; round < 5; round++) {
      await tick();
      releases.shift()?.();
    }
    await expect(all).resolves.toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('refuses past its queue with RETRIEVAL_BUSY, which the API answers as SERVICE_UNAVAILABLE (503)', async () => {
    const gate = gateOf(1);
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    const waiting = Array.from({ length: 17 }, () => gate.run(() => held)); // 1 running + 16 waiting
    const refused = await gate.run(async () => 'never').catch((e: unknown) => e);
    release();
    await Promise.all(waiting);
    expect(presentError(refused)).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      reason: 'RETRIEVAL_BUSY',
      expected: true,
    });
    expect((refused as Error).message).toMatch(/FOLIO_RETRIEVAL_CONCURRENCY/);
  });
});
