import Module from 'node:module';
import { loadPdfjs, openPdfDocument } from './pdfjs-loader';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('loadPdfjs', () => {
  it("leaves the native Array.prototype.push in pdf.js's realm, where core-js would put a slow polyfill", async () => {
    await loadPdfjs();
    const realmFunction = (Module as unknown as { constructor: FunctionConstructor }).constructor;
    const push = new realmFunction('return Array.prototype.push')() as typeof Array.prototype.push;
    expect(Object.hasOwn(push, 'prototype')).toBe(false); // a built-in; core-js's push is an ordinary function
    const doc = await openPdfDocument(
      readFileSync(join(__dirname, '../../test/fixtures/pdf/sample-report.pdf')),
    );
    try {
      expect(doc.numPages).toBeGreaterThan(0); // pdf.js still reads documents, with its worker module handed over
    } finally {
      await doc.destroy();
    }
  });
});
