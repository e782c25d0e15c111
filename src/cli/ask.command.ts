import { parseArgs } from 'node:util';
import { evidenceBrowserCommand } from '../analytics/browser-guide';
import { FOLIO_CONFIG } from '../config/config.tokens';
import type { FolioConfig } from '../config/folio-config';
import { browserUrl, neo4jServerOptions } from '../graph/server/neo4j-server';
import { CypherRegistry } from '../graph/cypher-registry';
import { AskService } from '../retrieve/answer/ask.service';
import { RetrieveService } from '../retrieve/retrieve.service';
import { DEFAULT_STRATEGY, STRATEGIES, Strategy } from '../retrieve/retrieve.types';
import { parseWhere, WHERE_SYNTAX } from '../retrieve/routing/document-filter';
import type { INestApplicationContext } from '@nestjs/common';
import { DocumentRepository } from '../graph/document.repository';
import type { AskResult, SearchResult } from '../retrieve/retrieve.types';
import { withReadOnlyCliApp } from './cli-app';
import { docIdsOf, formatAnswer, formatSearch, type TitleOf } from './search-format';
import { formatEvidence } from './evidence-format';

const OPTIONS = {
  doc: { type: 'string', multiple: true },
  where: { type: 'string' },
  strategy: { type: 'string', default: DEFAULT_STRATEGY },
  k: { type: 'string', default: '5' },
  rerank: { type: 'boolean' },
  'no-rerank': { type: 'boolean' },
  json: { type: 'boolean', default: false },
  explain: { type: 'boolean', default: false },
  trace: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h' },
} as const;

function strategyOf(value: string): Strategy {
  const s = value.toUpperCase();
  if (!(STRATEGIES as readonly string[]).includes(s))
    throw new Error(`--strategy must be one of ${STRATEGIES.join(', ')}`);
  return s as Strategy;
}

export async function runSearchCommand(args: string[], mode: 'search' | 'ask'): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const text = positionals.join(' ').trim();
  if (values.help || !text) {
    process.stdout.write(
      `Usage: folio ${mode} "<${mode === 'ask' ? 'question' : 'query'}>" [--doc ID]... [--where FILTER] [--strategy ${STRATEGIES.join('|')}]` +
        `${mode === 'search' ? ' [--k N] [--rerank]' : ' [--no-rerank] [--explain]'} [--trace] [--json]\n` +
        `  --where    only documents matching FILTER: ${WHERE_SYNTAX}\n` +
        '  --trace    also print the evidence chain (each page visited, how it was reached, the verdict) and the cost\n' +
        (mode === 'ask'
          ? '  --explain  also print the Neo4j Browser commands that show the evidence subgraph\n'
          : ''),
    );
    return values.help ? 0 : 2;
  }
  const strategy = strategyOf(values.strategy);
  const scope = {
    docIds: values.doc,
    filter: values.where === undefined ? undefined : parseWhere(values.where),
  };
  return withReadOnlyCliApp(async (app) => {
    const retrieve = app.get(RetrieveService);
    if (mode === 'search') {
      const result = await retrieve.search({
        query: text,
        strategy,
        scope,
        k: Number(values.k),
        rerank: values.rerank ?? false,
      });
      const titles = await titlesOf(app, result);
      process.stdout.write(
        `${values.json ? asJson(result, titles) : formatSearch(result, text, titleLookup(titles))}\n`,
      );
      if (values.trace && !values.json) process.stdout.write(`\n${formatEvidence(result)}\n`);
    } else {
      const result = await app.get(AskService).ask(text, { strategy, scope, rerank: !values['no-rerank'] });
      const titles = await titlesOf(app, result);
      process.stdout.write(
        `${values.json ? asJson(result, titles) : formatAnswer(result, titleLookup(titles))}\n`,
      );
      if (values.trace && !values.json)
        process.stdout.write(`\n${formatEvidence({ ...result.search, warnings: [] })}\n`);
      if (values.explain) {
        const command = evidenceBrowserCommand(
          app.get(CypherRegistry).get('browser/7-ask-evidence'),
          result.citations,
          result.search.steps,
        );
        process.stdout.write(
          command
            ? `\nIn Neo4j Browser (${browserUrl(neo4jServerOptions(app.get<FolioConfig>(FOLIO_CONFIG)))}), run:\n${command}\n`
            : '\nNo evidence cited: nothing to show in Neo4j Browser.\n',
        );
      }
    }
    return 0;
  });
}

/** Titles of the documents a result names, by id. */
export async function titlesOf(
  app: INestApplicationContext,
  result: SearchResult | AskResult,
): Promise<Record<string, string>> {
  const ids = docIdsOf(result);
  const docs = await app.get(DocumentRepository).getMany(ids);
  return Object.fromEntries(docs.flatMap((d) => (d ? [[d.id, d.title]] : [])));
}

export const titleLookup =
  (titles: Record<string, string>): TitleOf =>
  (docId) =>
    titles[docId];

/** The result as the API returns it, plus the titles of the documents it names. */
const asJson = (result: SearchResult | AskResult, titles: Record<string, string>) =>
  JSON.stringify({ ...result, documentTitles: titles }, null, 2);
