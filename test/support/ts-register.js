// `node -r ./test/support/ts-register.js src/main.ts` runs Folio from its TypeScript sources without a build, for
// tests that start (and kill) a real API process. Each .ts file goes through the TypeScript compiler, which — unlike
// esbuild (tsx) — emits the decorator metadata Nest's dependency injection reads. No type check: `npm run check` does that.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const root = path.resolve(__dirname, '..', '..');
const tsconfig = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config;
const { options } = ts.convertCompilerOptionsFromJson(tsconfig.compilerOptions, root);
const compilerOptions = { ...options, sourceMap: false, inlineSourceMap: true, inlineSources: false };

require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
    compilerOptions,
    fileName: filename,
  });
  module._compile(outputText, filename);
};
