// Hostile query strings against /rest/v1, as a security review sent them. The rules are PostgREST's, read
// from src/PostgREST/ApiRequest/QueryParams.hs (pFieldSelect, pIdentifier, pFieldName, pColumns) and
// Error.hs (a QueryParamError is PGRST100 with 400): whatever its grammar refuses is an error, never SQL.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let ownerToken: string;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('hostile');
  ownerToken = await accessToken(owner.client);
  // The owner's own medal, so that a read of codes has a row to show.
  await stack.activatedAnimal(owner.client, { espece: 'dog', annee_naissance: 2015 });
});
afterAll(() => stack?.close());

/** A raw request to /rest/v1 with a path and query already encoded. */
function rest(pathAndQuery: string, init: RequestInit & { token?: string } = {}) {
  return fetch(`${stack.url}/rest/v1/${pathAndQuery}`, {
    ...init,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${init.token ?? ownerToken}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
}

/** The status and the parsed body of an error answer; fails the test when the body is not PostgREST's shape. */
async function errorOf(response: Response) {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`not a JSON body (status ${response.status}): ${text.slice(0, 200)}`);
  }
  expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  expect(body).toHaveProperty('details');
  expect(body).toHaveProperty('hint');
  return { status: response.status, text, body: body as { code: string; message: string; details: string | null } };
}

const INJECTION = 'id::"text as x from codes as t0 union select rolname from pg_roles union select id"';

