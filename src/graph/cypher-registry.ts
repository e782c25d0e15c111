import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../common/local-paths';

// Every query Folio runs lives in cypher/<module>/<name>.cypher with a header comment:
//   // <one line or more saying what it does>
//   // Params: $a, $b          (or "none")
//   // Returns: x, y           (or "nothing")
//   // Once: <why>             (migrations only, optional: a data backfill run once, not on every start)
// Queries are loaded and checked once at start-up; a missing or malformed file stops the service.

export interface CypherQuery {
  /** `<module>/<name>`, e.g. `graph/list-documents`. */
  readonly name: string;
  readonly text: string;
  readonly purpose: string;
  readonly params: readonly string[];
  readonly returns: readonly string[];
  /** A `// Once:` header: a migration that rewrites data and is skipped once the database records it applied. */
  readonly once: boolean;
  /**
   * The query changes the database (a write clause, a schema command or a writing procedure): it must run in a
   * write transaction, routed to the cluster's leader; every other query is a read, routed to any member.
   */
  readonly writes: boolean;
}

export class CypherRegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CypherRegistryError';
  }
}

export const CYPHER_DIR = path.join(PROJECT_ROOT, 'cypher');

const PARAM_USE = /(?<![\w`])\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** Clauses and procedures that change the database; a test checks this rule against EXPLAIN for every file. */
const WRITE_CLAUSE =
  /(?<![.\w])(CREATE|MERGE|SET|DELETE|REMOVE|DROP|FOREACH)\b|\bdb\.create\.|\bgds\.[\w.]*\.write\b/i;

function stripStringsAndComments(body: string): string {
  return body
    .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''")
    .replace(/\/\/[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '');
}

function headerList(value: string): string[] {
  const v = value.trim();
  if (/^(none|nothing)$/i.test(v)) return [];
  return v
    .split(',')
    .map(
      (s) =>
        s
          .trim()
          .replace(/^\$/, '')
          .split(/[\s(:]/)[0] ?? '',
    )
    .filter(Boolean);
}

/** Parses and validates one query file. Exported for the registry's unit tests. */
export function parseCypherFile(name: string, source: string): CypherQuery {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const header: string[] = [];
  let i = 0;
  for (; i < lines.length && lines[i]!.trim().startsWith('//'); i++)
    header.push(lines[i]!.trim().replace(/^\/\/\s?/, ''));
  const text = lines.slice(i).join('\n').trim().replace(/;\s*$/, '');
  const fail = (why: string) => new CypherRegistryError(`cypher/${name}.cypher: ${why}`);

  if (header.length === 0) throw fail('missing header comment (purpose, "// Params:", "// Returns:")');
  const paramsLine = header.find((l) => /^Params:/i.test(l));
  const returnsLine = header.find((l) => /^Returns:/i.test(l));
  if (!paramsLine) throw fail('header has no "// Params:" line (write "// Params: none" if it takes none)');
  if (!returnsLine)
    throw fail('header has no "// Returns:" line (write "// Returns: nothing" if it returns none)');
  const purpose = header
    .filter((l) => !/^(Params|Returns|Once):/i.test(l))
    .join(' ')
    .trim();
  if (!purpose) throw fail('header does not say what the query is for');
  if (!text) throw fail('no query after the header');

  const code = stripStringsAndComments(text);
  if (/;\s*\S/.test(code)) throw fail('holds more than one statement; one query per file');
  const declared = headerList(paramsLine.replace(/^Params:/i, ''));
  const used = [...new Set([...code.matchAll(PARAM_USE)].map((m) => m[1]!))];
  const undeclared = used.filter((p) => !declared.includes(p));
  const unused = declared.filter((p) => !used.includes(p));
  if (undeclared.length)
    throw fail(`uses parameters not declared in the header: ${undeclared.map((p) => '$' + p).join(', ')}`);
  if (unused.length)
    throw fail(`header declares parameters the query does not use: ${unused.map((p) => '$' + p).join(', ')}`);

  return {
    name,
    text,
    purpose,
    params: declared,
    returns: headerList(returnsLine.replace(/^Returns:/i, '')),
    once: header.some((l) => /^Once:/i.test(l)),
    writes: WRITE_CLAUSE.test(code),
  };
}

function listCypherFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listCypherFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.endsWith('.cypher'))
    .sort();
}

export class CypherRegistry {
  private readonly queries = new Map<string, CypherQuery>();

  constructor(readonly root: string = CYPHER_DIR) {
    const problems: string[] = [];
    for (const file of listCypherFiles(root)) {
      const name = path
        .relative(root, file)
        .replace(/\\/g, '/')
        .replace(/\.cypher$/, '');
      try {
        this.queries.set(name, parseCypherFile(name, fs.readFileSync(file, 'utf8')));
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
    if (problems.length) throw new CypherRegistryError(`Malformed Cypher files:\n  ${problems.join('\n  ')}`);
    if (this.queries.size === 0) throw new CypherRegistryError(`No Cypher files found under ${root}`);
  }

  /** The query named `<module>/<name>`; throws at once when the file does not exist. */
  get(name: string): CypherQuery {
    const q = this.queries.get(name);
    if (!q) throw new CypherRegistryError(`Missing Cypher file cypher/${name}.cypher`);
    return q;
  }

  /** All queries whose name starts with `prefix` (e.g. `migrations/`), in file-name order. */
  list(prefix = ''): CypherQuery[] {
    return [...this.queries.values()].filter((q) => q.name.startsWith(prefix));
  }
}
