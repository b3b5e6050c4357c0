// Parses PostgREST's URL grammar (select, filters, logic trees, order, columns) into plain data, with the
// rules of PostgREST's src/PostgREST/ApiRequest/QueryParams.hs. What the grammar does not accept is a
// PGRST100 error, never SQL: sql.ts quotes every name and sends every value as a parameter.
import { type ApiError, parseError } from './errors.ts';

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; name: string; alias?: string; cast?: SelectCast }
  | { kind: 'embed'; name: string; alias?: string; hint?: string; inner: boolean; select: SelectItem[] };

export type Operator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'in' | 'is' | 'cs' | 'cd';

export type Condition =
  | { kind: 'filter'; column: string; operator: Operator; negate: boolean; value: string | string[] }
  | { kind: 'and' | 'or'; negate: boolean; conditions: Condition[] };

export interface Order {
  column: string;
  descending: boolean;
  nulls?: 'first' | 'last';
}

/**
 * The casts a select item may carry. PostgREST takes any pIdentifier after `::` and writes it into the SQL
 * unquoted; the local stack closes the list to the common scalar types, so a cast is always one of these.
 */
export const SELECT_CASTS = [
  'text',
  'varchar',
  'int',
  'integer',
  'int2',
  'int4',
  'int8',
  'smallint',
  'bigint',
  'numeric',
  'real',
  'float4',
  'float8',
  'double precision',
  'boolean',
  'bool',
  'uuid',
  'date',
  'time',
  'timestamp',
  'timestamptz',
  'json',
  'jsonb',
] as const;
export type SelectCast = (typeof SELECT_CASTS)[number];

const OPERATORS = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is', 'cs', 'cd']);
/** PostgREST's other operators: named in the refusal, so a caller knows it is the local stack's limit. */
const UNSUPPORTED_OPERATORS = new Set([
  'match',
  'imatch',
  'isdistinct',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);
const IS_VALUES = new Set(['null', 'true', 'false', 'unknown']);
/** Deeper embeds or logic trees are refused: they would only serve to exhaust the stack. */
const MAX_DEPTH = 10;

type Fail = (details: string) => ApiError;
const failToParse: Fail = (details) => parseError('"failed to parse"', details);

/** Splits on a separator at depth 0, outside double quotes (with backslash escapes) and parentheses. */
export function splitTopLevel(text: string, separator = ',', fail: Fail = failToParse): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\\' && quoted) i += 1;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth += 1;
    else if (!quoted && char === ')') depth -= 1;
    else if (!quoted && depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i = start - 1;
    }
    if (depth < 0) throw fail('unexpected ")"');
  }
  if (depth !== 0 || quoted) throw fail('unbalanced parentheses or quotes');
  parts.push(text.slice(start));
  return parts;
}

/** The index of the first "(" outside double quotes, or -1. */
function openingParenthesis(text: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '\\' && quoted) i += 1;
    else if (text[i] === '"') quoted = !quoted;
    else if (!quoted && text[i] === '(') return i;
  }
  return -1;
}

// PostgREST's pIdentifier: letters, ASCII digits, "_", "$" and spaces, stripped; pFieldName joins them by "-".
const IDENTIFIER_PART = /^[\p{L}0-9_$ ]+$/u;
const QUOTED = /^"((?:[^"\\]|\\.)*)"$/su;

/** PostgREST's pFieldName: a quoted value (backslash escapes) or identifiers joined by "-" (not "->"). */
function parseFieldName(text: string, fail: Fail): string {
  const trimmed = text.replace(/^[ \t]+|[ \t]+$/g, '');
  const quoted = QUOTED.exec(trimmed);
  const name = quoted
    ? (quoted[1] as string).replace(/\\(.)/gsu, '$1')
    : trimmed
        .split('-')
        .map((part) => part.trim())
        .join('-');
  if (!quoted) {
    if (trimmed.includes('->')) throw fail('JSON paths (->, ->>) are not supported by the local stack');
    if (!trimmed.split('-').every((part) => IDENTIFIER_PART.test(part) && part.trim() !== '')) {
      throw fail(`unexpected ${JSON.stringify(trimmed)} expecting field name (* or [a..z0..9_$])`);
    }
  }
  // PostgreSQL names hold neither nothing nor NUL (a NUL would cut the statement short on the wire).
  if (name === '' || name.includes('\0')) throw fail(`unexpected ${JSON.stringify(trimmed)} expecting field name`);
  return name;
}

/** PostgREST's cast: `::` then one pIdentifier; here also one of SELECT_CASTS (any case, spaces collapsed). */
function parseCast(text: string, fail: Fail): SelectCast {
  if (!IDENTIFIER_PART.test(text) || text.trim() === '') {
    throw fail(`unexpected ${JSON.stringify(text)} expecting a type name after "::"`);
  }
  const wanted = text.trim().replace(/ +/g, ' ').toLowerCase();
  const cast = SELECT_CASTS.find((name) => name === wanted);
  if (!cast) throw fail(`the local stack casts only to ${SELECT_CASTS.join(', ')}; not to ${JSON.stringify(text)}`);
  return cast;
}

