import { prepareEach } from './prepare-each';

const doc = (docId: string) => ({ docId, pdfPath: `/pdfs/${docId}.pdf`, pdfName: `${docId}.pdf` });

describe('prepareEach', () => {
  it('stores each document in turn, keeps a failure as its error and goes on, reporting progress', async () => {
    const progress: Array<[number, number]> = [];
    const stats = await prepareEach(
      [doc('a'), doc('b'), doc('c')],
      (done, total) => progress.push([done, total]),
      async ({ docId }) => {
        if (docId === 'b') throw new Error('no text layer');
        return { pages: docId === 'a' ? 3 : 5, chunks: 7 };
      },
    );
    expect(stats).toEqual([
      { docId: 'a', ms: expect.any(Number), pages: 3, chunks: 7 },
      { docId: 'b', ms: expect.any(Number), pages: 0, chunks: 0, error: 'no text layer' },
      { docId: 'c', ms: expect.any(Number), pages: 5, chunks: 7 },
    ]);
    expect(progress).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });
});
