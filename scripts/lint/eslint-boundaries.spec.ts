import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';

// The boundary rules as `npm run lint` applies them (eslint.boundaries.cjs), run on small sources at chosen paths.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { boundaryRules } = require('../../eslint.boundaries.cjs') as { boundaryRules: Linter.Config[] };

const linter = new Linter({ configType: 'flat' });
const config: Linter.Config[] = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  ...boundaryRules,
];

/** The boundary messages for `source` as if it were the file at `filePath`. */
const violations = (filePath: string, source: string) =>
  linter.verify(source, config, { filename: filePath }).map((m) => m.message);

describe('module boundaries (eslint.boundaries.cjs)', () => {
  it('refuses an import along no arrow of the module graph, at any folder depth', () => {
    expect(violations('src/retrieve/x.ts', "import { a } from '../ingest/layout/tables';")).toEqual([
      expect.stringContaining('src/retrieve may import common, config, document, graph, embed, llm only'),
    ]);
    expect(
      violations('src/retrieve/g2/x.ts', "import type { A } from '../../enrich/enrich-stage';"),
    ).toHaveLength(1);
    expect(
      violations('src/llm/prompts/x.ts', "import type { A } from '../../retrieve/retrieve.types';"),
    ).toHaveLength(1);
    expect(violations('src/embed/x.ts', "import { A } from '../llm/llm.service';")).toHaveLength(1);
    expect(violations('src/api/x.ts', "import { A } from '../eval/metrics';")).toHaveLength(1);
  });

  it('allows the arrows: shared model, adapters below, the layers above', () => {
    expect(
      violations('src/retrieve/x.ts', "import type { BBox } from '../document/document-model';"),
    ).toEqual([]);
    expect(violations('src/retrieve/g2/x.ts', "import { G } from '../../graph/graph.module';")).toEqual([]);
    expect(violations('src/retrieve/g2/x.ts', "import { D } from '../dmap/dmap-retriever';")).toEqual([]);
    expect(violations('src/cli/x.ts', "import { A } from '../api/api.module';")).toEqual([]);
    expect(violations('src/app.module.ts', "import { T } from './llm/openai-embeddings.transport';")).toEqual(
      [],
    );
  });

  it('keeps each vendor SDK in its module', () => {
    expect(violations('src/embed/x.ts', "import OpenAI from 'openai';")).toEqual([
      expect.stringContaining('openai is imported by src/llm alone'),
    ]);
    expect(violations('src/llm/x.ts', "import OpenAI from 'openai';")).toEqual([]);
    expect(violations('src/retrieve/x.ts', "import neo4j from 'neo4j-driver';")).toHaveLength(1);
    expect(violations('src/api/x.ts', "import { Queue } from 'bullmq';")).toHaveLength(1);
    expect(violations('src/ingest/queue/x.ts', "import { Queue } from 'bullmq';")).toHaveLength(1);
    expect(violations('src/queue/x.ts', "import { Queue } from 'bullmq';")).toEqual([]);
  });

  it('lets only repositories and graph itself import the executor', () => {
    const executor = "import { GraphExecutor } from '../graph/graph-executor';";
    expect(violations('src/ingest/reembed.service.ts', executor)).toEqual([
      expect.stringContaining('Only repositories (*.repository.ts) run queries'),
    ]);
    expect(violations('src/ingest/reembed.repository.ts', executor)).toEqual([]);
    expect(
      violations('src/graph/health.service.ts', "import { GraphExecutor } from './graph-executor';"),
    ).toEqual([]);
  });

  it('keeps environment variables in src/config', () => {
    const read = 'export const port = Number(process.env.FOLIO_HTTP_PORT);';
    expect(violations('src/graph/server/neo4j-server-options.ts', read)).toEqual([
      expect.stringContaining('Read configuration from FolioConfig'),
    ]);
    expect(violations('src/config/folio-config.ts', read)).toEqual([]);
  });
});
