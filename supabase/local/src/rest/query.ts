// Parses PostgREST's URL grammar (select, filters, logic trees, order) into plain data.
// Nothing here touches SQL: sql.ts turns the result into parameterised statements.
import { parseError } from './errors.ts';

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; name: string; alias?: string; cast?: string }
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

const OPERATORS = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is', 'cs', 'cd']);

/** Splits on a separator at depth 0, outside double quotes and parentheses. */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char === '\\' && quoted && i + 1 < text.length) {
      current += char + text[i + 1];
      i += 1;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth += 1;
    else if (!quoted && char === ')') depth -= 1;
    if (char === separator && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
    if (depth < 0) throw parseError(`"failed to parse" (${text})`, 'unexpected ")"');
  }
  if (depth !== 0 || quoted) throw parseError(`"failed to parse" (${text})`, 'unbalanced parentheses or quotes');
  parts.push(current);
  return parts;
}

function unquote(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

const NAME = /^[^\s(),:!."]+$|^"(?:[^"\\]|\\.)+"$/;

function parseName(text: string, whole: string): string {
  const trimmed = text.trim();
  if (!NAME.test(trimmed)) throw parseError(`"failed to parse select parameter (${whole})"`, `unexpected "${trimmed}"`);
  return unquote(trimmed);
}

export function parseSelect(select: string | null | undefined): SelectItem[] {
  if (!select || select.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(select)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => parseSelectItem(part, select));
}

function parseSelectItem(part: string, whole: string): SelectItem {
  if (part === '*') return { kind: 'star' };
  const open = part.indexOf('(');
  if (open >= 0) {
    if (!part.endsWith(')'))
      throw parseError(`"failed to parse select parameter (${whole})"`, 'unexpected end of input');
    const head = part.slice(0, open);
    const inner = part.slice(open + 1, -1);
    const { alias, rest } = splitAlias(head);
    const [nameText = '', ...hints] = rest.split('!');
    const hint = hints.find((h) => h !== 'inner' && h !== 'left');
    return {
      kind: 'embed',
      name: parseName(nameText, whole),
      ...(alias ? { alias } : {}),
      ...(hint ? { hint: parseName(hint, whole) } : {}),
      inner: hints.includes('inner'),
      select: parseSelect(inner),
    };
  }
  const { alias, rest } = splitAlias(part);
  const [nameText = '', cast] = rest.split('::');
  return {
    kind: 'column',
    name: parseName(nameText, whole),
    ...(alias ? { alias } : {}),
    ...(cast ? { cast: parseName(cast, whole) } : {}),
  };
}

function splitAlias(text: string): { alias?: string; rest: string } {
  // "alias:name" but not "name::cast".
  const match = /^([^:]+):(?!:)(.*)$/.exec(text);
  if (!match) return { rest: text };
  return { alias: unquote(match[1] as string), rest: match[2] as string };
}

/** `not.eq.value`, `in.(a,"b,c")`, `is.null` ... for one column. */
export function parseFilter(column: string, expression: string): Condition {
  let rest = expression;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const operator = dot >= 0 ? rest.slice(0, dot) : rest;
  const raw = dot >= 0 ? rest.slice(dot + 1) : '';
  if (!OPERATORS.has(operator)) {
    throw parseError(`"failed to parse filter (${expression})" (line 1, column 1)`, `unknown operator "${operator}"`);
  }
  if (operator === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) {
      throw parseError(`"failed to parse filter (${expression})" (line 1, column 4)`, 'expecting "("');
    }
    const inner = raw.slice(1, -1);
    const values = inner === '' ? [] : splitTopLevel(inner).map(unquote);
    return { kind: 'filter', column, operator, negate, value: values };
  }
  if (operator === 'is' && !['null', 'true', 'false', 'unknown'].includes(raw.toLowerCase())) {
    throw parseError(
      `"failed to parse filter (${expression})" (line 1, column 4)`,
      'expecting null, true, false or unknown',
    );
  }
  return { kind: 'filter', column, operator: operator as Operator, negate, value: raw };
}

/** The value of `or=` / `and=`: `(a.eq.1,and(b.gt.2,c.is.null))`. */
export function parseLogic(kind: 'and' | 'or', expression: string, negate = false): Condition {
  const text = expression.trim();
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${text})" (line 1, column 1)`, 'expecting "("');
  }
  const conditions = splitTopLevel(text.slice(1, -1)).map((part) => {
    const item = part.trim();
    const logic = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (logic) return parseLogic(logic[2] as 'and' | 'or', logic[3] as string, Boolean(logic[1]));
    const dot = item.indexOf('.');
    if (dot <= 0) throw parseError(`"failed to parse logic tree (${text})"`, `unexpected "${item}"`);
    return parseFilter(unquote(item.slice(0, dot)), item.slice(dot + 1));
  });
  return { kind, negate, conditions };
}

export function parseOrder(order: string | null | undefined): Order[] {
  if (!order) return [];
  return splitTopLevel(order).map((part) => {
    const [column = '', ...modifiers] = part.trim().split('.');
    const result: Order = { column: unquote(column), descending: false };
    for (const modifier of modifiers) {
      if (modifier === 'desc') result.descending = true;
      else if (modifier === 'asc') result.descending = false;
      else if (modifier === 'nullsfirst') result.nulls = 'first';
      else if (modifier === 'nullslast') result.nulls = 'last';
      else throw parseError(`"failed to parse order (${order})" (line 1, column 1)`, `unexpected "${modifier}"`);
    }
    return result;
  });
}

/** Query parameters that are not filters. */
export const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);

export interface ReadQuery {
  select: SelectItem[];
  where: Condition[];
  order: Order[];
  limit?: number;
  offset?: number;
}

export function parseReadQuery(params: URLSearchParams): ReadQuery {
  const where: Condition[] = [];
  for (const [key, value] of params) {
    if (RESERVED_PARAMS.has(key)) continue;
    if (key === 'or' || key === 'and') where.push(parseLogic(key, value));
    else if (key === 'not.or' || key === 'not.and') where.push(parseLogic(key.slice(4) as 'and' | 'or', value, true));
    else where.push(parseFilter(key, value));
  }
  const number = (name: string) => {
    const raw = params.get(name);
    if (raw === null) return undefined;
    const parsed = Number(raw);
    if (!Number.isInteger(parsed) || parsed < 0) throw parseError(`"failed to parse ${name} parameter (${raw})"`);
    return parsed;
  };
  const limit = number('limit');
  const offset = number('offset');
  return {
    select: parseSelect(params.get('select')),
    where,
    order: parseOrder(params.get('order')),
    ...(limit !== undefined ? { limit } : {}),
    ...(offset !== undefined ? { offset } : {}),
  };
}