/** The alias before a single ":" (outside quotes); "name::cast" has none. */
function splitAlias(text: string, fail: Fail): { alias?: string; rest: string } {
  const [head = '', ...tail] = splitTopLevel(text, ':', fail);
  if (tail.length === 0 || tail[0] === '') return { rest: text };
  return { alias: parseFieldName(head, fail), rest: tail.join(':') };
}

export function parseSelect(select: string | null | undefined): SelectItem[] {
  if (!select || select.trim() === '') return [{ kind: 'star' }];
  const fail = (details: string) => parseError(`"failed to parse select parameter (${select})"`, details);
  return selectList(select, fail, 0);
}

function selectList(text: string, fail: Fail, depth: number): SelectItem[] {
  if (depth > MAX_DEPTH) throw fail(`embedding deeper than ${MAX_DEPTH} levels is not supported by the local stack`);
  return splitTopLevel(text, ',', fail).map((part) => selectItem(part.trim(), fail, depth));
}

function selectItem(part: string, fail: Fail, depth: number): SelectItem {
  if (part === '*') return { kind: 'star' };
  if (part === '') throw fail('unexpected "," expecting field name');
  if (part.startsWith('...')) throw fail('spread embedding (...) is not supported by the local stack');
  const open = openingParenthesis(part);
  if (open >= 0) {
    if (!part.endsWith(')')) throw fail('unexpected text after ")"');
    const { alias, rest } = splitAlias(part.slice(0, open), fail);
    const inner = part.slice(open + 1, -1);
    const [nameText = '', ...params] = splitTopLevel(rest, '!', fail);
    const name = parseFieldName(nameText, fail);
    if (name === 'count' && params.length === 0 && inner.trim() === '') {
      throw fail('aggregates (count()) are not supported by the local stack');
    }
    // PostgREST's pEmbedParams: at most one hint and one join type, in either order.
    const joins = params.filter((p) => p === 'inner' || p === 'left');
    const hints = params.filter((p) => p !== 'inner' && p !== 'left');
    if (joins.length > 1 || hints.length > 1) throw fail(`unexpected "!${params.join('!')}"`);
    return {
      kind: 'embed',
      name,
      ...(alias !== undefined ? { alias } : {}),
      ...(hints[0] !== undefined ? { hint: parseFieldName(hints[0], fail) } : {}),
      inner: joins.includes('inner'),
      select: inner.trim() === '' ? [{ kind: 'star' }] : selectList(inner, fail, depth + 1),
    };
  }
  const { alias, rest } = splitAlias(part, fail);
  const [nameText = '', ...casts] = splitTopLevel(rest, '::', fail);
  if (casts.length > 1) throw fail('one cast per column');
  if (nameText.trim() === '*') throw fail('unexpected "*" with an alias or a cast');
  return {
    kind: 'column',
    name: parseFieldName(nameText, fail),
    ...(alias !== undefined ? { alias } : {}),
    ...(casts[0] !== undefined ? { cast: parseCast(casts[0], fail) } : {}),
  };
}

/** `not.eq.value`, `in.(a,"b,c")`, `is.null` ... for one column. */
export function parseFilter(column: string, expression: string): Condition {
  const fail = (details: string) => parseError(`"failed to parse filter (${expression})" (line 1, column 1)`, details);
  let rest = expression;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const operator = dot >= 0 ? rest.slice(0, dot) : rest;
  const raw = dot >= 0 ? rest.slice(dot + 1) : '';
  if (UNSUPPORTED_OPERATORS.has(operator)) throw fail(`the operator "${operator}" is not supported by the local stack`);
  if (!OPERATORS.has(operator)) throw fail(`unknown operator ${JSON.stringify(operator)}`);
  if (operator === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) throw fail('expecting "("');
    const inner = raw.slice(1, -1);
    const values = inner === '' ? [] : splitTopLevel(inner, ',', fail).map(unquoteValue);
    return { kind: 'filter', column, operator, negate, value: values };
  }
  if (operator === 'is' && !IS_VALUES.has(raw.toLowerCase())) throw fail('expecting null, true, false or unknown');
  return {
    kind: 'filter',
    column,
    operator: operator as Operator,
    negate,
    value: operator === 'is' ? raw.toLowerCase() : raw,
  };
}

/** A list element: PostgREST's pListElement, a quoted value with backslash escapes or the text as is. */
function unquoteValue(text: string): string {
  const quoted = QUOTED.exec(text.trim());
  return quoted ? (quoted[1] as string).replace(/\\(.)/gsu, '$1') : text.trim();
}