describe('casts in select (PostgREST pFieldSelect: "::" then one pIdentifier, letters, digits, "_", "$", spaces)', () => {
  it('refuses the reported quoted cast with PGRST100 before any SQL runs, and no role name leaks', async () => {
    const service = await rest(`codes?select=${encodeURIComponent(INJECTION)}`, { token: stack.serviceRoleKey });
    const asService = await errorOf(service);
    expect(asService.status).toBe(400);
    expect(asService.body.code).toBe('PGRST100');
    expect(asService.body.message).toContain('failed to parse select parameter');
    expect(asService.text).not.toMatch(/pg_read_all|pg_monitor|authenticator|"postgres"/);

    // The same through supabase-js, as the owner whose row level security lets them read their codes.
    const viaClient = await owner.client.from('codes').select(INJECTION);
    expect(viaClient.status).toBe(400);
    expect(viaClient.error?.code).toBe('PGRST100');
    expect(viaClient.data).toBeNull();
    expect(JSON.stringify(viaClient)).not.toMatch(/pg_read_all|pg_monitor|authenticator/);
  });

  it('accepts the closed list of scalar casts, in any case, and gives the cast value', async () => {
    const { data, error, status } = await owner.client
      .from('codes')
      .select('id::TEXT, used::int, created_at::date, animal_id::uuid, flag:used::boolean')
      .limit(1)
      .single();
    expect({ status, error }).toEqual({ status: 200, error: null });
    expect(data).toMatchObject({ used: 1, flag: true, created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // PostgREST's pIdentifier holds spaces, so a two-word type is one cast.
    const spaced = await rest(`animals?select=${encodeURIComponent('year:annee_naissance::double  precision')}`);
    expect(spaced.status).toBe(200);
    expect(await spaced.json()).toEqual([{ year: 2015 }]);
  });

  it.each([
    ['a quoted type (pIdentifier has no quotes)', 'id::"text"'],
    ['a schema-qualified type (no "." in pIdentifier)', 'id::pg_catalog.text'],
    ['an array type (no "[" in pIdentifier)', 'id::text[]'],
    ['a type with a modifier (no "(" in pIdentifier)', 'id::varchar(3)'],
    ["a type outside the local stack's closed list", 'id::regclass'],
    ['words that are no type', 'id::text as x from codes'],
    ['a second cast', 'id::text::int'],
    ['an empty cast', 'id::'],
    ['a comment after the cast', 'id::text--'],
  ])('refuses %s with PGRST100', async (_, select) => {
    const answer = await errorOf(await rest(`codes?select=${encodeURIComponent(select)}`));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('PGRST100');
    expect(answer.body.message).toContain('failed to parse select parameter');
  });
});

describe('limit and offset (PostgREST reads them as whole numbers; the local stack refuses what it cannot hold)', () => {
  it.each(['1e300', '99999999999999999999', '-1', '1.5', '', 'abc', '0x10', ' 1', '1;select 1'])(
    'answers limit and offset %j with PGRST100',
    async (value) => {
      for (const name of ['limit', 'offset']) {
        const answer = await errorOf(await rest(`codes?select=id&${name}=${encodeURIComponent(value)}`));
        expect({ name, status: answer.status, code: answer.body.code }).toEqual({
          name,
          status: 400,
          code: 'PGRST100',
        });
      }
    },
  );

  it('still pages and counts with ordinary numbers, which travel as parameters', async () => {
    const page = await rest('codes?select=id&limit=1&offset=0', { headers: { prefer: 'count=exact' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toBe('0-0/1');
    expect(await page.json()).toHaveLength(1);
  });
});

// Text that breaks out of a naive SQL string: quotes, statement ends, comments, brackets, odd Unicode,
// a NUL byte and a very long word.
const HOSTILE = [
  "'",
  '"',
  '";select 1;--',
  'id;select 1',
  'id--',
  'id/*',
  '*/id',
  'id)',
  '(id',
  "id'||'",
  'id) union select rolname from pg_roles --',
  'é',
  '\u202eid',
  '\u0000',
  'id\u0000',
  '\\',
  '\\"',
  'x'.repeat(3000),
  '"id\u0000"',
  'id::text;--',
  '"id"--',
  'codes(id)--',
];

describe('hostile text in the grammar (PostgREST pFieldName, pOrder, pColumns: refused or unknown, never SQL)', () => {
  const post = (query: string, body: unknown = { id: 'MDL-HOSTILE' }) =>
    rest(`codes?${query}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { prefer: 'resolution=merge-duplicates,return=minimal' },
    });
  const cases: [string, (text: string) => Promise<Response>][] = [
    ['select', (text) => rest(`codes?select=${encodeURIComponent(text)}`)],
    ['embedded hint', (text) => rest(`codes?select=${encodeURIComponent(`id,animals!${text}(id)`)}`)],
    ['order', (text) => rest(`codes?select=id&order=${encodeURIComponent(text)}`)],
    ['order modifier', (text) => rest(`codes?select=id&order=${encodeURIComponent(`id.${text}`)}`)],
    ['filter column', (text) => rest(`codes?select=id&${encodeURIComponent(text)}=eq.1`)],
    ['filter operator', (text) => rest(`codes?select=id&id=${encodeURIComponent(text)}`)],
    ['is value', (text) => rest(`codes?select=id&used=is.${encodeURIComponent(text)}`)],
    ['logic tree', (text) => rest(`codes?select=id&or=${encodeURIComponent(`(${text}.eq.1,id.eq.2)`)}`)],
    ['on_conflict', (text) => post(`on_conflict=${encodeURIComponent(text)}`)],
    ['columns', (text) => post(`columns=${encodeURIComponent(text)}`)],
  ];

  for (const [where, send] of cases) {
    it(`answers every hostile ${where} with a 4xx and PostgREST's JSON error body`, async () => {
      for (const text of HOSTILE) {
        const answer = await errorOf(await send(text));
        expect({ text, status: answer.status >= 400 && answer.status < 500 }).toEqual({ text, status: true });
      }
    });
  }

  it('answers a hostile alias with a 4xx, or takes it as a name when pFieldName accepts it (letters, a quoted value)', async () => {
    for (const text of HOSTILE) {
      for (const alias of [text, `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`]) {
        const response = await rest(`codes?select=${encodeURIComponent(`${alias}:id`)}`);
        if (response.status !== 200) {
          expect({ alias, status: (await errorOf(response)).status < 500 }).toEqual({ alias, status: true });
          continue;
        }
        // PostgreSQL keeps the first 63 bytes of a name, as it does behind PostgREST.
        const [row] = (await response.json()) as Record<string, string>[];
        const [key = ''] = Object.keys(row ?? {});
        expect({ alias, prefix: text.trim().startsWith(key) && key.length > 0 }).toEqual({ alias, prefix: true });
      }
    }
  });

  it('treats hostile filter values as data: the rows match or a 4xx, never a 5xx', async () => {
    for (const text of HOSTILE) {
      for (const query of [`id=eq.${encodeURIComponent(text)}`, `id=in.(${encodeURIComponent(text)})`]) {
        const response = await rest(`codes?select=id&${query}`);
        if (response.status === 200) expect(await response.json()).toEqual([]);
        else expect((await errorOf(response)).status).toBeLessThan(500);
      }
    }
  });

  it('keeps serving after all of it', async () => {
    const { error, count } = await owner.client.from('codes').select('id', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(count).toBe(1);
  });
});

// Tokens of PostgREST's grammar and words of this schema, so that random text often parses far enough to
// reach the SQL layer.
const TOKENS = [
  ...',()!:.*"\\-> '.split(''),
  '::',
  'id',
  'used',
  'animal_id',
  'created_at',
  'animals',
  'codes',
  'text',
  'int',
  'eq.',
  'in.',
  'is.',
  'not.',
  'null',
  'or',
  'and',
  'desc',
  'nullslast',
  'inner',
  '%00',
  '%',
  "'",
  ';',
  '--',
  '1',
  '99999999999999999999',
];
const grammarText = fc.array(fc.constantFrom(...TOKENS), { maxLength: 12 }).map((parts) => parts.join(''));
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 30 }), grammarText);
const key = fc.oneof(
  fc.constantFrom('select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'id', 'used', 'p_code', 'animals.id'),
  anyText,
);
// Queries that mostly parse, so that hostile aliases, casts and values reach PostgreSQL.
const codesColumn = fc.constantFrom('id', 'used', 'animal_id', 'created_at', '"id"');
const quoted = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
const selectItem = fc
  .tuple(
    fc.option(fc.oneof(anyText, anyText.map(quoted))),
    codesColumn,
    fc.option(fc.oneof(fc.constantFrom('text', 'int', 'uuid', 'json', 'date', 'double precision', 'numeric'), anyText)),
  )
  .map(([alias, column, cast]) => `${alias === null ? '' : `${alias}:`}${column}${cast === null ? '' : `::${cast}`}`);
const parsingQuery = fc
  .record({
    select: fc
      .array(fc.oneof(selectItem, fc.constant('animals(*)')), { minLength: 1, maxLength: 3 })
      .map((items) => items.join(',')),
    order: fc
      .tuple(codesColumn, fc.constantFrom('', '.desc', '.asc.nullsfirst'))
      .map(([column, suffix]) => column + suffix),
    limit: fc.oneof(fc.nat().map(String), anyText),
    filters: fc.array(
      fc.tuple(codesColumn, fc.constantFrom('eq', 'neq', 'gt', 'like', 'ilike', 'in', 'is', 'cs', 'not.eq'), anyText),
      { maxLength: 2 },
    ),
  })
  .map(({ filters, ...reserved }) => {
    const params = new URLSearchParams(reserved);
    for (const [column, operator, value] of filters) {
      params.append(column, operator === 'in' ? `in.(${value})` : `${operator}.${value}`);
    }
    params.append('p_code', 'MDL-X');
    return params.toString();
  });
/** A query string: properly encoded pairs, raw text as an attacker would type it, or a query that parses. */
const queryString = fc.oneof(
  parsingQuery,
  fc.array(fc.tuple(key, anyText), { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs).toString()),
  fc
    .array(fc.oneof(grammarText, fc.constantFrom('&', '=', '%', '%zz', '%E0%A4', '#', '?')), { maxLength: 10 })
    .map((parts) => parts.join('')),
);

describe('any query string (PostgREST answers a query it cannot parse with a 4xx)', () => {
  it('never gets a 5xx from /rest/v1/codes or /rest/v1/rpc/code_status', async () => {
    await fc.assert(
      fc.asyncProperty(queryString, fc.boolean(), async (query, asOwner) => {
        for (const path of ['codes', 'rpc/code_status']) {
          const response = await rest(`${path}?${query}`, { token: asOwner ? ownerToken : stack.anonKey });
          const text = await response.text();
          expect(response.status, `${path}?${query} answered ${text.slice(0, 300)}`).toBeLessThan(500);
        }
      }),
      { numRuns: 200 },
    );
  });
});
