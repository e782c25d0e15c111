import { decodeCursor, encodeCursor } from './document.repository';

describe('document cursors', () => {
  it('round-trip', () => {
    const cursor = encodeCursor({ ingestedAt: '2026-11-22T15:00:00Z', id: 'doc-1' });
    expect(decodeCursor(cursor)).toEqual({ ingestedAt: '2026-11-22T15:00:00Z', id: 'doc-1' });
  });

  it('reject anything that is not a cursor', () => {
    expect(decodeCursor('not-a-cursor')).toBeNull();
    expect(decodeCursor(Buffer.from('{"a":1}').toString('base64url'))).toBeNull();
  });
});