/** The value of `or=` / `and=`: `(a.eq.1,and(b.gt.2,c.is.null))`. */
export function parseLogic(kind: 'and' | 'or', expression: string, negate = false, depth = 0): Condition {
  const text = expression.trim();
  const fail = (details: string) => parseError(`"failed to parse logic tree (${text})" (line 1, column 1)`, details);
  if (!text.startsWith('(') || !text.endsWith(')')) throw fail('expecting "("');
  if (depth > MAX_DEPTH) throw fail(`logic trees deeper than ${MAX_DEPTH} levels are not supported by the local stack`);
  const conditions = splitTopLevel(text.slice(1, -1), ',', fail).map((part) => {
    const item = part.trim();
    const logic = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (logic) return parseLogic(logic[2] as 'and' | 'or', logic[3] as string, Boolean(logic[1]), depth + 1);
    const [columnText = '', ...rest] = splitTopLevel(item, '.', fail);
    if (rest.length === 0) throw fail(`unexpected ${JSON.stringify(item)} expecting a filter`);
    return parseFilter(parseFieldName(columnText, fail), item.slice(columnText.length + 1));
  });
  return { kind, negate, conditions };
}

export function parseOrder(order: string | null | undefined): Order[] {
  if (order === null || order === undefined) return [];
  const fail = (details: string) => parseError(`"failed to parse order (${order})" (line 1, column 1)`, details);
  return splitTopLevel(order, ',', fail).map((part) => {
    if (openingParenthesis(part) >= 0)
      throw fail('ordering by an embedded resource is not supported by the local stack');
    const [column = '', ...modifiers] = splitTopLevel(part.trim(), '.', fail);
    const result: Order = { column: parseFieldName(column, fail), descending: false };
    for (const modifier of modifiers) {
      if (modifier === 'desc') result.descending = true;
      else if (modifier === 'asc') result.descending = false;
      else if (modifier === 'nullsfirst') result.nulls = 'first';
      else if (modifier === 'nullslast') result.nulls = 'last';
      else throw fail(`unexpected ${JSON.stringify(modifier)} expecting asc, desc, nullsfirst or nullslast`);
    }
    return result;
  });
}

/** `columns=` and `on_conflict=`: PostgREST's pColumns, field names separated by commas. */
export function parseColumns(kind: 'columns' | 'on_conflict', text: string): string[] {
  const fail = (details: string) =>
    parseError(`"failed to parse ${kind} parameter (${text})" (line 1, column 1)`, details);
  return splitTopLevel(text, ',', fail).map((name) => parseFieldName(name, fail));
}

/** A filter's key: PostgREST's pTreePath, where `photos.position` would filter an embedded resource. */
function parseFilterColumn(key: string): string {
  const fail = (details: string) => parseError(`"failed to parse tree path (${key})" (line 1, column 1)`, details);
  const path = splitTopLevel(key, '.', fail);
  if (path.length > 1)
    throw fail('filters, orders and limits on embedded resources are not supported by the local stack');
  return parseFieldName(key, fail);
}

/** Query parameters that are not filters. */
export const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);

const LOGIC_KEYS = new Set(['or', 'and', 'not.or', 'not.and']);

/** PostgREST's pOpExpr, as far as telling a filter from an argument: `[not.]operator[(modifier)].` */
function isOperatorExpression(value: string): boolean {
  const match = /^(?:not\.)?([a-z]+)(?:\([^)]*\))?\./.exec(value);
  return match !== null && (OPERATORS.has(match[1] as string) || UNSUPPORTED_OPERATORS.has(match[1] as string));
}

/**
 * A function called with GET, read as PostgREST reads it (pRequestFilter with isRpcRead): a parameter
 * whose value is an operator expression (`id=eq.3`) or a logic tree (`or=(...)`) filters the result, any
 * other one that is not PostgREST's own (select, order, limit...) is an argument.
 */
export function splitFunctionParams(params: URLSearchParams) {
  const args: Record<string, string> = {};
  const query = new URLSearchParams();
  for (const [key, value] of params) {
    if (RESERVED_PARAMS.has(key) || LOGIC_KEYS.has(key) || isOperatorExpression(value)) query.append(key, value);
    else args[key] = value;
  }
  return { args, query };
}

export interface ReadQuery {
  select: SelectItem[];
  where: Condition[];
  order: Order[];
  limit?: number;
  offset?: number;
}

/** `limit` and `offset`: whole decimal numbers that a JavaScript number holds exactly. */
function parseCount(name: string, raw: string | null): number | undefined {
  if (raw === null) return undefined;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value)) {
    throw parseError(
      `"failed to parse ${name} parameter (${raw})"`,
      `expecting a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`,
    );
  }
  return value;
}

export function parseReadQuery(params: URLSearchParams): ReadQuery {
  const where: Condition[] = [];
  for (const [key, value] of params) {
    if (RESERVED_PARAMS.has(key)) continue;
    if (key === 'or' || key === 'and') where.push(parseLogic(key, value));
    else if (key === 'not.or' || key === 'not.and') where.push(parseLogic(key.slice(4) as 'and' | 'or', value, true));
    else where.push(parseFilter(parseFilterColumn(key), value));
  }
  const limit = parseCount('limit', params.get('limit'));
  const offset = parseCount('offset', params.get('offset'));
  return {
    select: parseSelect(params.get('select')),
    where,
    order: parseOrder(params.get('order')),
    ...(limit !== undefined ? { limit } : {}),
    ...(offset !== undefined ? { offset } : {}),
  };
}
