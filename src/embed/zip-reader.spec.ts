import * as path from 'node:path';
import { ZipArchive } from './zip-reader';

const fixture = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'embed', 'tiny.zip');

describe('ZipArchive', () => {
  it('reads stored and deflated entries', () => {
    const zip = ZipArchive.open(fixture);
    expect([...zip.entries.keys()].sort()).toEqual(['deflated.txt', 'dir/stored.txt']);
    expect(zip.read('dir/stored.txt').toString()).toBe('stored content\n');
    expect(zip.read('deflated.txt').toString()).toBe('deflated content '.repeat(50));
  });

  it('says which entry is missing and rejects non-zip files', () => {
    expect(() => ZipArchive.open(fixture).read('nope')).toThrow(/has no entry 'nope'/);
    expect(() => ZipArchive.open(__filename)).toThrow(/not a zip archive/);
  });
});
