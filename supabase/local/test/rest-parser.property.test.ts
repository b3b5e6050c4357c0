// Properties of the /rest/v1 query parser and SQL builder over arbitrary input (fast-check). The rule is
// PostgREST's (src/PostgREST/ApiRequest/QueryParams.hs): what its grammar does not accept is a PGRST100
// error, never SQL. So: the parser answers with data or its ApiError, never another exception; a cast is
// one of the closed list; and a statement built from any parsed query holds no request text outside
// double-quoted names (quotes doubled) and parameters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/rest/errors.ts';
import {
  parseColumns,
  parseFilter,
  parseLogic,
  parseOrder,
  parseReadQuery,
  parseSelect,
  SELECT_CASTS,
  type SelectItem,
} from '../src/rest/query.ts';
import type { SchemaCache, Table } from '../src/rest/schema-cache.ts';
import { deleteStatement, insertStatement, readStatement, rpcStatement, updateStatement } from '../src/rest/sql.ts';

const RUNS = { numRuns: 500 };

// Tokens of PostgREST's grammar, SQL's favourite breakers and this schema's words.
const TOKENS = [
  ...',()!:.*"\\-> \t\'\u0000'.split(''),
  '::',
  '->>',
  '...',
  '--',
  '/*',
  ';',
  'é',
  '\u202e',
  'id',
  'nom',
  'used',
  'animal_id',
  'codes',
  'animals',
  'animal_photos',
  'count',
  'text',
  'int',
  'double precision',
  'eq',
  'in',
  'is',
  'not',
  'null',
  'or',
  'and',
  'desc',
  'nullsfirst',
  'inner',
  'left',
  'union select rolname from pg_roles',
  '1',
  '99999999999999999999',
];
const grammarText = fc.array(fc.constantFrom(...TOKENS), { maxLength: 14 }).map((parts) => parts.join(''));
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  grammarText,
);

/** Runs `parse`; it must give data or throw the parser's ApiError (a 4xx), nothing else. */
function dataOrApiError<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { status } = error as ApiError;
    expect(status === 300 || (status >= 400 && status < 500)).toBe(true);
    return undefined;
  }
}

function* items(select: SelectItem[]): Generator<SelectItem> {
  for (const item of select) {
    yield item;
    if (item.kind === 'embed') yield* items(item.select);
  }
}

