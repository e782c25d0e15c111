import { PromiseLru } from './promise-lru';

describe('PromiseLru', () => {
  it('computes a key once, evicts the least recently used and forgets a failed computation', async () => {
    const lru = new PromiseLru<string>(2);
    let calls = 0;
    const compute = (v: string) => () => {
      calls++;
      return Promise.resolve(v);
    };
    expect(await lru.get('a', compute('A'))).toBe('A');
    expect(await lru.get('a', compute('other'))).toBe('A');
    await lru.get('b', compute('B'));
    await lru.get('a', compute('A')); // a is now the most recent
    await lru.get('c', compute('C')); // evicts b
    expect(calls).toBe(3);
    expect(await lru.get('b', compute('B2'))).toBe('B2');

    await expect(lru.get('d', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await lru.get('d', compute('D'))).toBe('D');
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new PromiseLru(0)).toThrow(RangeError);
  });
});
