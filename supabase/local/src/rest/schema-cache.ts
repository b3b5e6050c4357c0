import { readCatalogue } from '../database/catalogue.ts';
import type { Queryable } from '../database/index.ts';

export interface Column {
  name: string;
  type: string;
}

export interface Table {
  name: string;
  columns: Map<string, Column>;
  primaryKey: string[];
}

/** A foreign key from `table(columns)` to `foreignTable(foreignColumns)`. */
export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
  /** The referencing columns are unique: each parent has at most one child (PostgREST embeds an object). */
  oneToOne: boolean;
}

export interface RoutineArgument {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Routine {
  name: string;
  args: RoutineArgument[];
  returnsSet: boolean;
  returnType: string;
  /** True when the function returns a row type (a table's or a composite). */
  returnsComposite: boolean;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  routines: Map<string, Routine[]>;
}

/** Reads the exposed schema (public) once, as PostgREST's schema cache does. */
export async function loadSchemaCache(db: Queryable, schema = 'public'): Promise<SchemaCache> {
  const catalogue = await readCatalogue(db, schema);
  const tables = new Map<string, Table>();
  for (const column of catalogue.columns) {
    let table = tables.get(column.table);
    if (!table) {
      table = { name: column.table, columns: new Map(), primaryKey: [] };
      tables.set(column.table, table);
    }
    table.columns.set(column.name, { name: column.name, type: column.type });
  }

  const foreignKeys: ForeignKey[] = [];
  for (const key of catalogue.keys) {
    if (key.kind === 'primary') {
      const table = tables.get(key.table);
      if (table) table.primaryKey = key.columns;
    } else {
      foreignKeys.push({
        name: key.name,
        table: key.table,
        columns: key.columns,
        foreignTable: key.foreignTable ?? '',
        foreignColumns: key.foreignColumns ?? [],
        oneToOne: key.unique,
      });
    }
  }

  const routines = new Map<string, Routine[]>();
  for (const fn of catalogue.functions) {
    // proargnames also lists OUT arguments; proargtypes lists only the input ones.
    const inputNames = (fn.argNames ?? []).filter(
      (_, i) => !fn.argModes || ['i', 'b', 'v'].includes(fn.argModes[i] ?? 'i'),
    );
    const args = fn.argTypes.map((type, i) => ({
      name: inputNames[i] ?? '',
      type,
      hasDefault: i >= fn.argTypes.length - fn.defaults,
    }));
    const routine: Routine = {
      name: fn.name,
      args,
      returnsSet: fn.returnsSet,
      returnType: fn.returnType,
      returnsComposite: fn.returnsComposite,
    };
    routines.set(fn.name, [...(routines.get(fn.name) ?? []), routine]);
  }

  return { tables, foreignKeys, routines };
}
