import Module from 'node:module';

// A Function-built import() survives tsc's CommonJS rewrite of `import()`, so ESM-only packages (pdfjs-dist,
// pdf-parse's worker) load from the compiled CommonJS build.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const dynamicImport = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<unknown>;

/** Imports an ES module by absolute path, also inside Jest's VM sandbox. */
export async function importEsModule<T>(file: string): Promise<T> {
  try {
    return (await dynamicImport(file)) as T;
  } catch (error) {
    // Jest's VM sandbox refuses import() without --experimental-vm-modules, and its own require() (also behind
    // createRequire) refuses ES modules. Node's real CommonJS loader can require() them (Node >= 20.19).
    const code = (error as { code?: unknown }).code;
    if (
      code !== 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING' &&
      code !== 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING_FLAG'
    )
      throw error;
    const nodeLoader = (
      Module as unknown as { _load?: (request: string, parent: null, isMain: boolean) => unknown }
    )._load;
    if (typeof nodeLoader !== 'function') throw error;
    return nodeLoader(file, null, false) as T;
  }
}
