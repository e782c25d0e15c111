import { parseArgs } from 'node:util';
import { RetrieveService } from '../retrieve/retrieve.service';
import { STRATEGIES, Strategy } from '../retrieve/retrieve.types';
import type { AskResult, SearchResult } from '../retrieve/retrieve.types';
import { withCliApp } from './cli-app';
import { formatEvidence } from './evidence-format';

const OPTIONS = {
  doc: { type: 'string', multiple: true },
  strategy: { type: 'string', default: 'HYBRID' },
  k: { type: 'string', default: '5' },
  rerank: { type: 'boolean' },
  'no-rerank': { type: 'boolean' },
  json: { type: 'boolean', default: false },
  trace: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h' },
} as const;

function strategyOf(value: string): Strategy {
  const s = value.toUpperCase();
  if (!(STRATEGIES as readonly string[]).includes(s))
    throw new Error(`--strategy must be one of ${STRATEGIES.join(', ')}`);
  return s as Strategy;
}

export function formatSearch(result: SearchResult): string {
  const lines = result.pages.map((p, i) => {
    const top = p.elements[0]?.text.replace(/\s+/g, ' ').slice(0, 110) ?? '';
    return `${String(i + 1).padStart(2)}. ${p.docId} p.${p.pageNumber}  score ${p.score.toFixed(3)}  (${p.reason})\n      ${top}`;
  });
  const timing = result.timings.map((t) => `${t.stage} ${t.ms} ms`).join(', ');
  return `${lines.join('\n')}\n\n${result.strategy}${result.reranked ? ' + RERANK' : ''}: ${timing}`;
}

export function formatAnswer(result: AskResult): string {
  const cites = result.citations.map(
    (c, i) =>
      `  [${i + 1}] ${c.docId} page ${c.pageNumber}` +
      (c.bbox ? ` [${c.bbox.map((v) => Math.round(v)).join(', ')}]` : '') +
      `: "${c.quote.replace(/\s+/g, ' ').slice(0, 160)}"`,
  );
  const warn = result.warnings.map((w) => `warning: ${w}`);
  return [
    `Q: ${result.question}`,
    `A: ${result.answer}`,
    '',
    `Cited pages (${result.mode} answer):`,
    ...(cites.length ? cites : ['  (none)']),
    ...warn,
  ].join('\n');
}

export async function runSearchCommand(args: string[], mode: 'search' | 'ask'): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const text = positionals.join(' ').trim();
  if (values.help || !text) {
    process.stdout.write(
      `Usage: folio ${mode} "<${mode === 'ask' ? 'question' : 'query'}>" [--doc ID]... [--strategy ${STRATEGIES.join('|')}]` +
        `${mode === 'search' ? ' [--k N] [--rerank]' : ' [--no-rerank]'} [--trace] [--json]\n` +
        '  --trace  also print the evidence chain (each page visited, how it was reached, the verdict) and the cost\n',
    );
    return values.help ? 0 : 2;
  }
  const strategy = strategyOf(values.strategy);
  const scope = { docIds: values.doc };
  return withCliApp(async (app) => {
    const retrieve = app.get(RetrieveService);
    if (mode === 'search') {
      const result = await retrieve.search({
        query: text,
        strategy,
        scope,
        k: Number(values.k),
        rerank: values.rerank ?? false,
      });
      process.stdout.write(`${values.json ? JSON.stringify(result, null, 2) : formatSearch(result)}\n`);
      if (values.trace && !values.json) process.stdout.write(`\n${formatEvidence(result)}\n`);
    } else {
      const result = await retrieve.ask(text, { strategy, scope, rerank: !values['no-rerank'] });
      process.stdout.write(`${values.json ? JSON.stringify(result, null, 2) : formatAnswer(result)}\n`);
      if (values.trace && !values.json)
        process.stdout.write(`\n${formatEvidence({ ...result.search, warnings: [] })}\n`);
    }
    return 0;
  });
}
