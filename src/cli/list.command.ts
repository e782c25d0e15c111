import { DocumentRepository, type StoredDocument } from '../graph/document.repository';
import { withReadOnlyCliApp } from './cli-app';
import { printTable } from './ingest.command';
import { commandArgs } from './command-args';

const USAGE = `Usage: folio list [--all] [--json]
  Every READY document, newest first: id, title, pages, status, when it was ingested and which enrichment
  stages (similar, summaries, evolve, tree) have run on it.
  --all   also documents being ingested (INGESTING: in progress, or half-written by a crash until a sweep
          removes it) and FAILED ones`;

const EVERY_STATUS: StoredDocument['status'][] = ['READY', 'INGESTING', 'FAILED'];

/** Stages an earlier build recorded as JSON-string properties of the Document (now EnrichmentRecord nodes). */
const LEGACY_ENRICHMENT_PROPERTIES = {
  similar: 'enrichmentSimilar',
  summaries: 'enrichmentSummaries',
  evolve: 'enrichmentEvolve',
  tree: 'enrichmentTree',
} as const;

export interface ListedDocument {
  id: string;
  title: string;
  pages: number;
  status: StoredDocument['status'];
  ingestedAt: string;
  enriched: string[];
}

export function listedDocument(doc: StoredDocument): ListedDocument {
  const props = doc as unknown as Record<string, unknown>;
  const recorded = Array.isArray(props.enrichedStages) ? (props.enrichedStages as string[]) : [];
  const enriched = Object.entries(LEGACY_ENRICHMENT_PROPERTIES)
    .filter(([stage, property]) => recorded.includes(stage) || (props[property] ?? null) !== null)
    .map(([stage]) => stage);
  return {
    id: doc.id,
    title: doc.title,
    pages: doc.pageCount,
    status: doc.status,
    ingestedAt: doc.ingestedAt,
    enriched,
  };
}

const PAGE_SIZE = 200;
const MAX_TITLE_CHARS = 50;

/** `folio list`: what is stored, for a person or (with --json) a script. */
export async function runListCommand(args: string[]): Promise<number> {
  const parsed = commandArgs(USAGE, {
    args,
    options: {
      json: { type: 'boolean', default: false },
      all: { type: 'boolean', default: false },
    },
  });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  return withReadOnlyCliApp(async (app) => {
    const repo = app.get(DocumentRepository);
    const docs: ListedDocument[] = [];
    let after: StoredDocument | null = null;
    for (;;) {
      const page = await repo.list(PAGE_SIZE, after, values.all ? EVERY_STATUS : ['READY']);
      docs.push(...page.documents.map(listedDocument));
      after = page.documents.at(-1) ?? null;
      if (!page.hasNextPage || !after) break;
    }
    if (values.json) {
      process.stdout.write(`${JSON.stringify(docs, null, 2)}\n`);
      return 0;
    }
    if (docs.length === 0) {
      process.stdout.write('No documents stored yet: `folio ingest <file.pdf>` adds one.\n');
      return 0;
    }
    printTable(
      ['id', 'title', 'pages', 'status', 'ingested at', 'enriched'],
      docs.map((d) => [
        d.id,
        d.title.length > MAX_TITLE_CHARS ? `${d.title.slice(0, MAX_TITLE_CHARS - 1)}…` : d.title,
        String(d.pages),
        d.status,
        d.ingestedAt.replace(/\.\d+Z$/, 'Z'),
        d.enriched.length ? d.enriched.join(', ') : '-',
      ]),
    );
    process.stdout.write(`\n${docs.length} document${docs.length === 1 ? '' : 's'}\n`);
    return 0;
  });
}
