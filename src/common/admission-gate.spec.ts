import { AdmissionGate, type AdmissionLimits } from './admission-gate';
import { held, tick } from './testing/held-tasks';

class Busy extends Error {}
const gateOf = (limits: AdmissionLimits) =>
  new AdmissionGate(limits, ({ atOnce }) => new Busy(`busy: ${atOnce} at once`));

describe('AdmissionGate', () => {
  it('runs up to atOnce together and hands each freed slot to the longest waiter', async () => {
    const gate = gateOf({ atOnce: 2, waiting: 8, maxWaitMs: 10_000 });
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((n) => held(log, n));
    const runs = tasks.map((t) => gate.run(t.task));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    tasks[1]!.release();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    tasks[0]!.release();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    tasks[2]!.release();
    tasks[3]!.release();
    await expect(Promise.all(runs)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the slot of a task that throws and refuses with the error the owner gives', async () => {
    const gate = gateOf({ atOnce: 1, waiting: 0, maxWaitMs: 10_000 });
    const log: string[] = [];
    const a = held(log, 'a');
    const first = gate.run(a.task);
    await expect(gate.run(async () => 'b')).rejects.toThrow(new Busy('busy: 1 at once'));
    a.release();
    await first;
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'after')).resolves.toBe('after');
  });

  it('refuses limits that would never run anything', () => {
    expect(() => gateOf({ atOnce: 0, waiting: 1, maxWaitMs: 1 })).toThrow(RangeError);
  });
});
