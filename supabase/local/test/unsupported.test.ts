// What the real services offer and the local stack does not, it refuses with a 501 that names it, in the
// service's own error shape, and never half does (docs/decisions/0008-local-stack-imitates-rules.md). Where the real
// service itself refuses or ignores a request, the stack does the same, and the test names the service's rule.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail, newTestDatabase, startTestStack, type TestStack } from '../src/testing.ts';

// Functions the product does not have, for the shapes of results PostgREST tells apart.
const TEST_FUNCTIONS = `
create function public.test_codes_like(p_prefix text) returns setof public.codes
  language sql stable as $$ select * from public.codes where id like p_prefix || '%' order by id $$;
create function public.test_numbers(p_count int) returns setof int
  language sql immutable as $$ select generate_series(1, p_count) $$;
create function public.test_squares(p_count int) returns table (n int, square int)
  language sql immutable as $$ select n, n * n from generate_series(1, p_count) n $$;
create function public.test_add(a int, b int) returns int language sql immutable as $$ select a + b $$;
grant execute on function public.test_codes_like, public.test_numbers, public.test_squares, public.test_add
  to anon, authenticated, service_role;
`;

let stack: TestStack;
let dataDir: string;
beforeAll(async () => {
  // The functions must exist when the stack reads its schema cache: a PGlite database prepared beforehand.
  dataDir = await mkdtemp(join(tmpdir(), 'medaille-unsupported-'));
  const database = await newTestDatabase(dataDir, { kind: 'pglite' });
  const db = await database.open();
  await db.exec(TEST_FUNCTIONS);
  await db.close();
  stack = await startTestStack({ dataDir, database });
});
afterAll(async () => {
  await stack?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A request as a client sends it: an API key, a bearer token (the key itself unless given), JSON. */
function send(path: string, init: RequestInit & { key?: string; token?: string } = {}) {
  const key = init.key ?? stack.anonKey;
  return fetch(`${stack.url}${path}`, {
    ...init,
    headers: {
      apikey: key,
      authorization: `Bearer ${init.token ?? key}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
}

const service = (path: string, init: RequestInit = {}) => send(path, { ...init, key: stack.serviceRoleKey });

/** Two codes sharing a prefix of their own, so that a test sees only its rows. */
async function twoCodes() {
  const prefix = `MDL-U${crypto.randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
  const ids = [`${prefix}A`, `${prefix}B`];
  const { error } = await stack
    .serviceClient()
    .from('codes')
    .insert(ids.map((id) => ({ id })));
  if (error) throw error;
  return { prefix, ids };
}

async function countCodes(prefix: string) {
  const { count } = await stack
    .serviceClient()
    .from('codes')
    .select('id', { count: 'exact', head: true })
    .like('id', `${prefix}%`);
  return count;
}

/** A 501 in PostgREST's error shape (code, message, details, hint) whose message names the feature. */
async function expectRestRefusal(response: Response, feature: string) {
  expect(response.status).toBe(501);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(body.code).toBe('PGRST127');
  expect(body.message).toContain(feature);
  expect(body.message).toContain('not supported by the local stack');
}

describe('REST: the Prefer header', () => {
  it('refuses Prefer: missing=default (PostgREST fills absent keys with column defaults) and writes nothing', async () => {
    const prefix = `MDL-M${crypto.randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
    // supabase-js's insert(rows, { defaultToNull: false }) asks PostgREST for missing=default.
    const { error, status } = await stack
      .serviceClient()
      .from('codes')
      .insert([{ id: `${prefix}A` }, { id: `${prefix}B`, used: true }], { defaultToNull: false });
    expect(status).toBe(501);
    expect(error).toMatchObject({ code: 'PGRST127' });
    expect(error?.message).toContain('Prefer: missing=default');
    expect(await countCodes(prefix)).toBe(0);
    await expectRestRefusal(
      await service('/rest/v1/codes?columns=id,used', {
        method: 'POST',
        headers: { prefer: 'missing=default' },
        body: JSON.stringify([{ id: `${prefix}C` }]),
      }),
      'Prefer: missing=default',
    );
    expect(await countCodes(prefix)).toBe(0);
  });

  it('keeps missing=null, the default: absent keys are null, as PostgREST writes them', async () => {
    const prefix = `MDL-N${crypto.randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
    const answer = await service('/rest/v1/codes?columns=id,batch', {
      method: 'POST',
      headers: { prefer: 'missing=null,return=representation' },
      body: JSON.stringify([{ id: `${prefix}A` }]),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('preference-applied')).toBe('missing=null, return=representation');
  });

  it('refuses the counts PostgREST estimates (count=planned, count=estimated), return=headers-only and timezone', async () => {
    const { error, status } = await stack.serviceClient().from('codes').select('id', { count: 'planned' }).limit(1);
    expect(status).toBe(501);
    expect(error?.message).toContain('Prefer: count=planned');
    await expectRestRefusal(
      await service('/rest/v1/codes?limit=1', { headers: { prefer: 'count=estimated' } }),
      'Prefer: count=estimated',
    );
    await expectRestRefusal(
      await service('/rest/v1/codes?limit=1', { headers: { prefer: 'timezone=Europe/Paris' } }),
      'Prefer: timezone',
    );
    const prefix = `MDL-H${crypto.randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
    await expectRestRefusal(
      await service('/rest/v1/codes', {
        method: 'POST',
        headers: { prefer: 'return=headers-only' },
        body: JSON.stringify({ id: `${prefix}A` }),
      }),
      'Prefer: return=headers-only',
    );
    expect(await countCodes(prefix)).toBe(0);
  });

  it('ignores unknown preferences unless handling=strict, then answers PGRST122 (PostgREST’s Preferences.hs)', async () => {
    const lenient = await service('/rest/v1/codes?limit=1', { headers: { prefer: 'no-such-preference' } });
    expect(lenient.status).toBe(200);
    const strict = await service('/rest/v1/codes?limit=1', {
      headers: { prefer: 'handling=strict, no-such-preference' },
    });
    expect(strict.status).toBe(400);
    expect(await strict.json()).toEqual({
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: no-such-preference',
      hint: null,
    });
  });

  it('refuses max-affected under handling=strict (supabase-js’s maxAffected), and ignores it otherwise as PostgREST does', async () => {
    const { prefix } = await twoCodes();
    await expectRestRefusal(
      await service(`/rest/v1/codes?id=like.${prefix}*`, {
        method: 'PATCH',
        headers: { prefer: 'handling=strict,max-affected=1' },
        body: JSON.stringify({ batch: 'refused' }),
      }),
      'Prefer: max-affected',
    );
    const lenient = await service(`/rest/v1/codes?id=like.${prefix}*`, {
      method: 'PATCH',
      headers: { prefer: 'max-affected=1,return=representation' },
      body: JSON.stringify({ batch: 'lenient' }),
    });
    expect(lenient.status).toBe(200);
    expect(await lenient.json()).toHaveLength(2);
  });
});

describe('REST: media types', () => {
  it('refuses the representations PostgREST offers besides JSON (supabase-js’s csv(), geojson(), explain())', async () => {
    await expectRestRefusal(await service('/rest/v1/codes?limit=1', { headers: { accept: 'text/csv' } }), 'text/csv');
    const { error, status } = await stack.serviceClient().from('codes').select('id').limit(1).csv();
    expect({ status, code: error?.code }).toEqual({ status: 501, code: 'PGRST127' });
    await expectRestRefusal(
      await service('/rest/v1/codes?limit=1', { headers: { accept: 'application/vnd.pgrst.plan+json' } }),
      'application/vnd.pgrst.plan+json',
    );
  });

  it('answers a media type PostgREST does not know either with 406 PGRST107', async () => {
    const answer = await service('/rest/v1/codes?limit=1', { headers: { accept: 'application/xml' } });
    expect(answer.status).toBe(406);
    expect(await answer.json()).toMatchObject({
      code: 'PGRST107',
      message: 'None of these media types are available: application/xml',
    });
  });

  it('serves JSON to a browser’s Accept, which lists */*', async () => {
    const answer = await service('/rest/v1/codes?limit=1', { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(answer.status).toBe(200);
  });
});

describe('REST: functions that return rows', () => {
  it('filter, order and limit a function returning setof a table, by GET or POST, as PostgREST does', async () => {
    const { prefix, ids } = await twoCodes();
    const get = await service(`/rest/v1/rpc/test_codes_like?p_prefix=${prefix}&id=eq.${ids[1]}&select=id`);
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual([{ id: ids[1] }]);
    const { data, error } = await stack
      .serviceClient()
      .rpc('test_codes_like', { p_prefix: prefix })
      .select('id')
      .order('id', { ascending: false })
      .limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: ids[1] }]);
  });

  it('takes a GET parameter as a filter when its value is an operator expression, else as an argument (PostgREST’s pRequestFilter)', async () => {
    const { prefix, ids } = await twoCodes();
    // p_prefix=eq.x would be a filter on a column p_prefix: the function then lacks its argument.
    const filterOnly = await service(`/rest/v1/rpc/test_codes_like?p_prefix=eq.${prefix}`);
    expect(filterOnly.status).toBe(404);
    expect(((await filterOnly.json()) as { code: string }).code).toBe('PGRST202');
    const both = await service(`/rest/v1/rpc/test_codes_like?p_prefix=${prefix}&id=neq.${ids[0]}`);
    expect(await both.json()).toMatchObject([{ id: ids[1] }]);
  });

  it('refuses filters, order, limit and select on a function returning setof a scalar or a table of its own', async () => {
    await expectRestRefusal(await service('/rest/v1/rpc/test_numbers?p_count=3&limit=1'), '/rpc/test_numbers');
    const { error, status } = await stack.serviceClient().rpc('test_squares', { p_count: 3 }).gt('square', 1);
    expect(status).toBe(501);
    expect(error?.message).toContain('/rpc/test_squares');
    await expectRestRefusal(
      await service('/rest/v1/rpc/test_squares?select=n', { method: 'POST', body: JSON.stringify({ p_count: 3 }) }),
      '/rpc/test_squares',
    );
  });

  it('still calls such functions whole, without filters', async () => {
    expect(await (await service('/rest/v1/rpc/test_numbers?p_count=3')).json()).toEqual([1, 2, 3]);
    const { data } = await stack.serviceClient().rpc('test_squares', { p_count: 2 });
    expect(data).toEqual([
      { n: 1, square: 1 },
      { n: 2, square: 4 },
    ]);
  });

  it('refuses Prefer: count on a function call (the function would run twice)', async () => {
    const { prefix } = await twoCodes();
    const { error, status } = await stack
      .serviceClient()
      .rpc('test_codes_like', { p_prefix: prefix }, { count: 'exact' });
    expect(status).toBe(501);
    expect(error?.message).toContain('Prefer: count=exact');
  });

  it('answers a filter on a function returning one value as PostgREST does: the column does not exist', async () => {
    const answer = await service('/rest/v1/rpc/test_add?a=1&b=2&value=eq.3');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: '42703', message: 'column pgrst_source.value does not exist' });
    expect(await (await service('/rest/v1/rpc/test_add?a=1&b=2')).json()).toBe(3);
  });

  it('pages a function’s one value like any row (limit=0 leaves none: null), as PostgREST’s query does', async () => {
    expect(await (await service('/rest/v1/rpc/test_add?a=1&b=2&limit=1')).json()).toBe(3);
    expect(await (await service('/rest/v1/rpc/test_add?a=1&b=2&limit=0')).json()).toBeNull();
  });
});

const auth = (path: string, init: RequestInit & { token?: string } = {}) => send(`/auth/v1${path}`, init);

/** A 501 in GoTrue's legacy error shape ({code, error_code, msg}) whose message names the feature. */
async function expectAuthRefusal(response: Response, feature: string) {
  expect(response.status).toBe(501);
  expect(response.headers.get('x-sb-error-code')).toBe('feature_disabled');
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'error_code', 'msg']);
  expect(body).toMatchObject({ code: 501, error_code: 'feature_disabled' });
  expect(body.msg).toContain(feature);
  expect(body.msg).toContain('not supported by the local stack');
}

describe('auth: changes to the signed-in user', () => {
  it('refuses a new e-mail address (supabase-js’s updateUser({ email })) and changes nothing', async () => {
    const owner = await stack.signedInOwner('email-change');
    const wanted = newEmail('new-address');
    const { data, error } = await owner.client.auth.updateUser({ email: wanted, data: { nom: 'Refusé' } });
    expect(data.user).toBeNull();
    // auth-js reads every 5xx as a retryable failure, keeping the status and the message, not the code.
    expect(error).toMatchObject({ status: 501, name: 'AuthRetryableFetchError' });
    expect(error?.message).toContain('Changing the e-mail address');
    const { data: after } = await owner.client.auth.getUser();
    expect(after.user?.email).toBe(owner.email);
    expect(after.user?.user_metadata.nom).toBeUndefined();
    const token = (await owner.client.auth.getSession()).data.session?.access_token as string;
    await expectAuthRefusal(
      await auth('/user', { method: 'PUT', token, body: JSON.stringify({ email: wanted }) }),
      'Changing the e-mail address',
    );
  });

  it('takes the same address, in any case, as no change, as GoTrue does', async () => {
    const owner = await stack.signedInOwner('same-email');
    const { error } = await owner.client.auth.updateUser({ email: owner.email.toUpperCase(), data: { nom: 'Rex' } });
    expect(error).toBeNull();
    expect((await owner.client.auth.getUser()).data.user?.user_metadata.nom).toBe('Rex');
  });

  it('refuses a phone number, and app_metadata from the user as GoTrue does (not_admin, user.go)', async () => {
    const owner = await stack.signedInOwner('phone-change');
    const token = (await owner.client.auth.getSession()).data.session?.access_token as string;
    await expectAuthRefusal(
      await auth('/user', { method: 'PUT', token, body: JSON.stringify({ phone: '+33612345678' }) }),
      'phone',
    );
    const admin = await auth('/user', { method: 'PUT', token, body: JSON.stringify({ app_metadata: { role: 'x' } }) });
    expect(admin.status).toBe(403);
    expect(await admin.json()).toEqual({
      code: 403,
      error_code: 'not_admin',
      msg: 'Updating app_metadata requires admin privileges',
    });
  });
});

describe('auth: flows and providers the stack does not offer', () => {
  it('refuses the PKCE flow (a code_challenge, grant_type=pkce) by name, and sends no e-mail', async () => {
    const email = newEmail('pkce');
    const challenge = { code_challenge: 'x'.repeat(43), code_challenge_method: 's256' };
    await expectAuthRefusal(
      await auth('/signup', {
        method: 'POST',
        body: JSON.stringify({ email, password: 'mot-de-passe-1', ...challenge }),
      }),
      'PKCE',
    );
    await expectAuthRefusal(
      await auth('/otp', { method: 'POST', body: JSON.stringify({ email, ...challenge }) }),
      'PKCE',
    );
    await expectAuthRefusal(
      await auth('/recover', { method: 'POST', body: JSON.stringify({ email, ...challenge }) }),
      'PKCE',
    );
    await expectAuthRefusal(
      await auth('/token?grant_type=pkce', {
        method: 'POST',
        body: JSON.stringify({ auth_code: 'x', code_verifier: 'y' }),
      }),
      'grant_type=pkce',
    );
    const mails = await fetch(`${stack.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
    expect(await mails.json()).toEqual([]);
  });

  it('refuses GoTrue’s other grant types by name, and answers an unknown one as GoTrue does (token.go)', async () => {
    for (const grant of ['id_token', 'web3']) {
      await expectAuthRefusal(
        await auth(`/token?grant_type=${grant}`, { method: 'POST', body: '{}' }),
        `grant_type=${grant}`,
      );
    }
    const unknown = await auth('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error_code: 'invalid_credentials', msg: 'unsupported_grant_type' });
  });

  it('answers phone numbers as GoTrue does with the phone provider off (signup.go, otp.go)', async () => {
    const phoneOnly = await auth('/signup', {
      method: 'POST',
      body: JSON.stringify({ phone: '+33612345678', password: 'mot-de-passe-1' }),
    });
    expect(phoneOnly.status).toBe(400);
    expect(await phoneOnly.json()).toMatchObject({
      error_code: 'phone_provider_disabled',
      msg: 'Phone signups are disabled',
    });
    const both = await auth('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: newEmail('both'), phone: '+33612345678', password: 'mot-de-passe-1' }),
    });
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Only an email address or phone number should be provided on signup.',
    });
    const otp = await stack.client().auth.signInWithOtp({ phone: '+33612345678' });
    expect(otp.error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Unsupported phone provider',
    });
  });

  it('refuses GoTrue’s endpoints it does not serve by name (resend, MFA factors, OAuth, SSO, admin...)', async () => {
    const { error } = await stack.client().auth.resend({ type: 'signup', email: newEmail('resend') });
    expect(error).toMatchObject({ status: 501 });
    expect(error?.message).toContain('/auth/v1/resend');
    const endpoints: [string, string, string][] = [
      ['POST', '/resend', 'resend'],
      ['POST', '/magiclink', 'magiclink'],
      ['GET', '/reauthenticate', 'reauthenticate'],
      ['POST', '/factors', 'factors'],
      ['GET', '/authorize?provider=google', 'authorize'],
      ['GET', '/admin/users', 'admin'],
      ['POST', '/sso', 'sso'],
      ['POST', '/invite', 'invite'],
    ];
    for (const [method, path, name] of endpoints) {
      const body = method === 'POST' ? { body: '{}' } : {};
      await expectAuthRefusal(await auth(path, { method, ...body }), `/auth/v1/${name}`);
    }
    const unknown = await auth('/no-such-endpoint');
    expect(unknown.status).toBe(404);
  });
});

/** A 501 in Storage's error shape ({statusCode, error, message, code}) whose message names the feature. */
async function expectStorageRefusal(response: Response, feature: string) {
  expect(response.status).toBe(501);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: '501', error: 'Not Implemented', code: 'NotSupported' });
  expect(body.message).toContain(feature);
  expect(body.message).toContain('not supported by the local stack');
}

describe('storage: what the stack does not serve', () => {
  const BUCKET = 'animal-photos';

  it('refuses signed upload URLs, moves, copies, object info and buckets by name (supabase-js’s storage API)', async () => {
    const storage = stack.serviceClient().storage;
    const signedUpload = await storage.from(BUCKET).createSignedUploadUrl('x/photo.jpg');
    expect(signedUpload.error?.message).toContain('Signed upload URLs');
    const moved = await storage.from(BUCKET).move('x/a.jpg', 'x/b.jpg');
    expect(moved.error?.message).toContain('/object/move');
    const buckets = await storage.listBuckets();
    expect(buckets.error?.message).toContain('/bucket');
    const requests: [string, string, string][] = [
      ['POST', `/object/upload/sign/${BUCKET}/x/photo.jpg`, 'Signed upload URLs'],
      ['POST', '/object/copy', '/object/copy'],
      ['GET', `/object/info/${BUCKET}/x/photo.jpg`, '/object/info'],
      ['GET', `/bucket/${BUCKET}`, '/bucket'],
      ['POST', '/upload/resumable', 'Resumable uploads'],
      ['GET', `/render/image/authenticated/${BUCKET}/x/photo.jpg`, 'authenticated'],
    ];
    for (const [method, path, feature] of requests) {
      const answer = await service(`/storage/v1${path}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
      await expectStorageRefusal(answer, feature);
    }
  });

  it('refuses a download as an attachment (?download) and user metadata on an upload, storing nothing', async () => {
    const download = await fetch(
      `${stack.url}/storage/v1/object/public/${BUCKET}/b0000000-0000-4000-8000-000000000001/demo-1.png?download=rex.png`,
    );
    await expectStorageRefusal(download, '?download');
    const owner = await stack.signedInOwner('metadata');
    const { animalId } = await stack.activatedAnimal(owner.client);
    const path = `${animalId}/with-metadata.png`;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const upload = await owner.client.storage
      .from(BUCKET)
      .upload(path, new Blob([png], { type: 'image/png' }), { metadata: { source: 'camera' } });
    expect(upload.error?.message).toContain('metadata');
    const listed = await owner.client.storage.from(BUCKET).list(animalId);
    expect(listed.data).toEqual([]);
  });
});
