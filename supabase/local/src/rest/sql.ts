// Turns parsed PostgREST requests into one parameterised statement each. Nothing from the request is
// written into the SQL but names, always quoted (and checked against the schema cache where they name a
// table, column or function), and casts from query.ts's closed list; every value travels as a parameter.
import { ApiError, notSupported, parseError } from './errors.ts';
import { type Condition, type Order, type ReadQuery, SELECT_CASTS, type SelectItem } from './query.ts';
import type { ForeignKey, Routine, SchemaCache, Table } from './schema-cache.ts';

export function ident(name: string): string {
  // PostgreSQL names cannot hold NUL, and a NUL in the statement's text would cut it short on the wire.
  if (name.includes('\0')) throw parseError('"failed to parse" (a name holds a NUL character)');
  return `"${name.replaceAll('"', '""')}"`;
}
const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

// A type as the schema cache has it from format_type(): a name (quoted by PostgreSQL where needed),
// perhaps schema-qualified, or one of SQL's multi-word types; a modifier such as (20) or (10,2); a time
// zone; [] for arrays. Checked anyway before it follows "::", so that nothing else ever can.
const NAME = '(?:[a-z_][a-z0-9_$]*|"(?:[^"]|"")+")';
const INTERVAL = 'interval(?: (?:year|month|day|hour|minute|second)(?: to (?:month|hour|minute|second))?)?';
const SCHEMA_TYPE = new RegExp(
  `^(?:${NAME}\\.)?(?:character varying|bit varying|double precision|${INTERVAL}|${NAME})` +
    '(?:\\([a-z0-9_, ]+\\))?(?: with(?:out)? time zone)?(?:\\[\\])*$',
  'i',
);

function sqlType(type: string): string {
  if (!SCHEMA_TYPE.test(type)) {
    throw new ApiError(400, 'PGRST100', `the local stack does not handle values of the type ${JSON.stringify(type)}`);
  }
  return type;
}

export class Statement {
  readonly params: unknown[] = [];
  private aliases = 0;

  param(value: unknown, type?: string): string {
    this.params.push(value);
    return type ? `$${this.params.length}::${sqlType(type)}` : `$${this.params.length}`;
  }

  alias(): string {
    const alias = `t${this.aliases}`;
    this.aliases += 1;
    return ident(alias);
  }
}

export function findTable(cache: SchemaCache, name: string): Table {
  const table = cache.tables.get(name);
  if (!table) {
    throw new ApiError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`, null, null);
  }
  return table;
}

function columnType(table: Table, name: string): string {
  const column = table.columns.get(name);
  if (!column) throw new ApiError(400, '42703', `column ${table.name}.${name} does not exist`);
  return column.type;
}

interface Relationship {
  table: Table;
  toMany: boolean;
  /** Pairs of (column of the embedding table, column of the embedded table). */
  pairs: [string, string][];
}

function resolveRelationship(cache: SchemaCache, from: Table, target: string, hint?: string): Relationship {
  const table = cache.tables.get(target);
  const matches = (fk: ForeignKey) => !hint || fk.name === hint || fk.columns.includes(hint);
  const candidates: Relationship[] = [];
  if (table) {
    for (const fk of cache.foreignKeys) {
      if (!matches(fk)) continue;
      if (fk.table === table.name && fk.foreignTable === from.name) {
        const pairs = fk.foreignColumns.map((c, i): [string, string] => [c, fk.columns[i] as string]);
        candidates.push({ table, toMany: !fk.oneToOne, pairs });
      }
      if (fk.table === from.name && fk.foreignTable === table.name) {
        candidates.push({ table, toMany: false, pairs: fk.columns.map((c, i) => [c, fk.foreignColumns[i] as string]) });
      }
    }
  }
  if (candidates.length === 1) return candidates[0] as Relationship;
  if (candidates.length === 0) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${from.name}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${from.name}' and '${target}' in the schema 'public', but no matches were found.`,
      null,
    );
  }
  throw new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${from.name}' and '${target}'`,
    null,
    `Try changing '${target}' to one of the foreign keys of the relationships, e.g. '${target}!<constraint name>'`,
  );
}

