// Generates the TypeScript types of the public schema in the shape supabase-js expects (the shape of
// `supabase gen types typescript`), from the database the migrations built: types are never written by hand.
import { type CatalogueColumn, readCatalogue } from '../database/catalogue.ts';
import type { Queryable } from '../database/index.ts';

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

/** The type of a pg_type.typname, where an array type's name is its element's with a leading _ (_text). */
const tsTypeOfName = (typname: string) =>
  typname.startsWith('_') ? tsType('', typname.slice(1)) : tsType(typname, null);

const key = (name: string) => (/^[a-z_][a-z0-9_]*$/i.test(name) ? name : JSON.stringify(name));

export async function generateDatabaseTypes(db: Queryable): Promise<string> {
  const catalogue = await readCatalogue(db, 'public');
  const relationships = catalogue.keys.filter((k) => k.kind === 'foreign');
  const functions = catalogue.functions.filter((f) => f.returnTypeName !== 'trigger');

  const tables = new Map<string, CatalogueColumn[]>();
  for (const column of catalogue.columns) {
    if (column.tableKind === 'r' || column.tableKind === 'p') {
      tables.set(column.table, [...(tables.get(column.table) ?? []), column]);
    }
  }

  const tableTypes = [...tables.entries()].map(([table, cols]) => {
    const row = cols.map(
      (c) => `          ${key(c.name)}: ${tsType(c.typeName, c.elementTypeName)}${c.nullable ? ' | null' : ''}`,
    );
    const writable = cols.filter((c) => !c.generated);
    const insert = writable.map(
      (c) =>
        `          ${key(c.name)}${c.nullable || c.hasDefault ? '?' : ''}: ${tsType(c.typeName, c.elementTypeName)}${c.nullable ? ' | null' : ''}`,
    );
    const update = writable.map(
      (c) => `          ${key(c.name)}?: ${tsType(c.typeName, c.elementTypeName)}${c.nullable ? ' | null' : ''}`,
    );
    const rels = relationships
      .filter((r) => r.table === table)
      .map(
        (r) => `          {
            foreignKeyName: ${JSON.stringify(r.name)}
            columns: ${JSON.stringify(r.columns)}
            isOneToOne: ${r.unique}
            referencedRelation: ${JSON.stringify(r.foreignTable)}
            referencedColumns: ${JSON.stringify(r.foreignColumns)}
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

  const functionTypes = functions.map((f) => {
    const names = f.argNames ?? [];
    const args = f.argTypeNames.map((type, i) => {
      const optional = i >= f.argTypeNames.length - f.defaults;
      return `${key(names[i] ?? `arg${i}`)}${optional ? '?' : ''}: ${tsTypeOfName(type)}`;
    });
    // `returns table (...)`: its columns are the TABLE arguments; supabase-js reads them as an object.
    const columns = (f.argModes ?? []).flatMap((mode, i) =>
      mode === 't' ? [`${key(names[i] ?? `column${i}`)}: ${tsTypeOfName(f.allArgTypeNames[i] ?? '')}`] : [],
    );
    const returned = columns.length ? `{ ${columns.join('; ')} }` : tsTypeOfName(f.returnTypeName);
    const returns = `${returned}${f.returnsSet ? '[]' : ''}`;
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
