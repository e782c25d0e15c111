import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

// In a process of its own: within Jest another test file may already have loaded a pdf.js copy (the peer's
// pdf-parse) that put core-js's push in place before this one could keep the native method.
const probe = `
const { readFileSync } = require('node:fs');
const { loadPdfjs, openPdfDocument } = require('./src/ingest/pdfjs-loader');
(async () => {
  const before = Object.hasOwn(Array.prototype.push, 'prototype');
  await loadPdfjs();
  const doc = await openPdfDocument(readFileSync('test/fixtures/pdf/sample-report.pdf'));
  const pages = doc.numPages;
  await doc.destroy();
  console.log(JSON.stringify({ before, after: Object.hasOwn(Array.prototype.push, 'prototype'), pages }));
})();
`;

describe('loadPdfjs', () => {
  it("leaves the process's native Array.prototype.push in place, where pdf.js's core-js puts a slow polyfill", async () => {
    const root = join(__dirname, '../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [require.resolve('tsx/cli'), '-e', probe],
      { cwd: root, timeout: 60_000 },
    );
    // A built-in has no own `prototype`; core-js's push is an ordinary function, which has one.
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ before: false, after: false, pages: 4 });
  }, 60_000);
});
