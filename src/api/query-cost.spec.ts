import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSchema, getIntrospectionQuery, getOperationAST, parse } from 'graphql';
import { PROJECT_ROOT } from '../common/local-paths';
import { GraphQLLimits, loadConfig } from '../config/folio-config';
import { GDS_FIELDS, QueryCost, measureQueryCost } from './query-cost';
import { QueryLimit, QueryLimitError } from './query-limits.errors';

const schema = buildSchema(fs.readFileSync(path.join(PROJECT_ROOT, 'schema.graphql'), 'utf8'));
const defaults = loadConfig({}).graphql;
const unlimited: GraphQLLimits = {
  ...defaults,
  maxDepth: 1e9,
  maxAliases: 1e9,
  maxComplexity: 1e12,
  maxExpensiveFields: 1e9,
};

function measure(query: string, variables: Record<string, unknown> = {}, limits = unlimited): QueryCost {
  const document = parse(query);
  return measureQueryCost(schema, document, getOperationAST(document)!, variables, limits);
}

function refusal(query: string, variables: Record<string, unknown> = {}): QueryLimitError {
  try {
    measure(query, variables, defaults);
  } catch (err) {
    if (err instanceof QueryLimitError) return err;
    throw err;
  }
  throw new Error('the query was not refused');
}

const HOSTILE = `{ document(id: "d") { pages { elements { page { document { pages { elements { id } } } } } } } }`;

