// Generates src/document/graphql.types.ts from schema.graphql (schema-first: the SDL is the source of truth).
import { GraphQLDefinitionsFactory } from '@nestjs/graphql';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const output = path.join(root, 'src', 'document', 'graphql.types.ts');

async function main(): Promise<void> {
  await new GraphQLDefinitionsFactory().generate({
    typePaths: [path.join(root, 'schema.graphql')],
    path: output,
    outputAs: 'interface',
    skipResolverArgs: false,
    enumsAsTypes: true,
    defaultScalarType: 'unknown',
    customScalarTypeMapping: { Upload: 'Promise<FileUpload>' },
    additionalHeader:
      "// Regenerate with `npm run graphql:types`.\nimport type { FileUpload } from 'graphql-upload-minimal';",
  });
  // The factory adds a blanket eslint-disable that our lint reports as unused: the generated code lints clean.
  const text = fs.readFileSync(output, 'utf8');
  fs.writeFileSync(output, text.replace(/^\/\* eslint-disable \*\/\n/m, '\n'));
}

void main();
