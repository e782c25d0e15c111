import {
  DocumentNode,
  OperationTypeNode,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLCompositeType,
  GraphQLField,
  GraphQLSchema,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
} from 'graphql';
import type { GraphQLLimits } from '../config/folio-config';
import { QueryLimit, QueryLimitError } from './query-limits.errors';

/** Root query fields that cost far more than a read (retrieval, re-ranking, an LLM); every mutation counts too. */
const EXPENSIVE_QUERY_FIELDS = new Set(['ask', 'search']);

/**
 * Fields that project a Graph Data Science graph into Neo4j's heap, by parent type, wherever they sit in a query.
 * Each counts as expensive, and a request may run at most MAX_GDS_PROJECTIONS of them.
 */
export const GDS_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  DocumentAnalytics: new Set(['pageGraph']),
  CorpusAnalytics: new Set(['similarDocuments']),
};

/** GDS projections one request may run: each one can hold hundreds of MB of Neo4j's heap while it runs. */
export const MAX_GDS_PROJECTIONS = 1;

/** What a request asks for, counted up to the first limit it exceeds. */
export interface QueryCost {
  depth: number;
  aliases: number;
  complexity: number;
  expensiveFields: number;
  gdsProjections: number;
}

type Variables = Record<string, unknown>;

/**
 * How many items a list field may return, from its own arguments: `first`, `limit`, `k`, or `from`/`to`.
 * On a field returning one object (search's `k`, documents' `first`) the same bound applies to the lists under it.
 */
function boundFromArguments(args: Record<string, unknown>): number | null {
  for (const name of ['first', 'limit', 'k']) {
    const value = args[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  const { from, to } = args;
  if (typeof to === 'number' && Number.isFinite(to)) return to - (typeof from === 'number' ? from : 1) + 1;
  return null;
}

/**
 * Walks the operation as it would execute and throws at the first limit passed, so a hostile query is refused before
 * any resolver runs; a list multiplies what lies below it by its bound. Introspection is bounded by graphql-js. */
export function measureQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  rawVariables: Variables,
  limits: GraphQLLimits,
): QueryCost {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables);
  // Invalid variables fail execution before any resolver runs; there is nothing to measure.
  if (coerced.errors) return { depth: 0, aliases: 0, complexity: 0, expensiveFields: 0, gdsProjections: 0 };
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const root = schema.getRootType(operation.operation);
  const walker = new CostWalker(
    schema,
    fragments,
    coerced.coerced,
    limits,
    operation.operation === OperationTypeNode.MUTATION,
  );
  if (root) walker.walk(operation.selectionSet, root, 0, 1, null);
  return walker.cost;
}

class CostWalker {
  readonly cost: QueryCost = { depth: 0, aliases: 0, complexity: 0, expensiveFields: 0, gdsProjections: 0 };

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
    private readonly variables: Variables,
    private readonly limits: GraphQLLimits,
    private readonly isMutation: boolean,
  ) {}

  /** `depth` of the parent (0 at the root), `multiplier` = how many times each field here resolves. */
  walk(
    selectionSet: SelectionSetNode,
    parentType: GraphQLCompositeType,
    depth: number,
    multiplier: number,
    listBound: number | null,
  ): void {
    for (const selection of selectionSet.selections) {
      switch (selection.kind) {
        case Kind.FIELD:
          this.field(selection, parentType, depth, multiplier, listBound);
          break;
        case Kind.INLINE_FRAGMENT: {
          const type = selection.typeCondition
            ? this.schema.getType(selection.typeCondition.name.value)
            : parentType;
          if (isCompositeType(type)) this.walk(selection.selectionSet, type, depth, multiplier, listBound);
          break;
        }
        case Kind.FRAGMENT_SPREAD: {
          const fragment = this.fragments.get(selection.name.value);
          const type = fragment && this.schema.getType(fragment.typeCondition.name.value);
          if (fragment && isCompositeType(type))
            this.walk(fragment.selectionSet, type, depth, multiplier, listBound);
          break;
        }
      }
    }
  }

  private field(
    node: FieldNode,
    parentType: GraphQLCompositeType,
    parentDepth: number,
    multiplier: number,
    listBound: number | null,
  ): void {
    const name = node.name.value;
    if (name === '__schema' || name === '__type') return;
    const depth = parentDepth + 1;
    this.count('depth', Math.max(this.cost.depth, depth), QueryLimit.MAX_DEPTH, this.limits.maxDepth);
    if (node.alias)
      this.count('aliases', this.cost.aliases + 1, QueryLimit.MAX_ALIASES, this.limits.maxAliases);
    this.count(
      'complexity',
      this.cost.complexity + multiplier,
      QueryLimit.MAX_COMPLEXITY,
      this.limits.maxComplexity,
    );
    const gds = GDS_FIELDS[parentType.name]?.has(name) ?? false;
    if (gds || (parentDepth === 0 && (this.isMutation || EXPENSIVE_QUERY_FIELDS.has(name))))
      this.count(
        'expensiveFields',
        this.cost.expensiveFields + multiplier,
        QueryLimit.MAX_EXPENSIVE_FIELDS,
        this.limits.maxExpensiveFields,
      );
    if (gds)
      this.count(
        'gdsProjections',
        this.cost.gdsProjections + multiplier,
        QueryLimit.MAX_GDS_PROJECTIONS,
        MAX_GDS_PROJECTIONS,
      );

    const definition = fieldDefinition(parentType, name);
    if (!node.selectionSet || !definition) return;
    const childType = getNamedType(definition.type);
    if (!isCompositeType(childType)) return;
    const bound = boundFromArguments(this.argumentValues(definition, node));
    if (isListType(getNullableType(definition.type))) {
      const size = Math.max(1, bound ?? listBound ?? this.limits.defaultListSize);
      this.walk(node.selectionSet, childType, depth, multiplier * size, null);
    } else {
      this.walk(node.selectionSet, childType, depth, multiplier, bound);
    }
  }

  private count(key: keyof QueryCost, value: number, limit: QueryLimit, max: number): void {
    this.cost[key] = value;
    if (value > max) throw new QueryLimitError(limit, max);
  }

  private argumentValues(
    definition: GraphQLField<unknown, unknown>,
    node: FieldNode,
  ): Record<string, unknown> {
    try {
      return getArgumentValues(definition, node, this.variables);
    } catch {
      return {}; // an invalid argument fails in execution, before its resolver runs
    }
  }
}

function fieldDefinition(
  type: GraphQLCompositeType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
}
