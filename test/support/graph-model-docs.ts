import * as fs from 'node:fs';
import * as path from 'node:path';

export const GRAPH_MODEL_DOC = path.resolve(__dirname, '..', '..', 'docs', 'graph-model.md');

/** One row of a model table in docs/graph-model.md: a label's (or relationship type's) property. */
export interface DocumentedProperty {
  owner: string;
  property: string;
  type: string;
  optional: boolean;
}

/** The rows of the table under `heading` ("## Nodes", "## Relationships with properties"). */
export function documentedProperties(heading: string, text = fs.readFileSync(GRAPH_MODEL_DOC, 'utf8')) {
  const section = text.split(/^## /m).find((s) => s.startsWith(heading.replace(/^## /, '')));
  if (!section) throw new Error(`docs/graph-model.md has no "${heading}" section`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    )
    .filter(([owner = '']) => owner !== 'label' && owner !== 'type' && !/^-+$/.test(owner))
    .map(([owner = '', property = '', type = '', notes = '']): DocumentedProperty => ({
      owner,
      property,
      type,
      optional: notes.startsWith('optional'),
    }));
}

/** db.schema.*TypeProperties() type names → the types the docs write. */
export const SCHEMA_TYPE: Record<string, string> = {
  String: 'STRING',
  Long: 'INTEGER',
  Double: 'FLOAT',
  Boolean: 'BOOLEAN',
  DateTime: 'DATE_TIME',
  StringArray: 'LIST<STRING>',
  LongArray: 'LIST<INTEGER>',
  DoubleArray: 'LIST<FLOAT>',
  FloatArray: 'VECTOR',
};

/** valueType() of a stored value → the type the docs write (an empty list has no element type). */
export function documentedTypeOf(valueType: string): string[] {
  const types: Record<string, string[]> = {
    'STRING NOT NULL': ['STRING'],
    'INTEGER NOT NULL': ['INTEGER'],
    'FLOAT NOT NULL': ['FLOAT'],
    'BOOLEAN NOT NULL': ['BOOLEAN'],
    'ZONED DATETIME NOT NULL': ['DATE_TIME'],
    'LIST<STRING NOT NULL> NOT NULL': ['LIST<STRING>'],
    'LIST<INTEGER NOT NULL> NOT NULL': ['LIST<INTEGER>'],
    'LIST<FLOAT NOT NULL> NOT NULL': ['LIST<FLOAT>', 'VECTOR'],
    'LIST<NOTHING> NOT NULL': ['LIST<STRING>', 'LIST<INTEGER>', 'LIST<FLOAT>'],
  };
  return types[valueType] ?? [valueType];
}
