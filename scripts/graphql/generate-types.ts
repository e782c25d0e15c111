// Generates src/api/graphql.types.ts from schema.graphql (schema-first: the SDL is the source of truth).
import { GraphQLDefinitionsFactory } from '@nestjs/graphql';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
void new GraphQLDefinitionsFactory().generate({
  typePaths: [path.join(root, 'schema.graphql')],
  path: path.join(root, 'src', 'api', 'graphql.types.ts'),
  outputAs: 'interface',
  skipResolverArgs: false,
  enumsAsTypes: true,
  defaultScalarType: 'unknown',
  customScalarTypeMapping: { Upload: 'Promise<FileUpload>' },
  additionalHeader:
    "// Regenerate with `npm run graphql:types`.\nimport type { FileUpload } from 'graphql-upload-minimal';",
});
