import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isObjectType,
  parse,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type OperationDefinitionNode,
} from 'graphql';
import { PROJECT_ROOT } from '../common/local-paths';
import { assertScope } from './api-keys';
import { AuthError } from './auth.errors';
import { declaredScope, requiredScope } from './field-scopes';

// Walks the real schema.graphql: every mutation, and every field or argument whose name says it writes, must
// declare @requiresScope; and each declaration, reached from a root the way a client would, keeps a read key out.
const schema = buildSchema(fs.readFileSync(path.join(PROJECT_ROOT, 'schema.graphql'), 'utf8'));
/** A name that is a write verb, alone or camelCased (`write`, `deleteDocument`; not `createdAt`, `ingestionJob`). */
const WRITE_LIKE =
  /^(write|store|save|persist|delete|remove|create|update|upsert|set|revoke|ingest|enrich|reembed|retitle|apply|commit|drop|clear|reset)(?:[A-Z_]|$)/;

/** A selection path from a root to every type a client can reach: `field` or `... on Type` steps. */
function pathsToTypes(root: GraphQLObjectType): Map<string, string[]> {
  const paths = new Map<string, string[]>([[root.name, []]]);
  const queue: GraphQLNamedType[] = [root];
  while (queue.length > 0) {
    const type = queue.shift()!;
    const base = paths.get(type.name)!;
    const reach = (next: GraphQLNamedType, step: string) => {
      if (paths.has(next.name)) return;
      paths.set(next.name, [...base, step]);
      queue.push(next);
    };
    if (isAbstractType(type)) for (const t of schema.getPossibleTypes(type)) reach(t, `... on ${t.name}`);
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const next = getNamedType(field.type);
      if (isObjectType(next) || isAbstractType(next)) reach(next, field.name);
    }
  }
  return paths;
}

/** A literal that is "set" for an argument of this type (true, 1, "x", the first enum value, …). */
function setLiteral(type: GraphQLInputType): string {
  const t = getNullableType(type);
  if (isListType(t)) return `[${setLiteral(t.ofType)}]`;
  if (isEnumType(t)) return t.getValues()[0]!.name;
  if (isInputObjectType(t))
    return `{${Object.values(t.getFields())
      .map((f) => `${f.name}: ${setLiteral(f.type)}`)
      .join(', ')}}`;
  return { Boolean: 'true', Int: '1', Float: '1.5' }[t.name] ?? '"x"';
}

