import type { Resource } from '@pharos/core';

export interface ColumnInfo {
  name: string;
  /** PostgreSQL's own spelling of the type, e.g. `uuid`, `text[]`, `timestamp with time zone`. */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface RelationInfo {
  name: string;
  kind: 'table' | 'view';
  /** In table order. */
  columns: ColumnInfo[];
  columnsByName: ReadonlyMap<string, ColumnInfo>;
  primaryKey: string[];
  resource: Resource;
}

/**
 * A way to embed `target` under `source`: rows of target whose `targetColumns` equal the
 * source row's `sourceColumns` (through the junction for many-to-many). Many-to-one yields
 * an object, the others an array.
 */
export interface Relationship {
  constraint: string;
  cardinality: 'many-to-one' | 'one-to-many' | 'many-to-many';
  source: string;
  sourceColumns: string[];
  target: string;
  targetColumns: string[];
  /** Many-to-many: the table whose rows link source and target, with its columns referencing each. */
  junction?: { relation: string; sourceColumns: string[]; targetColumns: string[] };
}

export interface FunctionArgument {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArgument[];
  returnsSet: boolean;
  /** Output columns when the function returns rows; undefined for a scalar result. */
  columns?: ColumnInfo[];
  /** VOLATILE functions may write, so calling one needs write permission. */
  volatile: boolean;
  resource: Resource;
}

export interface SchemaModel {
  relations: ReadonlyMap<string, RelationInfo>;
  /** Keyed by source relation. */
  relationships: ReadonlyMap<string, readonly Relationship[]>;
  functions: ReadonlyMap<string, readonly FunctionInfo[]>;
}
