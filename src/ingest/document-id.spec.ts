import { documentIdFor, firstOfEachContent } from './document-id';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('documentIdFor', () => {
  it('derives the same id from the same bytes and another from other bytes', () => {
    const a = documentIdFor(bytes('%PDF-1.7 one'));
    expect(a.docId).toBe(a.sha256.slice(0, 16));
    expect(documentIdFor(bytes('%PDF-1.7 one'))).toEqual(a);
    expect(documentIdFor(bytes('%PDF-1.7 two')).docId).not.toBe(a.docId);
  });
});

describe('firstOfEachContent', () => {
  it('keeps the first file of each content and names the later copies', () => {
    const contents: Record<string, string> = { 'a.pdf': 'A', 'b.pdf': 'B', 'a-copy.pdf': 'A', 'c.pdf': 'C' };
    const files = Object.keys(contents);
    expect(firstOfEachContent(files, (f) => bytes(contents[f]!))).toEqual({ first: [0, 1, 3], copies: [2] });
  });
});
