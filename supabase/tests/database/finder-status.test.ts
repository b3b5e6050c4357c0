// What a finder says they are doing, in SQL (finder_messages.finder_status, record_finder_message): 'Je l'ai avec
// moi', 'Je l'ai vu ici' with a position they agreed to give, 'Je l'ai déposé chez …' with the place. The household
// reads it, the finder's link shows it back without the coordinates, and the household is told at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createOwner('statut');
});
afterAll(() => t?.close());

async function value<T = Record<string, unknown>>(actor: Actor, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.as(actor, (tx) => tx.query<{ value: T }>(`select ${sql} as value`, params));
  return rows[0]?.value as T;
}

interface Status {
  status: string | null;
  place?: string | null;
  lat?: number | null;
  lon?: number | null;
  accuracy?: number | null;
  message?: string | null;
  client?: string;
}

/** A finder's message saying what they are doing: record_finder_message's answer. */
const finderSays = (code: string, s: Status) =>
  value<{ conversation_token: string; notify: boolean; digest: boolean }>(
    'service',
    'public.record_finder_message($1, $2, null, null, $3, $4, null, $5, $6, $7, $8, $9)',
    [
      code,
      s.message ?? null,
      s.client ?? randomUUID(),
      'en',
      s.status,
      s.place ?? null,
      s.lat ?? null,
      s.lon ?? null,
      s.accuracy ?? null,
    ],
  );

/** The constraint a refused statement names. */
async function refusal(code: string, s: Status): Promise<string> {
  const error = await finderSays(code, s).then(
    () => null,
    (caught: { constraint?: string }) => caught,
  );
  return error?.constraint ?? 'stored';
}

describe('what a finder says they are doing', () => {
  it('is stored without any words, read by the household, and shown back to the finder without the coordinates', async () => {
    const { animalId, code } = await t.activateAnimal(owner, { nom: 'Rex' });
    const withMe = await finderSays(code, { status: 'with_me' });
    const seen = await finderSays(code, { status: 'seen_here', lat: 48.8566, lon: 2.3522, accuracy: 12 });
    const dropped = await finderSays(code, {
      status: 'dropped_off',
      place: 'Clinique du Parc, Lyon',
      message: 'Il va bien',
    });

    const rows = await value<unknown[]>(
      owner,
      `(select jsonb_agg(jsonb_build_object('status', finder_status, 'place', status_place, 'lat', seen_lat,
          'lon', seen_lon, 'accuracy', seen_accuracy_m, 'message', message) order by created_at)
        from public.finder_messages where animal_id = $1)`,
      [animalId],
    );
    expect(rows).toEqual([
      { status: 'with_me', place: null, lat: null, lon: null, accuracy: null, message: null },
      { status: 'seen_here', place: null, lat: 48.8566, lon: 2.3522, accuracy: 12, message: null },
      {
        status: 'dropped_off',
        place: 'Clinique du Parc, Lyon',
        lat: null,
        lon: null,
        accuracy: null,
        message: 'Il va bien',
      },
    ]);

    const shown = async (token: string) =>
      (await value<{ messages: unknown[] }>('service', 'public.finder_conversation($1)', [token])).messages[0];
    expect(await shown(withMe.conversation_token)).toMatchObject({
      status: 'with_me',
      place: null,
      with_position: false,
    });
    const seenShown = await shown(seen.conversation_token);
    expect(seenShown).toMatchObject({ status: 'seen_here', with_position: true });
    expect(JSON.stringify(seenShown)).not.toContain('48.8566');
    expect(await shown(dropped.conversation_token)).toMatchObject({
      status: 'dropped_off',
      place: 'Clinique du Parc, Lyon',
      text: 'Il va bien',
    });
  });

  it('forgets where it was seen after 90 days, like a shared position, and keeps what the finder said', async () => {
    const { animalId, code } = await t.activateAnimal(owner, { nom: 'Pirate' });
    await finderSays(code, { status: 'seen_here', lat: 45.76, lon: 4.83, accuracy: 30, message: 'Au parc' });
    await finderSays(code, { status: 'seen_here', lat: 45.77, lon: 4.84, accuracy: 10 });
    await t.db.query(
      `update public.finder_messages set created_at = now() - interval '91 days'
       where id = (select id from public.finder_messages where animal_id = $1 order by created_at limit 1)`,
      [animalId],
    );
    await value('service', 'public.purge_old_scan_events()');
    const rows = await value<unknown[]>(
      owner,
      `(select jsonb_agg(jsonb_build_object('status', finder_status, 'lat', seen_lat, 'lon', seen_lon,
          'accuracy', seen_accuracy_m, 'message', message) order by created_at)
        from public.finder_messages where animal_id = $1)`,
      [animalId],
    );
    expect(rows).toEqual([
      { status: 'seen_here', lat: null, lon: null, accuracy: null, message: 'Au parc' },
      { status: 'seen_here', lat: 45.77, lon: 4.84, accuracy: 10, message: null },
    ]);
  });

  it('refuses what does not go together: a place but with it, a position but where it was seen, half a position', async () => {
    const { code } = await t.activateAnimal(owner, { nom: 'Mina' });
    expect(await refusal(code, { status: 'lost_it' })).toBe('finder_messages_status_valeurs');
    expect(await refusal(code, { status: 'dropped_off' })).toBe('finder_messages_status_place_requis');
    expect(await refusal(code, { status: 'with_me', place: 'Mairie' })).toBe('finder_messages_status_place_requis');
    expect(await refusal(code, { status: null, place: 'Mairie', message: 'x' })).toBe(
      'finder_messages_status_place_requis',
    );
    expect(await refusal(code, { status: 'with_me', lat: 48, lon: 2 })).toBe('finder_messages_seen_position');
    expect(await refusal(code, { status: null, lat: 48, lon: 2, message: 'x' })).toBe('finder_messages_seen_position');
    expect(await refusal(code, { status: 'seen_here', lat: 48 })).toBe('finder_messages_seen_position');
    expect(await refusal(code, { status: 'seen_here', lat: 91, lon: 2 })).toBe('finder_messages_seen_lat_plage');
    expect(await refusal(code, { status: null })).toBe('finder_messages_non_vide');
    expect(await refusal(code, { status: 'dropped_off', place: 'x'.repeat(121) })).toBe(
      'finder_messages_status_place_longueur',
    );
    expect(await refusal(code, { status: 'seen_here' })).toBe('stored');
  });

  it('is told to the household at once, past the messages’ own limits, six times an hour per animal', async () => {
    const { code } = await t.activateAnimal(owner, { nom: 'Filou' });
    const client = randomUUID();
    // A client's first three messages an hour are e-mailed, the next ones only stored.
    for (let index = 0; index < 3; index += 1) {
      expect((await finderSays(code, { status: null, message: `Vu ${index}`, client })).notify).toBe(true);
    }
    expect((await finderSays(code, { status: null, message: 'Encore', client })).notify).toBe(false);
    // What the finder is doing still goes at once, for that client as for others, six times an hour.
    const told = [];
    for (let index = 0; index < 7; index += 1) {
      told.push((await finderSays(code, { status: 'with_me', client: index < 4 ? client : randomUUID() })).notify);
    }
    expect(told.slice(0, 6)).toEqual([true, true, true, true, true, true]);
    // The seventh follows the messages' rules: a new client's first message is still e-mailed.
    expect(told[6]).toBe(true);
    expect((await finderSays(code, { status: 'with_me', client })).notify).toBe(false);
  });
});
