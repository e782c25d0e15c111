import {
  getVariableValues,
  Kind,
  TypeInfo,
  valueFromAST,
  visit,
  visitWithTypeInfo,
  type ConstDirectiveNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLArgument,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { API_SCOPES, type ApiScope } from '../config/api-keys.config';

/** The schema directive that says what a field, or an argument given a value, needs beyond `read`. */
export const SCOPE_DIRECTIVE = 'requiresScope';

/** What an operation needs, and the field or argument that needs it (for the refusal's message). */
export interface ScopeNeed {
  scope: ApiScope;
  /** e.g. `Mutation.deleteDocument` or `DocumentAnalytics.pageGraph(write:)`; empty for `read`. */
  what: string;
}

/** The scope a field or argument definition declares with @requiresScope, or undefined. */
export function declaredScope(def: {
  astNode?: { directives?: readonly ConstDirectiveNode[] } | null;
}): ApiScope | undefined {
  const directive = def.astNode?.directives?.find((d) => d.name.value === SCOPE_DIRECTIVE);
  if (!directive) return undefined;
  const value = directive.arguments?.find((a) => a.name.value === 'scope')?.value;
  const scope = value?.kind === Kind.ENUM ? (value.value.toLowerCase() as ApiScope) : undefined;
  // The schema declares the argument as ApiScope!, so anything else is a schema that does not load.
  if (!scope || !API_SCOPES.includes(scope))
    throw new Error(`@${SCOPE_DIRECTIVE} needs scope: READ|WRITE|ADMIN`);
  return scope;
}

const isSet = (value: unknown): boolean => value !== undefined && value !== null && value !== false;

/** Whether the field node gives `arg` a value other than null or false (its default counts when not given). */
function argumentSet(node: FieldNode, arg: GraphQLArgument, variables: Record<string, unknown>): boolean {
  const given = node.arguments?.find((a) => a.name.value === arg.name);
  if (!given) return isSet(arg.defaultValue);
  if (given.value.kind === Kind.VARIABLE && !(given.value.name.value in variables))
    return isSet(arg.defaultValue);
  const value = valueFromAST(given.value, arg.type, variables);
  // A value that does not coerce is refused by validation; counting it as set only errs on the safe side.
  return value === undefined || isSet(value);
}

/**
 * The strongest scope any field or argument the operation selects (through its fragments) declares. A Mutation
 * field without a declaration needs `write`, so a new mutation is never open to `read` keys.
 */
export function requiredScope(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  rawVariables: Record<string, unknown> = {},
): ScopeNeed {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables);
  const variables = coerced.coerced ?? rawVariables;
  let need: ScopeNeed = { scope: 'read', what: '' };
  const raise = (scope: ApiScope, what: string) => {
    if (API_SCOPES.indexOf(scope) > API_SCOPES.indexOf(need.scope)) need = { scope, what };
  };
  const mutationType = schema.getMutationType();
  const typeInfo = new TypeInfo(schema);
  const visitor = visitWithTypeInfo(typeInfo, {
    Field(node) {
      const field = typeInfo.getFieldDef();
      const parent = typeInfo.getParentType();
      if (!field || !parent) return;
      const path = `${parent.name}.${field.name}`;
      const own = declaredScope(field) ?? (parent === mutationType ? 'write' : undefined);
      if (own) raise(own, path);
      for (const arg of field.args) {
        const scope = declaredScope(arg);
        if (scope && argumentSet(node, arg, variables)) raise(scope, `${path}(${arg.name}:)`);
      }
    },
  });
  // Validation has refused unused fragments, so every fragment in the document is one this operation may use.
  for (const def of [operation, ...document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)])
    visit(def, visitor);
  return need;
}
