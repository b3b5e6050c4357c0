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
  const columns = await db.query<{ table: string; column: string; type: string }>(
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
     from pg_class c join pg_attribute a on a.attrelid = c.oid
     where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'v', 'm', 'p', 'f')
       and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attnum`,
    [schema],
  );
  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, columns: new Map(), primaryKey: [] };
      tables.set(row.table, table);
    }
    table.columns.set(row.column, { name: row.column, type: row.type });
  }

  const constraints = await db.query<{
    name: string;
    type: 'f' | 'p';
    table: string;
    columns: string[];
    foreign_table: string | null;
    foreign_columns: string[] | null;
    unique_columns: boolean;
  }>(
    `select con.conname as name, con.contype as type, cl.relname as table,
            exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique
                    and i.indkey::int2[] @> con.conkey and array_length(i.indkey::int2[], 1) = array_length(con.conkey, 1))
              as unique_columns,
            array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i)::text[] as columns,
            fcl.relname as foreign_table,
            array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i)::text[] as foreign_columns
     from pg_constraint con
     join pg_class cl on cl.oid = con.conrelid
     left join pg_class fcl on fcl.oid = con.confrelid
     where con.contype in ('f', 'p') and cl.relnamespace = $1::regnamespace
       and (con.contype = 'p' or fcl.relnamespace = $1::regnamespace)`,
    [schema],
  );
  const foreignKeys: ForeignKey[] = [];
  for (const row of constraints.rows) {
    if (row.type === 'p') {
      const table = tables.get(row.table);
      if (table) table.primaryKey = row.columns;
    } else {
      foreignKeys.push({
        name: row.name,
        table: row.table,
        columns: row.columns,
        foreignTable: row.foreign_table ?? '',
        foreignColumns: row.foreign_columns ?? [],
        oneToOne: row.unique_columns,
      });
    }
  }

  const functions = await db.query<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[];
    arg_modes: string[] | null;
    defaults: number;
    returns_set: boolean;
    return_type: string;
    returns_composite: boolean;
  }>(
    `select p.proname as name, p.proargnames::text[] as arg_names,
            array(select format_type(t, null) from unnest(p.proargtypes) t)::text[] as arg_types,
            p.proargmodes::text[] as arg_modes, p.pronargdefaults as defaults,
            p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
            (t.typtype = 'c' or t.typrelid <> 0) as returns_composite
     from pg_proc p join pg_type t on t.oid = p.prorettype
     where p.pronamespace = $1::regnamespace and p.prokind = 'f'`,
    [schema],
  );
  const routines = new Map<string, Routine[]>();
  for (const row of functions.rows) {
    // proargnames also lists OUT arguments; proargtypes lists only the input ones.
    const inputNames = (row.arg_names ?? []).filter(
      (_, i) => !row.arg_modes || ['i', 'b', 'v'].includes(row.arg_modes[i] ?? 'i'),
    );
    const args = row.arg_types.map((type, i) => ({
      name: inputNames[i] ?? '',
      type,
      hasDefault: i >= row.arg_types.length - row.defaults,
    }));
    const routine: Routine = {
      name: row.name,
      args,
      returnsSet: row.returns_set,
      returnType: row.return_type,
      returnsComposite: row.returns_composite,
    };
    routines.set(row.name, [...(routines.get(row.name) ?? []), routine]);
  }

  return { tables, foreignKeys, routines };
}
