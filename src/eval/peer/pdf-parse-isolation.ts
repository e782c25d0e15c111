import * as path from 'node:path';
import type { PDFParse } from 'pdf-parse';
import { importEsModule } from '../../common/import-es-module';

// pdf-parse (the peer's PDF reader) bundles its own pdf.js and @napi-rs/canvas, other versions than Folio's. Both pdf.js
// copies share process-wide globals: on load each polyfills DOMMatrix / ImageData / Path2D from *its* canvas when
// they are unset (Folio's page rendering then fails with "Value is none of these types `String`, `Path`" on a foreign
// Path2D), and each runs its in-process worker from globalThis.pdfjsWorker, which each worker module overwrites
// (then "The API version … does not match the Worker version …"). So pdf-parse is loaded lazily with those globals
// put back afterwards, and it parses with its own worker handler in place.

const POLYFILLED_GLOBALS = [
  'DOMMatrix',
  'ImageData',
  'Path2D',
  'navigator',
  'pdfjsLib',
  'pdfjs',
  'pdfjsWorker',
] as const;
type Globals = Record<string, unknown>;

let pdfParsePromise: Promise<typeof PDFParse> | undefined;
let handlerPromise: Promise<unknown> | undefined;

/** Runs `load` and restores the globals pdf.js polyfills to what they were before (absent ones removed again). */
async function keepingGlobals<T>(load: () => Promise<T>): Promise<T> {
  const g = globalThis as unknown as Globals;
  const saved = POLYFILLED_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(g, name)] as const);
  try {
    return await load();
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(g, name, descriptor);
      else delete g[name];
    }
  }
}

/** pdf-parse's PDFParse class, loaded once without leaving its polyfills behind. */
export function loadPdfParse(): Promise<typeof PDFParse> {
  pdfParsePromise ??= keepingGlobals(async () => (await import('pdf-parse')).PDFParse).catch(
    (err: unknown) => {
      pdfParsePromise = undefined;
      throw err;
    },
  );
  return pdfParsePromise;
}

function pdfParseWorkerHandler(): Promise<unknown> {
  handlerPromise ??= keepingGlobals(async () => {
    const file = path.join(path.dirname(require.resolve('pdf-parse')), 'pdf.worker.mjs');
    const mod = await importEsModule<{ WorkerMessageHandler?: unknown }>(file);
    if (!mod.WorkerMessageHandler) throw new Error(`${file} has no WorkerMessageHandler`);
    return { WorkerMessageHandler: mod.WorkerMessageHandler };
  }).catch((err: unknown) => {
    handlerPromise = undefined;
    throw err;
  });
  return handlerPromise;
}

/** Runs pdf-parse work with its own pdf.js worker handler in place, restoring globalThis.pdfjsWorker afterwards. */
export async function withPdfParseWorker<T>(work: () => Promise<T>): Promise<T> {
  const g = globalThis as unknown as Globals;
  const handler = await pdfParseWorkerHandler();
  const previous = Object.getOwnPropertyDescriptor(g, 'pdfjsWorker');
  g['pdfjsWorker'] = handler;
  try {
    return await work();
  } finally {
    if (previous) Object.defineProperty(g, 'pdfjsWorker', previous);
    else delete g['pdfjsWorker'];
  }
}