function operationFor(rootKind: 'query' | 'mutation', steps: string[], leaf: string) {
  const text = `${rootKind} { ${steps.map((s) => `${s} {`).join(' ')} ${leaf} ${steps.map(() => '}').join(' ')} }`;
  const document = parse(text);
  return { text, document, operation: document.definitions[0] as OperationDefinitionNode };
}

interface Declared {
  rootKind: 'query' | 'mutation';
  type: GraphQLObjectType;
  field: string;
  arg?: string;
  scope: string | undefined;
}

/** Every field of every type reachable from Query or Mutation, with its arguments. */
function reachableFields(): Array<Declared & { steps: string[] }> {
  const all: Array<Declared & { steps: string[] }> = [];
  for (const [rootKind, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    if (!root) continue;
    for (const [name, steps] of pathsToTypes(root)) {
      const type = schema.getType(name);
      if (!isObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        all.push({ rootKind, steps, type, field: field.name, scope: declaredScope(field) });
        for (const arg of field.args)
          all.push({ rootKind, steps, type, field: field.name, arg: arg.name, scope: declaredScope(arg) });
      }
    }
  }
  return all;
}

function refusesRead(need: { scope: 'read' | 'write' | 'admin'; what: string }): boolean {
  try {
    assertScope('read', need.scope, need.what);
    return false;
  } catch (err) {
    return err instanceof AuthError;
  }
}

describe('scopes per field and argument (schema.graphql @requiresScope)', () => {
  const fields = reachableFields();

  it('classifies every mutation, and every field or argument named like a write', () => {
    const mutation = schema.getMutationType()!;
    const unclassified = fields
      .filter(
        (f) =>
          f.scope === undefined &&
          ((f.type === mutation && !f.arg) || WRITE_LIKE.test(f.arg ?? (f.type === mutation ? '' : f.field))),
      )
      .map((f) => `${f.type.name}.${f.field}${f.arg ? `(${f.arg}:)` : ''}`);
    expect([...new Set(unclassified)]).toEqual([]);
    // Sanity: the walk sees the fields it must (so an empty list above means something).
    const seen = new Set(fields.map((f) => `${f.type.name}.${f.field}${f.arg ? `(${f.arg}:)` : ''}`));
    for (const name of [
      'Mutation.deleteDocument',
      'Mutation.createApiKey',
      'DocumentAnalytics.pageGraph(write:)',
    ])
      expect(seen).toContain(name);
  });

  it('keeps a read key out of every declared field and argument, reached from a root as a client would', () => {
    const declared = fields.filter((f) => f.scope !== undefined && f.scope !== 'read');
    expect(declared.length).toBeGreaterThanOrEqual(7);
    for (const f of declared) {
      const field = f.type.getFields()[f.field]!;
      const argument = f.arg ? field.args.find((a) => a.name === f.arg)! : undefined;
      const leaf = `${f.field}${argument ? `(${argument.name}: ${setLiteral(argument.type)})` : ''}`;
      const { text, document, operation } = operationFor(f.rootKind, f.steps, leaf);
      const need = requiredScope(schema, document, operation);
      expect([text, need.scope]).toEqual([text, f.scope]);
      expect([text, refusesRead(need)]).toEqual([text, true]);
    }
  });

  it('decides an argument by its value: pageGraph reads unless write is true, literally or through a variable', () => {
    const need = (text: string, variables?: Record<string, unknown>) => {
      const document = parse(text);
      return requiredScope(schema, document, document.definitions[0] as OperationDefinitionNode, variables);
    };
    const read = { scope: 'read', what: '' };
    const write = { scope: 'write', what: 'DocumentAnalytics.pageGraph(write:)' };
    expect(need('{ analytics(docId: "d") { pageGraph { nodeCount } } }')).toEqual(read);
    expect(need('{ analytics(docId: "d") { pageGraph(write: false) { nodeCount } } }')).toEqual(read);
    expect(need('{ analytics(docId: "d") { pageGraph(write: true) { nodeCount } } }')).toEqual(write);
    const withVariable =
      'query($w: Boolean) { analytics(docId: "d") { pageGraph(write: $w) { nodeCount } } }';
    expect(need(withVariable, { w: true })).toEqual(write);
    expect(need(withVariable, {})).toEqual(read);
    expect(
      need('query($w: Boolean = true) { analytics(docId: "d") { pageGraph(write: $w) { nodeCount } } }'),
    ).toEqual(write);
    // Through a fragment, and behind an alias.
    expect(
      need(
        '{ analytics(docId: "d") { ...G } } fragment G on DocumentAnalytics { quiet: pageGraph(write: true) { nodeCount } }',
      ),
    ).toEqual(write);
    expect(need('{ apiKeys { id } }')).toEqual({ scope: 'admin', what: 'Query.apiKeys' });
    expect(need('mutation { deleteDocument(id: "d") { deleted } }')).toEqual({
      scope: 'write',
      what: 'Mutation.deleteDocument',
    });
  });

  it('asks write of a Mutation field that declares nothing', () => {
    const bare = buildSchema('type Query { a: Int } type Mutation { wipe: Boolean }');
    const document = parse('mutation { wipe }');
    expect(requiredScope(bare, document, document.definitions[0] as OperationDefinitionNode)).toEqual({
      scope: 'write',
      what: 'Mutation.wipe',
    });
  });
});