/** The select list of `table` (aliased `alias`), with embedded resources as JSON subqueries. */
export function projection(
  cache: SchemaCache,
  statement: Statement,
  table: Table,
  alias: string,
  items: SelectItem[],
): string {
  const parts = items.map((item) => {
    if (item.kind === 'star') return `${alias}.*`;
    if (item.kind === 'column') {
      columnType(table, item.name);
      if (item.cast !== undefined && !SELECT_CASTS.includes(item.cast)) {
        throw parseError(
          '"failed to parse select parameter"',
          `the local stack casts only to ${SELECT_CASTS.join(', ')}`,
        );
      }
      const cast = item.cast !== undefined ? `::${item.cast}` : '';
      return `${alias}.${ident(item.name)}${cast} as ${ident(item.alias ?? item.name)}`;
    }
    if (item.inner) throw parseError('"!inner" embedding is not supported by the local stack');
    const relation = resolveRelationship(cache, table, item.name, item.hint);
    const inner = statement.alias();
    const join = relation.pairs.map(([mine, theirs]) => `${inner}.${ident(theirs)} = ${alias}.${ident(mine)}`);
    const select = projection(cache, statement, relation.table, inner, item.select);
    const source = `select ${select} from ${qualified('public', relation.table.name)} as ${inner} where ${join.join(' and ')}`;
    const value = relation.toMany
      ? `coalesce((select json_agg(_e) from (${source}) _e), '[]'::json)`
      : `(select row_to_json(_e) from (${source}) _e)`;
    return `${value} as ${ident(item.alias ?? item.name)}`;
  });
  return parts.join(', ');
}

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const IS_VALUES: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' };

export function condition(statement: Statement, table: Table, alias: string, c: Condition): string {
  if (c.kind !== 'filter') {
    const inner = c.conditions.map((child) => condition(statement, table, alias, child));
    const joined = `(${inner.join(c.kind === 'and' ? ' and ' : ' or ') || 'true'})`;
    return c.negate ? `not ${joined}` : joined;
  }
  const type = columnType(table, c.column);
  const column = `${alias}.${ident(c.column)}`;
  let sql: string;
  switch (c.operator) {
    case 'in':
      sql = `${column} = any(array(select json_array_elements_text(${statement.param(JSON.stringify(c.value))}::json))::${sqlType(type)}[])`;
      break;
    case 'is': {
      // Written into the SQL, so taken from this list, never from the request.
      const value = IS_VALUES[String(c.value)];
      if (!value)
        throw parseError(`"failed to parse filter (is.${c.value})"`, 'expecting null, true, false or unknown');
      sql = `${column} is ${value}`;
      break;
    }
    case 'like':
    case 'ilike':
      sql = `${column}::text ${c.operator} ${statement.param(String(c.value).replaceAll('*', '%'))}`;
      break;
    case 'cs':
      sql = `${column} @> ${statement.param(c.value, type)}`;
      break;
    case 'cd':
      sql = `${column} <@ ${statement.param(c.value, type)}`;
      break;
    default: {
      const comparison = COMPARISONS[c.operator];
      if (!comparison) throw parseError(`"failed to parse filter (${c.operator})"`, 'unknown operator');
      sql = `${column} ${comparison} ${statement.param(c.value, type)}`;
    }
  }
  return c.negate ? `not (${sql})` : sql;
}

function whereClause(statement: Statement, table: Table, alias: string, where: Condition[]): string {
  if (where.length === 0) return '';
  return ` where ${where.map((c) => condition(statement, table, alias, c)).join(' and ')}`;
}

function orderClause(table: Table, alias: string, order: Order[]): string {
  if (order.length === 0) return '';
  const terms = order.map((o) => {
    columnType(table, o.column);
    const nulls = o.nulls === 'first' ? ' nulls first' : o.nulls === 'last' ? ' nulls last' : '';
    return `${alias}.${ident(o.column)} ${o.descending ? 'desc' : 'asc'}${nulls}`;
  });
  return ` order by ${terms.join(', ')}`;
}

/** Limit and offset travel as parameters too, so a number never becomes SQL text. */
function pageClause(statement: Statement, query: ReadQuery): string {
  const limit = query.limit !== undefined ? ` limit ${statement.param(query.limit, 'bigint')}` : '';
  const offset = query.offset ? ` offset ${statement.param(query.offset, 'bigint')}` : '';
  return `${limit}${offset}`;
}

/** Wraps rows selected from `source` (aliased) into one JSON array and their count. */
function aggregate(body: string): string {
  return `select coalesce(json_agg(_row), '[]'::json)::text as body, count(*)::int as page_count from (${body}) _row`;
}

/** The same for a set of single values, named `value`: an array of the values themselves. */
function aggregateValues(body: string): string {
  return `select coalesce(json_agg(_row.value), '[]'::json)::text as body, count(*)::int as page_count from (${body}) _row`;
}