describe('the query parser (PostgREST QueryParams.hs: refused input is PGRST100, never an exception)', () => {
  it('parseSelect, parseOrder and parseColumns give data or their ApiError for any text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const select = dataOrApiError(() => parseSelect(text));
        for (const item of items(select ?? [])) {
          if (item.kind === 'star') continue;
          expect(item.name).not.toContain('\0');
          expect(item.alias ?? '').not.toContain('\0');
          // pFieldSelect's cast, closed to the list of scalar types.
          if (item.kind === 'column' && item.cast !== undefined) expect(SELECT_CASTS).toContain(item.cast);
        }
        dataOrApiError(() => parseOrder(text));
        dataOrApiError(() => parseColumns('on_conflict', text));
        dataOrApiError(() => parseColumns('columns', text));
      }),
      RUNS,
    );
  });

  it('parseFilter and parseLogic give data or their ApiError for any text', () => {
    fc.assert(
      fc.property(anyText, anyText, (column, text) => {
        const filter = dataOrApiError(() => parseFilter(column, text));
        if (filter?.kind === 'filter' && filter.operator === 'is') {
          expect(['null', 'true', 'false', 'unknown']).toContain(filter.value);
        }
        dataOrApiError(() => parseLogic('or', text));
        dataOrApiError(() => parseLogic('and', `(${text})`, true));
      }),
      RUNS,
    );
  });

  it('parseReadQuery gives data or its ApiError for any query string, with limits a number holds', () => {
    const key = fc.oneof(fc.constantFrom('select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'id'), anyText);
    fc.assert(
      fc.property(fc.array(fc.tuple(key, anyText), { maxLength: 5 }), fc.boolean(), (pairs, raw) => {
        const params = raw
          ? new URLSearchParams(pairs.map(([k, v]) => `${k}=${v}`).join('&'))
          : new URLSearchParams(pairs);
        const query = dataOrApiError(() => parseReadQuery(params));
        for (const count of [query?.limit, query?.offset]) {
          if (count !== undefined) expect(Number.isSafeInteger(count) && count >= 0).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('refuses deep nesting with PGRST100 instead of exhausting the stack', () => {
    const deep = `${'a('.repeat(5000)}id${')'.repeat(5000)}`;
    expect(() => parseSelect(deep)).toThrow(ApiError);
    expect(() => parseLogic('or', `${'(or'.repeat(5000)}(id.eq.1)${')'.repeat(5000)}`)).toThrow(ApiError);
  });
});

// A tiny schema cache: this product's shape, plus a table and a column whose names need quoting.
function table(name: string, columns: Record<string, string>, primaryKey = ['id']): Table {
  return {
    name,
    primaryKey,
    columns: new Map(Object.entries(columns).map(([column, type]) => [column, { name: column, type }])),
  };
}
const cache: SchemaCache = {
  tables: new Map(
    [
      table('codes', { id: 'text', used: 'boolean', animal_id: 'uuid', created_at: 'timestamp with time zone' }),
      table('animals', {
        id: 'uuid',
        nom: 'character varying(80)',
        annee_naissance: 'integer',
        poids_kg: 'numeric(5,2)',
        tags: 'text[]',
        cover_photo_id: 'uuid',
      }),
      table('animal_photos', { id: 'uuid', animal_id: 'uuid', path: 'text', position: 'integer' }),
      table('odd"table', { id: 'integer', 'we"ird; col': 'text', é: 'public.my_enum' }),
    ].map((t) => [t.name, t]),
  ),
  foreignKeys: [
    {
      name: 'codes_animal_id_fkey',
      table: 'codes',
      columns: ['animal_id'],
      foreignTable: 'animals',
      foreignColumns: ['id'],
      oneToOne: true,
    },
    {
      name: 'animal_photos_animal_id_fkey',
      table: 'animal_photos',
      columns: ['animal_id'],
      foreignTable: 'animals',
      foreignColumns: ['id'],
      oneToOne: false,
    },
    {
      name: 'animals_cover_photo_id_fkey',
      table: 'animals',
      columns: ['cover_photo_id'],
      foreignTable: 'animal_photos',
      foreignColumns: ['id'],
      oneToOne: false,
    },
  ],
  routines: new Map([
    [
      'code_status',
      [
        {
          name: 'code_status',
          args: [{ name: 'p_code', type: 'text', hasDefault: false }],
          returnsSet: false,
          returnType: 'text',
          returnsComposite: false,
        },
      ],
    ],
    [
      'photos_of',
      [
        {
          name: 'photos_of',
          args: [{ name: 'p_animal', type: 'uuid', hasDefault: false }],
          returnsSet: true,
          returnType: 'animal_photos',
          returnsComposite: true,
        },
      ],
    ],
  ]),
};
const TABLES = [...cache.tables.keys()];
const COLUMNS = [...new Set([...cache.tables.values()].flatMap((t) => [...t.columns.keys()]))];
const SCHEMA_TYPES = [
  ...new Set([...cache.tables.values()].flatMap((t) => [...t.columns.values()].map((c) => c.type))),
];

// Casts the builder may write: the closed list, the schema cache's types, and its own json/text/int/bigint.
const ALLOWED_TYPES = [...SELECT_CASTS, ...SCHEMA_TYPES, 'json', 'text', 'int', 'bigint', 'uuid']
  .flatMap((type) => [type, `${type}[]`])
  .sort((a, b) => b.length - a.length);
// Every word the builder writes itself; any other word outside quotes would have come from the request.
const SQL_WORDS = new Set(
  [
    'select coalesce json_agg json_populate_recordset json_populate_record json_array_elements_text row_to_json',
    'to_json as body count int page_count from where and or not true false null unknown is any array like',
    'ilike order by asc desc nulls first last limit offset bigint with insert into update set delete returning',
    'on conflict do nothing excluded total _row _source _r _e QUOTED_NAME',
  ]
    .join(' ')
    .split(' '),
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Longest first, so that "integer" is not read as "int" and a word.
const LISTED_CAST = new RegExp(`::(?:${ALLOWED_TYPES.map(escapeRegExp).join('|')})(?![\\w$])`, 'g');

/** Checks that `sql` holds only the builder's own words, quoted names, parameters and listed casts. */
function expectNoRequestText(sql: string) {
  expect(sql).not.toContain('\0');
  // Quoted names (quotes doubled inside) become one mark word, then the builder's two literals and the
  // listed casts go; what remains must be the builder's own words, parameters and punctuation.
  const outside = sql
    .replace(/"(?:[^"]|"")*"/g, ' QUOTED_NAME ')
    .replace(/'\[\]'|''/g, ' ')
    .replace(LISTED_CAST, ' ');
  expect(outside).not.toMatch(/["';]|--|\/\*/);
  // The one other cast is to a quoted name: a table's row type.
  expect(outside.replaceAll(':: QUOTED_NAME', ' '), sql).not.toContain('::');
  const words = outside.replace(/\$\d+/g, ' ').match(/[^\s()[\],.*=<>@:]+/g) ?? [];
  for (const word of words) expect(SQL_WORDS.has(word) || /^t\d+$/.test(word), `${word} in ${sql}`).toBe(true);
}

const highestParameter = (sql: string) =>
  Math.max(0, ...[...sql.replace(/"(?:[^"]|"")*"/g, ' ').matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));

// Query text built from pieces that mostly parse, so that hostile text reaches the SQL builder where it
// may: quoted names and aliases, filter values, casts written in odd ways.
const quote = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
const hostileName = fc.oneof(anyText, anyText.map(quote));
/** Mostly a column of `table` (bare or quoted), sometimes anything. */
const nameIn = (table: string) => {
  const columns = [...(cache.tables.get(table)?.columns.keys() ?? ['id'])];
  return fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...columns) },
    { weight: 3, arbitrary: fc.constantFrom(...columns).map(quote) },
    { weight: 1, arbitrary: hostileName },
  );
};
const alias = fc.option(
  fc.oneof(
    { weight: 3, arbitrary: anyText.map(quote) },
    { weight: 1, arbitrary: anyText },
    { weight: 1, arbitrary: fc.constantFrom('nom', 'x y', 'a-b', '$1', 'é') },
  ),
  { freq: 2 },
);
const castWord = fc.option(
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...SELECT_CASTS, 'TEXT', 'double  precision', ' int ') },
    { weight: 1, arbitrary: anyText },
  ),
  { freq: 2 },
);
const RELATED: Record<string, { table: string; hint?: string }[]> = {
  codes: [{ table: 'animals' }],
  animals: [{ table: 'codes' }, { table: 'animal_photos', hint: 'animal_photos_animal_id_fkey' }],
  animal_photos: [{ table: 'animals', hint: 'animal_photos_animal_id_fkey' }, { table: 'animals' }],
  'odd"table': [{ table: 'codes' }],
};
const withAlias = (text: string, name: string | null) => (name === null ? text : `${name}:${text}`);
function selectFor(table: string, depth: number): fc.Arbitrary<string> {
  const column = fc
    .tuple(alias, nameIn(table), castWord)
    .map(([a, n, cast]) => withAlias(cast === null ? n : `${n}::${cast}`, a));
  const embed = fc
    .constantFrom(...(RELATED[table] ?? []))
    .chain(({ table: target, hint }) =>
      fc
        .tuple(alias, fc.option(fc.constantFrom(hint ?? 'inner', 'left', 'x')), selectFor(target, depth - 1))
        .map(([a, bang, inner]) => withAlias(`${target}${bang === null ? '' : `!${bang}`}(${inner})`, a)),
    );
  const item = depth > 0 ? fc.oneof({ weight: 4, arbitrary: column }, { weight: 1, arbitrary: embed }) : column;
  return fc
    .array(fc.oneof({ weight: 6, arbitrary: item }, { weight: 1, arbitrary: fc.constant('*') }), {
      minLength: 1,
      maxLength: 4,
    })
    .map((parts) => parts.join(','));
}
function filterFor(table: string): fc.Arbitrary<[string, string]> {
  const expression = fc.oneof(
    fc
      .tuple(fc.constantFrom('eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'cs', 'cd', 'not.eq'), anyText)
      .map(([op, value]) => `${op}.${value}`),
    fc
      .tuple(fc.constantFrom('in', 'not.in'), fc.array(fc.oneof(anyText, anyText.map(quote)), { maxLength: 3 }))
      .map(([op, values]) => `${op}.(${values.join(',')})`),
    fc.constantFrom('is.null', 'is.TRUE', 'not.is.false', 'is.unknown', 'is.nul'),
  );
  return fc.tuple(nameIn(table), expression);
}
const orderFor = (table: string) =>
  fc
    .array(fc.tuple(nameIn(table), fc.constantFrom('', '.asc', '.desc', '.desc.nullslast', '.nullsfirst', '.x')), {
      minLength: 1,
      maxLength: 3,
    })
    .map((terms) => terms.map(([n, suffix]) => `${n}${suffix}`).join(','));
const logicFor = (table: string) =>
  fc
    .array(filterFor(table), { minLength: 1, maxLength: 3 })
    .map((filters) => `(${filters.map(([n, expression]) => `${n}.${expression}`).join(',')})`);
const count = fc.oneof({ weight: 6, arbitrary: fc.nat().map(String) }, { weight: 1, arbitrary: anyText });
const queryFor = (table: string) =>
  fc
    .record(
      {
        select: selectFor(table, 2),
        order: orderFor(table),
        limit: count,
        offset: count,
        or: logicFor(table),
        filters: fc.array(filterFor(table), { maxLength: 3 }),
      },
      { requiredKeys: ['filters'] },
    )
    .map(({ filters, ...reserved }) => {
      const params = new URLSearchParams(Object.entries(reserved) as [string, string][]);
      for (const [key, value] of filters) params.append(key, value);
      return params;
    });
const tableAndQuery = fc.constantFrom(...TABLES).chain((table) => fc.tuple(fc.constant(table), queryFor(table)));
const name = fc.oneof(fc.constantFrom(...COLUMNS), hostileName);

describe('statements built from any parsed query (values are parameters, names are quoted, casts are listed)', () => {
  it('reads, updates and deletes hold no request text outside quoted names and parameters', () => {
    fc.assert(
      fc.property(tableAndQuery, ([tableName, params]) => {
        const query = dataOrApiError(() => parseReadQuery(params));
        // A query refused as PostgREST refuses it is a skipped run, counted: too many and the property fails.
        fc.pre(query !== undefined);
        const read = dataOrApiError(() => readStatement(cache, tableName, query));
        const built = [
          read?.sql,
          read?.countSql,
          dataOrApiError(() => deleteStatement(cache, tableName, { representation: true, query }))?.sql,
          dataOrApiError(() => updateStatement(cache, tableName, { id: 1 }, { representation: true, query }))?.sql,
          dataOrApiError(() => rpcStatement(cache, 'photos_of', { p_animal: 'x' }, query))?.sql,
        ];
        for (const sql of built) if (sql !== undefined) expectNoRequestText(sql);
        // Each statement numbers exactly the parameters it is sent with.
        if (read) {
          expect(highestParameter(read.sql)).toBe(read.params.length);
          expect(highestParameter(read.countSql)).toBe(read.countParams.length);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('inserts with any body keys, columns and on_conflict hold no request text either', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TABLES),
        fc.array(name, { minLength: 1, maxLength: 3 }),
        fc.option(fc.array(name, { minLength: 1, maxLength: 3 }).map((names) => names.join(','))),
        fc.option(fc.array(name, { minLength: 1, maxLength: 2 }).map((names) => names.join(','))),
        fc.constantFrom('merge', 'ignore', undefined),
        (tableName, keys, columnsText, onConflictText, resolution) => {
          const columns = columnsText === null ? null : dataOrApiError(() => parseColumns('columns', columnsText));
          const onConflict =
            onConflictText === null ? null : dataOrApiError(() => parseColumns('on_conflict', onConflictText));
          if (columns === undefined || onConflict === undefined) return;
          const row = Object.fromEntries(keys.map((key) => [key, 1]));
          const statement = dataOrApiError(() =>
            insertStatement(cache, tableName, [row], {
              representation: true,
              query: { select: [{ kind: 'star' }], where: [], order: [] },
              columns,
              onConflict,
              ...(resolution ? { resolution } : {}),
            }),
          );
          if (statement) expectNoRequestText(statement.sql);
        },
      ),
      RUNS,
    );
  });

  it('the reported injection never reaches SQL, and the closed casts do', () => {
    const injection = 'id::"text as x from codes as t0 union select rolname from pg_roles union select id"';
    expect(() => parseSelect(injection)).toThrow(ApiError);
    const { sql } = readStatement(cache, 'codes', {
      select: parseSelect('id::TEXT,flag:used::int,created_at::double  precision'),
      where: [],
      order: [],
      limit: 5,
    });
    expectNoRequestText(sql);
    expect(sql).toContain('"t0"."id"::text as "id"');
    expect(sql).toContain('::double precision as "created_at"');
    expect(sql).toMatch(/limit \$1::bigint/);
  });
});