describe('measureQueryCost', () => {
  it('lets the README example and the queries the e2e tests send through with the default limits', () => {
    const accepted = [
      `query { document(id: "d") { title pageCount outline { title pageStart pageEnd subsections { title } }
         pages(from: 2, to: 2) { number imageUrl elements(kinds: [TABLE, FIGURE]) { kind bbox description caption { text } } }
         graphStats { nodes { label count } relationships { type count } } }
       ask(question: "Which method is fastest?", scope: { docIds: ["d"] }) { answer citations { pageNumber quote bbox } } }`,
      `query($id: ID!) { document(id: $id) {
         top: summaries(kinds: [DOCUMENT, PAGE]) { kind text pages }
         tree: summaries(kinds: [CLUSTER]) { level pages leafCount children { id kind } }
         similarPages { score method from { number } page { number } }
         enrichment { calls stages { stage mode calls counts { name count } } }
         pages(from: 2, to: 2) { elements { id summary keywords related { relation source element { id } } revisions { iteration } } } } }`,
      `{ documents(first: 100) { totalCount edges { cursor node { id title status } } pageInfo { hasNextPage endCursor } } }`,
      `{ document(id: "d") { title pages { number text elements { id kind text bbox } } } }`,
      getIntrospectionQuery(),
    ];
    for (const query of accepted) expect(() => measure(query, { id: 'd' }, defaults)).not.toThrow();
  });

  it('weights a list by its bound, its parent field’s k/first, or the default list size', () => {
    // document 1 + pages 1 + 3 pages × (elements 1 + 20 × id 1)
    expect(measure(`{ document(id: "d") { pages(from: 2, to: 4) { elements { id } } } }`).complexity).toBe(
      65,
    );
    const withVariable = (to: number) =>
      measure(`query($to: Int) { document(id: "d") { pages(to: $to) { number } } }`, { to }).complexity;
    expect(withVariable(10)).toBe(12);
    expect(withVariable(1000)).toBe(1002);
    // search 1 + pages 1 + k × (pageNumber 1)
    expect(measure(`{ search(query: "q", k: 50) { pages { pageNumber } } }`).complexity).toBe(52);
    expect(measure(`{ search(query: "q") { pages { pageNumber } } }`).complexity).toBe(7); // schema default k = 5
    // documents 1 + edges 1 + first × (node 1 + id 1)
    expect(measure(`{ documents(first: 3) { edges { node { id } } } }`).complexity).toBe(8);
  });

  it('refuses the nested document → pages → elements → page → document query on complexity, naming the limit', () => {
    const error = refusal(HOSTILE);
    expect(error.limit).toBe(QueryLimit.MAX_COMPLEXITY);
    expect(error.message).toContain(`limit of ${defaults.maxComplexity} (FOLIO_GRAPHQL_MAX_COMPLEXITY)`);
    expect(measure(HOSTILE).complexity).toBeGreaterThan(defaults.maxComplexity);
  });

  it('follows fragments, so the same query split into fragments costs the same', () => {
    const fragments = `
      query { document(id: "d") { ...Doc } }
      fragment Doc on Document { pages { ...PageParts } }
      fragment PageParts on Page { elements { page { ... on Page { document { pages { elements { id } } } } } } }`;
    expect(measure(fragments).complexity).toBe(measure(HOSTILE).complexity);
    expect(refusal(fragments).limit).toBe(QueryLimit.MAX_COMPLEXITY);
  });

  it('refuses a query deeper than the depth limit', () => {
    const depth = defaults.maxDepth + 1;
    const deep = `{ element(id: "e") { ${'next { '.repeat(depth - 2)}id${' }'.repeat(depth - 2)} } }`;
    expect(measure(deep).depth).toBe(depth);
    const error = refusal(deep);
    expect(error.limit).toBe(QueryLimit.MAX_DEPTH);
    expect(error.max).toBe(defaults.maxDepth);
  });

  it('refuses an alias bomb', () => {
    const aliases = Array.from({ length: defaults.maxAliases + 1 }, (_, i) => `a${i}: __typename`).join(' ');
    expect(refusal(`{ ${aliases} }`).limit).toBe(QueryLimit.MAX_ALIASES);
  });

  it('caps ask, search and mutations per request', () => {
    const asks = Array.from({ length: 8 }, (_, i) => `a${i}: ask(question: "q") { answer }`).join(' ');
    const error = refusal(`{ ${asks} }`);
    expect(error.limit).toBe(QueryLimit.MAX_EXPENSIVE_FIELDS);
    expect(error.message).toContain(`limit of ${defaults.maxExpensiveFields}`);
    expect(measure(`{ ask(question: "q") { answer } search(query: "q") { strategy } }`).expensiveFields).toBe(
      2,
    );
    const deletes = [1, 2, 3].map((i) => `d${i}: deleteDocument(id: "${i}") { deleted }`).join(' ');
    expect(refusal(`mutation { ${deletes} }`).limit).toBe(QueryLimit.MAX_EXPENSIVE_FIELDS);
    expect(measure(`{ documents { totalCount } corpusStats { nodes { count } } }`).expensiveFields).toBe(0);
  });

  it('counts Graph Data Science fields as expensive wherever they sit, and runs at most one per request', () => {
    const pageGraph = (alias: string) => `${alias}: pageGraph { nodeCount centralPages { pageNumber } }`;
    expect(measure(`{ analytics(docId: "d") { ${pageGraph('g')} } }`)).toMatchObject({
      expensiveFields: 1,
      gdsProjections: 1,
    });
    const twentyDocs = Array.from(
      { length: 20 },
      (_, i) => `a${i}: analytics(docId: "d") { ${pageGraph('g')} }`,
    ).join(' ');
    const twentyInOne = Array.from({ length: 20 }, (_, i) => pageGraph(`g${i}`)).join(' ');
    for (const query of [
      `{ ${twentyDocs} }`,
      `{ analytics(docId: "d") { ${twentyInOne} } }`,
      `{ analytics(docId: "d") { ${pageGraph('g')} } corpusAnalytics { similarDocuments { docId } } }`,
    ]) {
      const error = refusal(query);
      expect(error.limit).toBe(QueryLimit.MAX_GDS_PROJECTIONS);
      expect(error.message).toMatch(
        /Graph Data Science fields .* exceeds the limit of 1.*Send one per request/,
      );
    }
    expect(measure(`{ analytics(docId: "d") { overview { docId } } }`).gdsProjections).toBe(0);
  });

  it('knows every field whose description says it runs GDS', () => {
    const described = Object.values(schema.getTypeMap()).flatMap((type) =>
      'getFields' in type && !type.name.startsWith('__')
        ? Object.values(type.getFields())
            .filter(
              (f) => /\bGDS\b/.test(f.description ?? '') && /Runs when selected/.test(f.description ?? ''),
            )
            .map((f) => `${type.name}.${f.name}`)
        : [],
    );
    const listed = Object.entries(GDS_FIELDS).flatMap(([type, fields]) =>
      [...fields].map((f) => `${type}.${f}`),
    );
    expect(described.sort()).toEqual(listed.sort());
  });
});
