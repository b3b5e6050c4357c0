// Generates the TypeScript types of the public schema in the shape supabase-js expects (the shape of
// `supabase gen types typescript`), from the database the migrations built: types are never written by hand.
import type { Queryable } from '../database/index.ts';

interface ColumnInfo {
  table: string;
  column: string;
  type: string;
  element_type: string | null;
  nullable: boolean;
  has_default: boolean;
  generated: boolean;
}

interface RelationshipInfo {
  table: string;
  name: string;
  columns: string[];
  one_to_one: boolean;
  referenced_table: string;
  referenced_columns: string[];
}

interface FunctionInfo {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  defaults: number;
  return_type: string;
  returns_set: boolean;
}

const SCALARS: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
};

function tsType(type: string, element: string | null): string {
  if (element) return `${tsType(element, null)}[]`;
  return SCALARS[type] ?? 'string';
}

const key = (name: string) => (/^[a-z_][a-z0-9_]*$/i.test(name) ? name : JSON.stringify(name));

export async function generateDatabaseTypes(db: Queryable): Promise<string> {
  const columns = await db.query<ColumnInfo>(
    `select c.relname as table, a.attname as column, t.typname as type,
            case when t.typcategory = 'A' then et.typname end as element_type,
            not a.attnotnull as nullable, a.atthasdef as has_default, a.attgenerated <> '' as generated
     from pg_class c
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     join pg_type t on t.oid = a.atttypid
     left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
     order by c.relname, a.attnum`,
  );
  const relationships = await db.query<RelationshipInfo>(
    `select cl.relname as table, con.conname as name,
            array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i)::text[] as columns,
            exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique
                    and i.indkey::int2[] @> con.conkey and array_length(i.indkey::int2[], 1) = array_length(con.conkey, 1))
              as one_to_one,
            fcl.relname as referenced_table,
            array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i)::text[] as referenced_columns
     from pg_constraint con
     join pg_class cl on cl.oid = con.conrelid
     join pg_class fcl on fcl.oid = con.confrelid
     where con.contype = 'f' and cl.relnamespace = 'public'::regnamespace and fcl.relnamespace = 'public'::regnamespace
     order by cl.relname, con.conname`,
  );
  const functions = await db.query<FunctionInfo>(
    `select p.proname as name, p.proargnames::text[] as arg_names,
            array(select t.typname from unnest(p.proargtypes) a join pg_type t on t.oid = a)::text[] as arg_types,
            p.pronargdefaults as defaults, rt.typname as return_type, p.proretset as returns_set
     from pg_proc p join pg_type rt on rt.oid = p.prorettype
     where p.pronamespace = 'public'::regnamespace and p.prokind = 'f' and rt.typname <> 'trigger'
     order by p.proname`,
  );

  const tables = new Map<string, ColumnInfo[]>();
  for (const column of columns.rows) tables.set(column.table, [...(tables.get(column.table) ?? []), column]);

  const tableTypes = [...tables.entries()].map(([table, cols]) => {
    const row = cols.map(
      (c) => `          ${key(c.column)}: ${tsType(c.type, c.element_type)}${c.nullable ? ' | null' : ''}`,
    );
    const writable = cols.filter((c) => !c.generated);
    const insert = writable.map(
      (c) =>
        `          ${key(c.column)}${c.nullable || c.has_default ? '?' : ''}: ${tsType(c.type, c.element_type)}${c.nullable ? ' | null' : ''}`,
    );
    const update = writable.map(
      (c) => `          ${key(c.column)}?: ${tsType(c.type, c.element_type)}${c.nullable ? ' | null' : ''}`,
    );
    const rels = relationships.rows
      .filter((r) => r.table === table)
      .map(
        (r) => `          {
            foreignKeyName: ${JSON.stringify(r.name)}
            columns: ${JSON.stringify(r.columns)}
            isOneToOne: ${r.one_to_one}
            referencedRelation: ${JSON.stringify(r.referenced_table)}
            referencedColumns: ${JSON.stringify(r.referenced_columns)}
          },`,
      );
    return `      ${key(table)}: {
        Row: {
${row.join('\n')}
        }
        Insert: {
${insert.join('\n')}
        }
        Update: {
${update.join('\n')}
        }
        Relationships: [
${rels.join('\n')}
        ]
      }`;
  });

  const functionTypes = functions.rows.map((f) => {
    const names = f.arg_names ?? [];
    const args = f.arg_types.map((type, i) => {
      const optional = i >= f.arg_types.length - f.defaults;
      return `${key(names[i] ?? `arg${i}`)}${optional ? '?' : ''}: ${tsType(type.replace(/^_/, ''), type.startsWith('_') ? type.slice(1) : null)}`;
    });
    const returns = `${tsType(f.return_type, null)}${f.returns_set ? '[]' : ''}`;
    return `      ${key(f.name)}: {
        Args: ${args.length ? `{ ${args.join('; ')} }` : 'never'}
        Returns: ${returns}
      }`;
  });

  return `// Generated from the database by \`pnpm gen:types\` (supabase/local/src/types): do not edit by hand.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  public: {
    Tables: {
${tableTypes.join('\n')}
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
${functionTypes.join('\n')}
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type PublicSchema = Database['public']

export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row']
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert']
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update']
`;
}
