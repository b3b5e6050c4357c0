// The body of POST /object/list/{bucket}, checked as Storage's route schema checks it
// (src/http/routes/object/listObjects.ts): prefix a required string, limit an integer >= 1, offset an
// integer >= 0, sortBy {column, order}, search a string, with the messages of Fastify's validator
// ("body/limit must be >= 1"). Stricter in three ways, each a case where Storage would fail or guess:
// no type coercion (a number is not taken for a prefix), limit and offset must fit the int parameters of
// Storage's search function (Storage answers larger ones with a database error), and no NUL in a prefix
// (no Postgres text can hold one).

export interface ListRequest {
  prefix: string;
  limit: number;
  offset: number;
  order: 'asc' | 'desc';
}

const INT_MAX = 2_147_483_647;
/** storage.search() lists at most this many entries, whatever the limit (`least(limits, 1500)`). */
const MOST_LISTED = 1500;
const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'];
const SORT_ORDERS = ['asc', 'desc'];

type Input = Record<string, unknown>;

function integer(input: Input, key: string, minimum: number, fallback: number): number | string {
  const value = input[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) return `body/${key} must be integer`;
  if (value < minimum) return `body/${key} must be >= ${minimum}`;
  if (value > INT_MAX) return `body/${key} must be <= ${INT_MAX}`;
  return value;
}

const isObject = (value: unknown): value is Input =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON body as an object (none is `{}`), or Fastify's message for one that is not (Storage's routes). */
export function objectBody(text: string): Input | string {
  let body: unknown = {};
  try {
    if (text.trim() !== '') body = JSON.parse(text);
  } catch {
    return "Body is not valid JSON but content-type is set to 'application/json'";
  }
  return isObject(body) ? body : 'body must be object';
}

/** The listing asked for, or the reason it is refused (Storage answers it with 400 InvalidRequest). */
export function parseListRequest(text: string): ListRequest | string {
  const body = objectBody(text);
  if (typeof body === 'string') return body;
  if (!('prefix' in body)) return "body must have required property 'prefix'";
  const { prefix, sortBy = { column: 'name' }, search = '' } = body;
  if (typeof prefix !== 'string') return 'body/prefix must be string';
  if (prefix.includes('\u0000')) return 'body/prefix must not contain the NUL character';
  const limit = integer(body, 'limit', 1, 100);
  if (typeof limit === 'string') return limit;
  const offset = integer(body, 'offset', 0, 0);
  if (typeof offset === 'string') return offset;
  if (!isObject(sortBy)) return 'body/sortBy must be object';
  if (!('column' in sortBy)) return "body/sortBy must have required property 'column'";
  if (!SORT_COLUMNS.includes(sortBy.column as string))
    return 'body/sortBy/column must be equal to one of the allowed values';
  const order = sortBy.order ?? 'asc';
  if (!SORT_ORDERS.includes(order as string)) return 'body/sortBy/order must be equal to one of the allowed values';
  if (typeof search !== 'string') return 'body/search must be string';
  // What the local stack does not imitate, it refuses by name (docs/decisions/0008-local-stack-imitates-rules.md).
  if (sortBy.column !== 'name') return `sortBy.column ${sortBy.column} is not supported by the local stack (only name)`;
  if (search !== '') return 'search is not supported by the local stack';
  return { prefix, limit: Math.min(limit, MOST_LISTED), offset, order: order as 'asc' | 'desc' };
}
