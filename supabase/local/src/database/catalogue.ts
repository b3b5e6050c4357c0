// What PostgreSQL's catalogue says of one schema: its tables' columns, its keys and its functions. Each
// question is asked here once (as postgres-meta keeps each in one SQL file) and answered with every fact
// a consumer needs: the REST schema cache and the type generator read the same rows.
import type { Queryable } from './connection.ts';

/** A column of a table, view or foreign table, in column order. */
export interface CatalogueColumn {
  table: string;
  /** pg_class.relkind: r table, p partitioned table, v view, m materialized view, f foreign table. */
  tableKind: 'r' | 'p' | 'v' | 'm' | 'f';
  name: string;
  /** As format_type() writes it, with modifiers: `character varying(20)`, `uuid[]`. */
  type: string;
  /** pg_type.typname: `varchar`, `_uuid`. */
  typeName: string;
  /** The element's typname when the column is an array. */
  elementTypeName: string | null;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean;
}

/** A primary key or a foreign key to a table of the same schema. */
export interface CatalogueKey {
  name: string;
  kind: 'primary' | 'foreign';
  table: string;
  columns: string[];
  foreignTable: string | null;
  foreignColumns: string[] | null;
  /** A unique index covers exactly the key's columns. */
  unique: boolean;
}

export interface CatalogueFunction {
  name: string;
  /** proargnames: every argument's name, OUT ones included. */
  argNames: string[] | null;
  /** proargmodes, parallel to argNames; null when every argument is IN. */
  argModes: string[] | null;
  /** The input arguments' types, as format_type() writes them. */
  argTypes: string[];
  /** The input arguments' pg_type.typname. */
  argTypeNames: string[];
  /** Every argument's pg_type.typname, OUT and TABLE ones included, parallel to argNames. */
  allArgTypeNames: string[];
  /** How many of the last input arguments have defaults. */
  defaults: number;
  returnsSet: boolean;
  returnType: string;
  returnTypeName: string;
  /** The return type is a row type (a table's or a composite). */
  returnsComposite: boolean;
}

export interface Catalogue {
  columns: CatalogueColumn[];
  keys: CatalogueKey[];
  functions: CatalogueFunction[];
}

const COLUMNS_SQL = `
select c.relname as table, c.relkind as "tableKind", a.attname as name,
       format_type(a.atttypid, a.atttypmod) as type, t.typname as "typeName",
       case when t.typcategory = 'A' then et.typname end as "elementTypeName",
       not a.attnotnull as nullable, a.atthasdef as "hasDefault", a.attgenerated <> '' as generated
from pg_class c
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
join pg_type t on t.oid = a.atttypid
left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
order by c.relname, a.attnum`;

const ATTRIBUTE_NAMES = (keys: string, relation: string) =>
  `array(select a.attname from unnest(${keys}) with ordinality k(n, i)
         join pg_attribute a on a.attrelid = ${relation} and a.attnum = k.n order by k.i)::text[]`;

const KEYS_SQL = `
select con.conname as name, case con.contype when 'p' then 'primary' else 'foreign' end as kind,
       cl.relname as table, ${ATTRIBUTE_NAMES('con.conkey', 'con.conrelid')} as columns,
       fcl.relname as "foreignTable", ${ATTRIBUTE_NAMES('con.confkey', 'con.confrelid')} as "foreignColumns",
       exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique
               and i.indkey::int2[] @> con.conkey and array_length(i.indkey::int2[], 1) = array_length(con.conkey, 1))
         as "unique"
from pg_constraint con
join pg_class cl on cl.oid = con.conrelid
left join pg_class fcl on fcl.oid = con.confrelid
where con.contype in ('f', 'p') and cl.relnamespace = $1::regnamespace
  and (con.contype = 'p' or fcl.relnamespace = $1::regnamespace)
order by cl.relname, con.conname`;

const ARGUMENT_TYPES = (name: string, oids = 'p.proargtypes') =>
  `array(select ${name} from unnest(${oids}) with ordinality a(oid, i)
         join pg_type t on t.oid = a.oid order by a.i)::text[]`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proargnames::text[] as "argNames", p.proargmodes::text[] as "argModes",
       ${ARGUMENT_TYPES('format_type(t.oid, null)')} as "argTypes", ${ARGUMENT_TYPES('t.typname')} as "argTypeNames",
       ${ARGUMENT_TYPES('t.typname', 'coalesce(p.proallargtypes, p.proargtypes::oid[])')} as "allArgTypeNames",
       p.pronargdefaults as defaults, p.proretset as "returnsSet",
       format_type(p.prorettype, null) as "returnType", rt.typname as "returnTypeName",
       (rt.typtype = 'c' or rt.typrelid <> 0) as "returnsComposite"
from pg_proc p join pg_type rt on rt.oid = p.prorettype
where p.pronamespace = $1::regnamespace and p.prokind = 'f'
order by p.proname, p.oid`;

/** Reads a schema's tables, keys and functions from the catalogue, in a stable order. */
export async function readCatalogue(db: Queryable, schema = 'public'): Promise<Catalogue> {
  const columns = await db.query<CatalogueColumn>(COLUMNS_SQL, [schema]);
  const keys = await db.query<CatalogueKey>(KEYS_SQL, [schema]);
  const functions = await db.query<CatalogueFunction>(FUNCTIONS_SQL, [schema]);
  return { columns: columns.rows, keys: keys.rows, functions: functions.rows };
}