export function readStatement(cache: SchemaCache, tableName: string, query: ReadQuery) {
  const table = findTable(cache, tableName);
  const statement = new Statement();
  const alias = statement.alias();
  const from = `from ${qualified('public', table.name)} as ${alias}`;
  const select = projection(cache, statement, table, alias, query.select);
  const where = whereClause(statement, table, alias, query.where);
  const sql = aggregate(
    `select ${select} ${from}${where}${orderClause(table, alias, query.order)}${pageClause(statement, query)}`,
  );
  // The count has its own parameters: the page's limit and offset are not among them.
  const counting = new Statement();
  const countAlias = counting.alias();
  const countSql = `select count(*)::int as total from ${qualified('public', table.name)} as ${countAlias}${whereClause(
    counting,
    table,
    countAlias,
    query.where,
  )}`;
  return { sql, params: statement.params, countSql, countParams: counting.params };
}

function bodyColumns(table: Table, rows: Record<string, unknown>[], columnsParam: string[] | null): string[] {
  const names = columnsParam ?? Object.keys(rows[0] ?? {});
  for (const name of names) {
    if (!table.columns.has(name)) {
      throw new ApiError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`);
    }
  }
  return names;
}

export interface WriteOptions {
  representation: boolean;
  query: ReadQuery;
}

/** `write` names its target table `target`; only that table's columns come back. */
function returning(
  cache: SchemaCache,
  statement: Statement,
  table: Table,
  write: string,
  target: string,
  options: WriteOptions,
) {
  if (!options.representation) {
    return `with _source as (${write} returning 1) select ''::text as body, count(*)::int as page_count from _source`;
  }
  const alias = statement.alias();
  const select = projection(cache, statement, table, alias, options.query.select);
  const returned = returnedColumns(cache, table, target, options.query.select);
  return `with _source as (${write} returning ${returned}) ${aggregate(
    `select ${select} from _source as ${alias}${orderClause(table, alias, options.query.order)}`,
  )}`;
}

/**
 * What a write returns, as PostgREST's inferColsEmbedNeeds (Plan.hs) chooses: every column when the select list
 * has `*`, else the columns it names, those its embeds join on, and the primary key. So a role that may select
 * some columns only (column grants) gets back the ones it asked for, as from PostgREST.
 */
function returnedColumns(cache: SchemaCache, table: Table, target: string, items: SelectItem[]): string {
  if (items.some((item) => item.kind === 'star')) return `${target}.*`;
  const names = new Set<string>();
  for (const item of items) {
    if (item.kind === 'column') names.add(item.name);
    if (item.kind === 'embed') {
      for (const [mine] of resolveRelationship(cache, table, item.name, item.hint).pairs) names.add(mine);
    }
  }
  for (const name of table.primaryKey) names.add(name);
  return [...names].map((name) => `${target}.${ident(name)}`).join(', ');
}

export function insertStatement(
  cache: SchemaCache,
  tableName: string,
  rows: Record<string, unknown>[],
  options: WriteOptions & { columns: string[] | null; onConflict: string[] | null; resolution?: 'merge' | 'ignore' },
) {
  const table = findTable(cache, tableName);
  const statement = new Statement();
  const columns = bodyColumns(table, rows, options.columns);
  const list = columns.map(ident).join(', ');
  const target = statement.alias();
  const source = `json_populate_recordset(null::${qualified('public', table.name)}, ${statement.param(JSON.stringify(rows))}::json)`;
  let write = `insert into ${qualified('public', table.name)} as ${target} (${list}) select ${list} from ${source} _r`;
  if (options.resolution) {
    const target = options.onConflict ?? table.primaryKey;
    for (const name of target) columnType(table, name);
    const conflict = target.map(ident).join(', ');
    write +=
      options.resolution === 'ignore'
        ? ` on conflict (${conflict}) do nothing`
        : ` on conflict (${conflict}) do update set ${columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
  }
  return { sql: returning(cache, statement, table, write, target, options), params: statement.params };
}

export function updateStatement(
  cache: SchemaCache,
  tableName: string,
  values: Record<string, unknown>,
  options: WriteOptions,
) {
  const table = findTable(cache, tableName);
  const statement = new Statement();
  const columns = bodyColumns(table, [values], null);
  const alias = statement.alias();
  const record = `json_populate_record(null::${qualified('public', table.name)}, ${statement.param(JSON.stringify(values))}::json)`;
  const set = columns.map((c) => `${ident(c)} = _r.${ident(c)}`).join(', ');
  const where = whereClause(statement, table, alias, options.query.where);
  const write = `update ${qualified('public', table.name)} as ${alias} set ${set} from ${record} as _r${where}`;
  return { sql: returning(cache, statement, table, write, alias, options), params: statement.params };
}

export function deleteStatement(cache: SchemaCache, tableName: string, options: WriteOptions) {
  const table = findTable(cache, tableName);
  const statement = new Statement();
  const alias = statement.alias();
  const where = whereClause(statement, table, alias, options.query.where);
  const write = `delete from ${qualified('public', table.name)} as ${alias}${where}`;
  return { sql: returning(cache, statement, table, write, alias, options), params: statement.params };
}

function findRoutine(cache: SchemaCache, name: string, args: Record<string, unknown>): Routine {
  const given = Object.keys(args);
  const routine = (cache.routines.get(name) ?? []).find(
    (r) =>
      given.every((key) => r.args.some((arg) => arg.name === key)) &&
      r.args.every((arg) => arg.hasDefault || given.includes(arg.name)),
  );
  if (!routine) {
    const signature = given.length ? `(${given.join(', ')})` : ' without parameters';
    throw new ApiError(
      404,
      'PGRST202',
      `Could not find the function public.${name}${signature} in the schema cache`,
      `Searched for the function public.${name}${given.length ? ` with parameters ${given.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      null,
    );
  }
  return routine;
}

function argumentValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  // A JSON array for an array parameter is that array, as PostgREST's json_to_record reads it.
  if (Array.isArray(value) && type.endsWith('[]')) return value.map((item) => argumentValue(item, type.slice(0, -2)));
  if (type === 'json' || type === 'jsonb' || typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const pageAsked = (query: ReadQuery) => query.limit !== undefined || query.offset !== undefined;

/** The columns a call's filters, order and select list name (`select=*` names none). */
function columnsNamed(query: ReadQuery): string[] {
  const inCondition = (c: Condition): string[] =>
    c.kind === 'filter' ? [c.column] : c.conditions.flatMap(inCondition);
  return [
    ...query.where.flatMap(inCondition),
    ...query.order.map((o) => o.column),
    ...query.select.flatMap((item) => (item.kind === 'star' ? [] : [item.name])),
  ];
}

/** Whether a call asks for more than the whole result: filters, order, paging or a select list. */
const shapesResult = (query: ReadQuery) => query.where.length > 0 || pageAsked(query) || columnsNamed(query).length > 0;

export function rpcStatement(cache: SchemaCache, name: string, args: Record<string, unknown>, query: ReadQuery) {
  const routine = findRoutine(cache, name, args);
  const statement = new Statement();
  const call = `${qualified('public', routine.name)}(${routine.args
    .filter((arg) => arg.name in args)
    .map((arg) => `${ident(arg.name)} := ${statement.param(argumentValue(args[arg.name], arg.type), arg.type)}`)
    .join(', ')})`;
  const rowTable = cache.tables.get(routine.returnType.replace(/^public\./, ''));
  // A row type, or `record` for a function with OUT arguments (returns table (...)).
  const rowShaped = routine.returnsComposite || routine.returnType === 'record';
  if (rowShaped && rowTable) {
    const alias = statement.alias();
    const where = whereClause(statement, rowTable, alias, query.where);
    const order = orderClause(rowTable, alias, query.order);
    const select = projection(cache, statement, rowTable, alias, query.select);
    return {
      sql: aggregate(`select ${select} from ${call} as ${alias}${where}${order}${pageClause(statement, query)}`),
      params: statement.params,
      returns: routine.returnsSet ? ('rows' as const) : ('row' as const),
    };
  }
  if (rowShaped || routine.returnsSet) {
    if (shapesResult(query)) {
      const returned = `${routine.returnsSet ? 'setof ' : ''}${routine.returnType}`;
      throw notSupported(
        `Filters, order, limit and select on /rpc/${name} (which returns ${returned})`,
        'the local stack shapes only the results of functions returning rows of a table; call it without them',
      );
    }
    const alias = statement.alias();
    // PostgREST answers a set of scalars as a JSON array of the values themselves.
    const body = rowShaped
      ? `select * from ${call} as ${alias}`
      : `select ${alias}.value from ${call} as ${alias}(value)`;
    return {
      sql: rowShaped ? aggregate(body) : aggregateValues(body),
      params: statement.params,
      returns: routine.returnsSet ? ('rows' as const) : ('row' as const),
    };
  }
  // One value: PostgREST selects it from its pgrst_source, where a filter or select names a column that
  // is not there, and limit and offset page its one row.
  const [named] = columnsNamed(query);
  if (named !== undefined) throw new ApiError(400, '42703', `column pgrst_source.${named} does not exist`);
  const value = pageAsked(query)
    ? `(select to_json(_v.value) from (select ${call} as value) _v${pageClause(statement, query)})`
    : `to_json(${call})`;
  return {
    sql: `select ${value}::text as body, 1 as page_count`,
    params: statement.params,
    returns: routine.returnType === 'void' ? ('void' as const) : ('value' as const),
  };
}
