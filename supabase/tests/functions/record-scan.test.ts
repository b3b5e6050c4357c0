import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let rex: { code: string; animalId: string };

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('scans');
  rex = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
});
afterAll(() => stack?.close());

const share = (overrides: Record<string, unknown> = {}) => ({
  codeId: rex.code,
  animalId: rex.animalId,
  lat: 45.764,
  lon: 4.8357,
  accuracy: 12.4,
  userAgent: 'Mozilla/5.0 (test)',
  consent: true,
  ...overrides,
});

describe('record-scan', () => {
  it('stores the location, shows it on the lost animal’s profile and e-mails the owner a map link', async () => {
    await owner.client.from('animals').update({ is_lost: true }).eq('id', rex.animalId);
    const { status, body } = await invoke(stack, 'record-scan', share());
    expect({ status, body }).toEqual({ status: 200, body: { ok: true } });

    const profile = await invoke(stack, 'get_public_profile', { code: rex.code });
    expect(profile.body.last_known_location).toMatchObject({ lat: 45.764, lon: 4.8357, accuracy_m: 12.4 });
    const { data } = await owner.client.from('scan_events').select('lat, lon').eq('animal_id', rex.animalId);
    expect(data).toContainEqual({ lat: 45.764, lon: 4.8357 });
    // The finder's browser is kept for the server, not shown to the owner.
    const { data: stored } = await stack
      .serviceClient()
      .from('scan_events')
      .select('user_agent')
      .eq('animal_id', rex.animalId);
    expect(stored).toContainEqual({ user_agent: 'Mozilla/5.0 (test)' });

    const mails = await stack.mails(owner.email);
    // Opening the lost animal's page also told the owner: the position has its own e-mail.
    const shared = mails.filter((mail) => mail.subject === 'Position partagée pour Rex');
    expect(shared).toHaveLength(1);
    expect(shared[0]?.text).toContain('https://www.openstreetmap.org/?mlat=45.764&mlon=4.8357#map=17/45.764/4.8357');
    expect(shared[0]?.text).toContain('précision : environ 12 m');
    expect(mails.map((mail) => mail.subject)).toContain("Le profil de Rex vient d'être consulté");
  });

  it('allows one share per code and client every 2 minutes', async () => {
    const address = newClientAddress();
    expect((await invoke(stack, 'record-scan', share(), address)).status).toBe(200);
    const again = await invoke(stack, 'record-scan', share(), address);
    expect(again.status).toBe(429);
    expect(again.body).toEqual({
      code: 'scan_cooldown',
      error: 'Vous pouvez partager votre position une fois toutes les 2 minutes.',
    });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(100);
    expect((await invoke(stack, 'record-scan', share(), newClientAddress())).status).toBe(200);
  });

  it('refuses without consent, with an impossible position, a mismatched animal or an unknown code', async () => {
    const cases = [
      [share({ consent: false }), 400, 'consent_required'],
      [share({ consent: undefined }), 400, 'consent_required'],
      [share({ lat: 90.5 }), 400, 'invalid_location'],
      [share({ lon: -181 }), 400, 'invalid_location'],
      [share({ lat: '45.7' }), 400, 'invalid_location'],
      [share({ animalId: crypto.randomUUID() }), 400, 'animal_mismatch'],
      [share({ codeId: 'MDL-INCONNU' }), 404, 'code_not_found'],
    ] as const;
    for (const [request, status, code] of cases) {
      const answer = await invoke(stack, 'record-scan', request);
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
      expect(typeof answer.body.error).toBe('string');
    }
  });

  it('purges shared locations older than 90 days, and keeps the recent ones', async () => {
    const other = await stack.activatedAnimal(owner.client, { nom: 'Ancien' });
    await invoke(stack, 'record-scan', share({ codeId: other.code, animalId: other.animalId }));
    await invoke(stack, 'record-scan', share({ codeId: other.code, animalId: other.animalId }));
    await stack.db.query(
      `update public.scan_events set created_at = now() - interval '91 days'
       where id = (select id from public.scan_events where animal_id = $1 order by created_at limit 1)`,
      [other.animalId],
    );
    const purged = await stack.serviceClient().rpc('purge_old_scan_events');
    expect(purged.data).toBeGreaterThanOrEqual(1);
    const { data } = await owner.client.from('scan_events').select('id').eq('animal_id', other.animalId);
    expect(data).toHaveLength(1);
    const denied = await owner.client.rpc('purge_old_scan_events');
    expect(denied.error?.code).toBe('42501');
  });
});
