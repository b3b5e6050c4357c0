// The animal's household in SQL (docs/decisions/0016-household.md): invitations, accepting one, what each role may do,
// a keeper's last day, leaving and removing. The same rules over HTTP, for every table, RPC and storage path, are
// rows of tests/security/authorization-matrix.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createOwner('owner');
});
afterAll(() => t?.close());
// The tests share one owner, who would soon reach the 20 invitations a day; the limit has its own test.
beforeEach(() => t.db.query("delete from public.rate_limit_hits where starts_with(bucket, 'household-invitations:')"));

interface Answer {
  success: boolean;
  error: string | null;
  reason: string | null;
  token?: string;
  animal_id?: string;
  role?: string;
}

async function rpc(actor: Actor, sql: string, params: unknown[]): Promise<Answer> {
  const { rows } = await t.as(actor, (tx) => tx.query<{ answer: Answer }>(`select ${sql} as answer`, params));
  return rows[0]?.answer as Answer;
}

const invite = (actor: Actor, animal: string, email: string, role: string, until: string | null = null) =>
  rpc(actor, 'public.invite_animal_member($1, $2, $3, $4::date)', [animal, email, role, until]);
const accept = (actor: Actor, token: string | undefined) =>
  rpc(actor, 'public.accept_animal_invitation($1)', [token ?? null]);

/** Today and other days in Paris's calendar, as the database counts them. */
async function parisDay(offsetDays: number): Promise<string> {
  const { rows } = await t.db.query<{ day: string }>('select (private.today_in_paris() + $1::int)::text as day', [
    offsetDays,
  ]);
  return rows[0]?.day as string;
}

/** A new animal of `owner` with a member of the role, who accepted their invitation. */
async function animalWithMember(role: 'co_owner' | 'keeper', until: string | null = null) {
  const { animalId, code } = await t.activateAnimal(owner, { nom: 'Filou' });
  const member = await t.createOwner(role);
  const invitation = await invite(owner, animalId, member.email, role, until);
  expect(invitation).toMatchObject({ success: true });
  expect(await accept(member, invitation.token)).toMatchObject({ success: true, animal_id: animalId, role });
  await t.as('service', (tx) =>
    tx.query("insert into public.finder_messages (animal_id, code_id, message) values ($1, $2, 'Trouvé')", [
      animalId,
      code,
    ]),
  );
  return { animalId, code, member };
}

const count = async (actor: Actor, sql: string, params: unknown[]) => {
  const outcome = await t.attempt(actor, sql, params);
  return outcome.error ? outcome.error.code : outcome.rowCount;
};

describe('the owner', () => {
  it('is the first member of every animal they activate', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const { rows } = await t.db.query(
      'select user_id, role, access_until from public.animal_members where animal_id = $1',
      [animalId],
    );
    expect(rows).toEqual([{ user_id: owner.id, role: 'owner', access_until: null }]);
  });
});

describe('an invitation', () => {
  it('is the owner’s to send, and keeps only the hash of its token', async () => {
    const { animalId, member } = await animalWithMember('co_owner');
    const stranger = await t.createOwner('stranger');
    expect(await invite(stranger, animalId, 'x@example.fr', 'co_owner')).toMatchObject({ reason: 'not_owner' });
    expect(await invite(member, animalId, 'x@example.fr', 'co_owner')).toMatchObject({ reason: 'not_owner' });
    expect(await invite('anon', animalId, 'x@example.fr', 'co_owner').catch((e) => e.code)).toBe('42501');

    const sent = await invite(owner, animalId, '  Ami@Example.FR ', 'co_owner');
    expect(sent).toMatchObject({ success: true, email: 'ami@example.fr', animal_name: 'Filou' });
    expect(sent.token).toMatch(/^[0-9a-f]{64}$/);
    const { rows } = await t.db.query<{ token_hash: string }>(
      'select token_hash from public.animal_invitations where animal_id = $1 and email = $2',
      [animalId, 'ami@example.fr'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(sent.token as string);
  });

  it('refuses a wrong address, role or end date', async () => {
    const { animalId } = await t.activateAnimal(owner);
    expect(await invite(owner, animalId, 'pas-une-adresse', 'co_owner')).toMatchObject({
      reason: 'invalid_email',
      error: 'Adresse e-mail invalide',
    });
    expect(await invite(owner, animalId, 'a@example.fr', 'maître')).toMatchObject({ reason: 'invalid_role' });
    expect(await invite(owner, animalId, 'a@example.fr', 'keeper')).toMatchObject({ reason: 'invalid_end_date' });
    expect(await invite(owner, animalId, 'a@example.fr', 'keeper', await parisDay(-1))).toMatchObject({
      reason: 'invalid_end_date',
    });
    expect(await invite(owner, animalId, owner.email, 'co_owner')).toMatchObject({ reason: 'already_member' });
    const { rows } = await t.db.query('select 1 from public.animal_invitations where animal_id = $1', [animalId]);
    expect(rows).toEqual([]);
  });

  it('opens the animal only to the confirmed account of the invited address, once', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const invited = await t.createOwner('invited');
    const other = await t.createOwner('other');
    const sent = await invite(owner, animalId, invited.email, 'co_owner');

    expect(await accept(other, sent.token)).toMatchObject({ reason: 'wrong_account' });
    expect(await accept(invited, 'a'.repeat(64))).toMatchObject({ reason: 'invitation_unavailable' });
    await t.db.query('update auth.users set email_confirmed_at = null where id = $1', [invited.id]);
    expect(await accept(invited, sent.token)).toMatchObject({ reason: 'email_not_confirmed' });
    await t.db.query('update auth.users set email_confirmed_at = now() where id = $1', [invited.id]);

    expect(await accept(invited, sent.token)).toMatchObject({ success: true, role: 'co_owner' });
    // Accepted again by the same person (another tab, the link reopened): said kindly, with the animal.
    expect(await accept(invited, sent.token)).toMatchObject({
      success: false,
      reason: 'already_accepted',
      error: 'Vous avez déjà accepté cette invitation.',
      animal_id: animalId,
      role: 'co_owner',
    });
    expect(await accept(other, sent.token)).toMatchObject({
      reason: 'invitation_unavailable',
      error: "Cette invitation n'est plus valable. Demandez-en une nouvelle.",
    });
    expect(await count(other, 'select id from public.animals where id = $1', [animalId])).toBe(0);
    expect(await count(invited, 'select id from public.animals where id = $1', [animalId])).toBe(1);
  });

  it('is worth nothing once revoked, expired, or past a keeper’s last day', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const invited = await t.createOwner('invited');
    const revoked = await invite(owner, animalId, invited.email, 'co_owner');
    await t.as(owner, (tx) => tx.query('delete from public.animal_invitations where animal_id = $1', [animalId]));
    expect(await accept(invited, revoked.token)).toMatchObject({ reason: 'invitation_unavailable' });

    const expired = await invite(owner, animalId, invited.email, 'co_owner');
    await t.db.query("update public.animal_invitations set expires_at = now() - interval '1 second'");
    expect(await accept(invited, expired.token)).toMatchObject({ reason: 'invitation_unavailable' });

    const keeper = await invite(owner, animalId, invited.email, 'keeper', await parisDay(0));
    await t.db.query('update public.animal_invitations set access_until = $2 where animal_id = $1', [
      animalId,
      await parisDay(-1),
    ]);
    expect(await accept(invited, keeper.token)).toMatchObject({ reason: 'invitation_unavailable' });
  });

  it('shows what it offers to whoever opens its link, and reading it changes nothing', async () => {
    const { animalId } = await t.activateAnimal(owner, { nom: 'Filou' });
    const invited = await t.createOwner('invited');
    const sent = await invite(owner, animalId, invited.email, 'keeper', '2099-08-31');
    const offer = (token: string | undefined) => rpc('service', 'public.animal_invitation_offer($1)', [token ?? null]);

    const pending = await offer(sent.token);
    expect(pending).toMatchObject({
      success: true,
      state: 'pending',
      animal_id: animalId,
      animal_name: 'Filou',
      inviter_email: owner.email,
      email: invited.email,
      role: 'keeper',
      access_until: '2099-08-31',
    });
    expect(await offer(sent.token)).toEqual(pending);
    expect(await count(invited, 'select id from public.animals where id = $1', [animalId])).toBe(0);
    expect(await offer('a'.repeat(64))).toMatchObject({ reason: 'invitation_unavailable' });
    // Nobody but the functions' service role reads an invitation by its token.
    for (const actor of ['anon', invited, owner] as const) {
      expect(await count(actor, 'select public.animal_invitation_offer($1)', [sent.token])).toBe('42501');
    }

    expect(await accept(invited, sent.token)).toMatchObject({ success: true });
    expect(await offer(sent.token)).toMatchObject({ success: true, state: 'accepted', animal_id: animalId });
    // Accepted, it is no longer the owner's to see or revoke: it waits for nothing.
    expect(await count(owner, 'select id from public.animal_invitations where animal_id = $1', [animalId])).toBe(0);
    expect(await count(owner, 'delete from public.animal_invitations where animal_id = $1', [animalId])).toBe(0);
  });

  it('is refused with its token alone, and then opens nothing', async () => {
    const { animalId } = await t.activateAnimal(owner, { nom: 'Filou' });
    const invited = await t.createOwner('invited');
    const sent = await invite(owner, animalId, invited.email, 'co_owner');
    const refuse = (token: string | undefined) =>
      rpc('service', 'public.refuse_animal_invitation($1)', [token ?? null]);
    for (const actor of ['anon', invited, owner] as const) {
      expect(await count(actor, 'select public.refuse_animal_invitation($1)', [sent.token])).toBe('42501');
    }
    expect(await refuse(sent.token)).toMatchObject({
      success: true,
      animal_id: animalId,
      animal_name: 'Filou',
      inviter_email: owner.email,
      email: invited.email,
      role: 'co_owner',
    });
    expect(await refuse(sent.token)).toMatchObject({ reason: 'invitation_unavailable' });
    expect(await accept(invited, sent.token)).toMatchObject({ reason: 'invitation_unavailable' });
    expect(await count(invited, 'select id from public.animals where id = $1', [animalId])).toBe(0);

    // An accepted invitation is no longer anybody's to refuse; inviting the address again makes a new one.
    const again = await invite(owner, animalId, invited.email, 'co_owner');
    expect(await accept(invited, again.token)).toMatchObject({ success: true });
    expect(await refuse(again.token)).toMatchObject({ reason: 'invitation_unavailable' });
    expect(await count(invited, 'select id from public.animals where id = $1', [animalId])).toBe(1);
    await rpc(invited, 'public.remove_animal_member($1, $2)', [animalId, invited.id]);
    const third = await invite(owner, animalId, invited.email, 'co_owner');
    expect(await rpc('service', 'public.animal_invitation_offer($1)', [third.token])).toMatchObject({
      state: 'pending',
    });
    expect(await accept(invited, third.token)).toMatchObject({ success: true });
  });

  it('is limited to 20 a day per owner', async () => {
    const busy = await t.createOwner('busy');
    const { animalId } = await t.activateAnimal(busy);
    for (let i = 0; i < 20; i++) {
      expect(await invite(busy, animalId, `ami${i}@example.fr`, 'co_owner')).toMatchObject({ success: true });
    }
    expect(await invite(busy, animalId, 'encore@example.fr', 'co_owner')).toMatchObject({
      reason: 'too_many_invitations',
    });
  });

  it('is seen and revoked by the owner alone, never with its token’s hash', async () => {
    const { animalId, member } = await animalWithMember('co_owner');
    await invite(owner, animalId, 'attente@example.fr', 'co_owner');
    expect(await count(owner, 'select id from public.animal_invitations where animal_id = $1', [animalId])).toBe(1);
    expect(await count(member, 'select id from public.animal_invitations where animal_id = $1', [animalId])).toBe(0);
    expect(await count(member, 'delete from public.animal_invitations where animal_id = $1', [animalId])).toBe(0);
    expect(await count(owner, 'select token_hash from public.animal_invitations', [])).toBe('42501');
  });
});

describe('a co-owner', () => {
  it('edits the animal, its photos, inbox and medal, but neither deletes it nor changes its members', async () => {
    const { animalId, member } = await animalWithMember('co_owner');
    expect(await count(member, "update public.animals set nom = 'Filou II' where id = $1", [animalId])).toBe(1);
    expect(
      await count(
        member,
        `update public.animals set second_contact_name = 'Marie', second_contact_phone = '0711223344',
           show_second_contact_phone = true where id = $1`,
        [animalId],
      ),
    ).toBe(1);
    expect(
      await count(
        member,
        "insert into public.animal_photos (animal_id, path) values ($1::uuid, $1::text || '/a.jpg')",
        [animalId],
      ),
    ).toBe(1);
    expect(await count(member, 'delete from public.finder_messages where animal_id = $1', [animalId])).toBe(1);
    expect(await rpc(member, 'public.set_my_medal_suspended($1, true)', [animalId])).toMatchObject({
      success: true,
    });
    expect(await count(member, 'delete from public.animals where id = $1', [animalId])).toBe(0);
    expect(await t.attempt(member, 'select public.delete_animal($1)', [animalId])).toMatchObject({
      error: { code: 'PT403' },
    });
    const keeper = await t.createOwner('keeper');
    expect(await invite(member, animalId, keeper.email, 'keeper', await parisDay(3))).toMatchObject({
      reason: 'not_owner',
    });
    expect(await rpc(member, 'public.remove_animal_member($1, $2)', [animalId, owner.id])).toMatchObject({
      reason: 'not_owner',
    });
  });
});

describe('a keeper', () => {
  it('sees the animal, its inbox and history, and changes nothing but its lost mode', async () => {
    const { animalId, member } = await animalWithMember('keeper', await parisDay(2));
    expect(await count(member, 'select id from public.animals where id = $1', [animalId])).toBe(1);
    expect(await count(member, 'select id from public.finder_messages where animal_id = $1', [animalId])).toBe(1);
    expect(await count(member, 'select id from public.codes where animal_id = $1', [animalId])).toBe(1);
    expect(await rpc(member, 'public.mark_messages_read($1)', [animalId])).toBe(1);

    for (const change of ['is_lost = true', "lost_checklist = '{icad}'"]) {
      const done = await t.as(member, (tx) =>
        tx.query(`update public.animals set ${change} where id = $1`, [animalId]),
      );
      expect(done.rowCount, change).toBe(1);
    }
    expect(await count(member, "update public.animals set nom = 'Autre' where id = $1", [animalId])).toBe('42501');
    expect(await count(member, "update public.animals set public_phone = '0600000000' where id = $1", [animalId])).toBe(
      '42501',
    );
    for (const change of ["second_contact_phone = '0600000000'", 'show_second_contact_email = true']) {
      expect(await count(member, `update public.animals set ${change} where id = $1`, [animalId]), change).toBe(
        '42501',
      );
    }
    expect(
      await count(
        member,
        "insert into public.animal_photos (animal_id, path) values ($1::uuid, $1::text || '/k.jpg')",
        [animalId],
      ),
    ).toBe('42501');
    expect(await count(member, 'delete from public.finder_messages where animal_id = $1', [animalId])).toBe(0);
    expect(await rpc(member, 'public.set_my_medal_suspended($1, true)', [animalId])).toMatchObject({
      reason: 'no_medal',
    });
    expect(await t.attempt(member, 'select public.reorder_animal_photos($1, $2)', [animalId, []])).toMatchObject({
      error: { code: 'PT403' },
    });
    const { rows } = await t.db.query('select nom, is_lost, lost_checklist from public.animals where id = $1', [
      animalId,
    ]);
    expect(rows).toEqual([{ nom: 'Filou', is_lost: true, lost_checklist: ['icad'] }]);
  });

  it('keeps access through their last day in Paris and reads nothing from the day after', async () => {
    const { animalId, member } = await animalWithMember('keeper', await parisDay(0));
    const sees = () => count(member, 'select id from public.animals where id = $1', [animalId]);
    expect(await sees()).toBe(1);
    await t.db.query('update public.animal_members set access_until = $2 where animal_id = $1 and user_id = $3', [
      animalId,
      await parisDay(-1),
      member.id,
    ]);
    expect(await sees()).toBe(0);
    for (const table of [
      'finder_messages',
      'scan_events',
      'profile_views',
      'animal_photos',
      'codes',
      'animal_members',
    ]) {
      expect(await count(member, `select animal_id from public.${table} where animal_id = $1`, [animalId]), table).toBe(
        0,
      );
    }
    expect(await rpc(member, 'public.animal_household($1)', [animalId])).toEqual([]);
    expect(await rpc(member, 'public.mark_messages_read($1)', [animalId])).toBe(0);
    expect(await count(member, 'update public.animals set is_lost = false where id = $1', [animalId])).toBe(0);
  });
});

describe('the household', () => {
  it('lists its members with their addresses to its members only', async () => {
    const { animalId, member } = await animalWithMember('keeper', await parisDay(5));
    const listed = (await rpc(member, 'public.animal_household($1)', [animalId])) as unknown as {
      email: string;
      role: string;
      is_me: boolean;
    }[];
    expect(listed.map(({ email, role, is_me }) => ({ email, role, is_me }))).toEqual([
      { email: owner.email, role: 'owner', is_me: false },
      { email: member.email, role: 'keeper', is_me: true },
    ]);
    expect(await rpc(await t.createOwner('stranger'), 'public.animal_household($1)', [animalId])).toEqual([]);
  });

  it('lets a member leave and the owner remove one, but never the owner go', async () => {
    const { animalId, member } = await animalWithMember('co_owner');
    expect(await rpc(member, 'public.remove_animal_member($1, $2)', [animalId, member.id])).toMatchObject({
      success: true,
    });
    expect(await count(member, 'select id from public.animals where id = $1', [animalId])).toBe(0);

    const second = await animalWithMember('keeper', await parisDay(1));
    expect(await rpc(owner, 'public.remove_animal_member($1, $2)', [second.animalId, second.member.id])).toMatchObject({
      success: true,
    });
    expect(await count(second.member, 'select id from public.animals where id = $1', [second.animalId])).toBe(0);
    expect(await rpc(owner, 'public.remove_animal_member($1, $2)', [second.animalId, owner.id])).toMatchObject({
      reason: 'owner_stays',
    });
  });

  it('lets the owner change a role or a keeper’s last day, and each member their own alerts only', async () => {
    const { animalId, member } = await animalWithMember('keeper', await parisDay(1));
    expect(
      await rpc(owner, 'public.set_animal_member_role($1, $2, $3, $4::date)', [animalId, member.id, 'co_owner', null]),
    ).toMatchObject({ success: true });
    expect(await count(member, "update public.animals set nom = 'Promu' where id = $1", [animalId])).toBe(1);
    expect(
      await rpc(member, 'public.set_animal_member_role($1, $2, $3, $4::date)', [animalId, member.id, 'co_owner', null]),
    ).toMatchObject({ reason: 'not_owner' });

    await t.as(member, (tx) =>
      tx.query('update public.animal_members set alert_email = false where animal_id = $1', [animalId]),
    );
    expect(
      await count(member, "update public.animal_members set role = 'owner' where animal_id = $1", [animalId]),
    ).toBe('42501');
    const { rows } = await t.db.query('select user_id, alert_email from public.animal_members where animal_id = $1', [
      animalId,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        { user_id: owner.id, alert_email: true },
        { user_id: member.id, alert_email: false },
      ]),
    );
  });

  it('sends the animal’s alerts to every member who chose them, a keeper until their last day', async () => {
    const { animalId, code, member: coOwner } = await animalWithMember('co_owner');
    const keeper = await t.createOwner('keeper');
    const sent = await invite(owner, animalId, keeper.email, 'keeper', await parisDay(0));
    await accept(keeper, sent.token);
    const recipients = async () => {
      const { rows } = await t.as('service', (tx) =>
        tx.query<{ answer: { recipients: string[] } }>(
          "select public.record_scan($1, null, 45.7, 4.8, 10, 'test', gen_random_uuid()::text) as answer",
          [code],
        ),
      );
      return [...(rows[0]?.answer.recipients ?? [])].sort();
    };
    expect(await recipients()).toEqual([owner.email, coOwner.email, keeper.email].sort());

    await t.as(coOwner, (tx) =>
      tx.query('update public.animal_members set alert_email = false where animal_id = $1', [animalId]),
    );
    await t.db.query('update public.animal_members set access_until = $2 where animal_id = $1 and user_id = $3', [
      animalId,
      await parisDay(-1),
      keeper.id,
    ]);
    expect(await recipients()).toEqual([owner.email]);
  });

  it('goes with the animal', async () => {
    const { animalId } = await animalWithMember('co_owner');
    await invite(owner, animalId, 'attente@example.fr', 'co_owner');
    await t.as(owner, (tx) => tx.query('select public.delete_animal($1)', [animalId]));
    const { rows } = await t.db.query(
      `select (select count(*) from public.animal_members where animal_id = $1)::int as members,
              (select count(*) from public.animal_invitations where animal_id = $1)::int as invitations`,
      [animalId],
    );
    expect(rows).toEqual([{ members: 0, invitations: 0 }]);
  });
});

describe('a change of owner', () => {
  it('moves the animal, its medal, photos and history to the new owner, and nobody else keeps access', async () => {
    const { animalId, code, member: coOwner } = await animalWithMember('co_owner');
    await t.as(owner, (tx) =>
      tx.query(
        `update public.animals set public_phone = '+33611223344', show_public_phone = true,
           telephone_proprietaire = '+33699887766', second_contact_name = 'Marie', second_contact_phone = '+33755667788',
           show_second_contact_phone = true, second_contact_email = 'marie@example.fr',
           show_second_contact_email = true where id = $1`,
        [animalId],
      ),
    );
    await t.as(owner, (tx) =>
      tx.query("insert into public.animal_photos (animal_id, path) values ($1::uuid, $1::text || '/p.jpg')", [
        animalId,
      ]),
    );
    const newOwner = await t.createOwner('new-owner');
    expect(await invite(coOwner, animalId, newOwner.email, 'owner')).toMatchObject({ reason: 'not_owner' });
    const offer = await invite(owner, animalId, newOwner.email, 'owner');
    expect(offer).toMatchObject({ success: true, role: 'owner' });
    const profile = async () => {
      const { rows } = await t.as('service', (tx) =>
        tx.query<{ p: { contacts?: unknown } }>('select public.public_profile($1) as p', [code]),
      );
      return JSON.stringify(rows[0]?.p);
    };
    // Until it is accepted, nothing changes.
    expect(await profile()).toContain('+33611223344');
    expect(await profile()).toContain('+33755667788');
    expect(await count(newOwner, 'select id from public.animals where id = $1', [animalId])).toBe(0);

    expect(await accept(newOwner, offer.token)).toMatchObject({ success: true, role: 'owner', animal_id: animalId });
    expect(await count(owner, 'select id from public.animals where id = $1', [animalId])).toBe(0);
    expect(await count(coOwner, 'select id from public.animals where id = $1', [animalId])).toBe(0);
    expect(await count(newOwner, 'select id from public.finder_messages where animal_id = $1', [animalId])).toBe(1);
    expect(await count(newOwner, 'select id from public.animal_photos where animal_id = $1', [animalId])).toBe(1);
    expect(await count(newOwner, 'select id from public.codes where animal_id = $1', [animalId])).toBe(1);
    const { rows: members } = await t.db.query('select user_id, role from public.animal_members where animal_id = $1', [
      animalId,
    ]);
    expect(members).toEqual([{ user_id: newOwner.id, role: 'owner' }]);
    const { rows: animal } = await t.db.query(
      'select proprietaire_id, public_phone, show_public_phone, telephone_proprietaire from public.animals where id = $1',
      [animalId],
    );
    expect(animal).toEqual([
      { proprietaire_id: newOwner.id, public_phone: null, show_public_phone: false, telephone_proprietaire: null },
    ]);
    expect(await profile()).not.toContain('+33611223344');
    // The second contact was the former owner's to give, like their own.
    const { rows: second } = await t.db.query(
      `select second_contact_name, second_contact_phone, second_contact_email, show_second_contact_phone,
         show_second_contact_email from public.animals where id = $1`,
      [animalId],
    );
    expect(second).toEqual([
      {
        second_contact_name: null,
        second_contact_phone: null,
        second_contact_email: null,
        show_second_contact_phone: false,
        show_second_contact_email: false,
      },
    ]);
    for (const gone of ['+33755667788', 'marie@example.fr', 'Marie']) expect(await profile()).not.toContain(gone);
    expect(await count(newOwner, 'delete from public.animals where id = $1', [animalId])).toBe(1);
  });

  it('keeps one offer at a time: offering again replaces the earlier one', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const first = await t.createOwner('first');
    const second = await t.createOwner('second');
    const firstOffer = await invite(owner, animalId, first.email, 'owner');
    const secondOffer = await invite(owner, animalId, second.email, 'owner');
    expect(await accept(first, firstOffer.token)).toMatchObject({ reason: 'invitation_unavailable' });
    expect(await accept(second, secondOffer.token)).toMatchObject({ success: true });
    expect(await invite(owner, animalId, 'x@example.fr', 'owner')).toMatchObject({ reason: 'not_owner' });
  });
});

describe('the history of who did what', () => {
  const activity = async (animalId: string) => {
    const { rows } = await t.db.query<{ actor_id: string | null; kind: string; subject_id: string | null }>(
      'select actor_id, kind, subject_id from public.animal_activity where animal_id = $1 order by created_at, kind',
      [animalId],
    );
    return rows;
  };

  it('names the member who marked it lost, changed its contacts or profile, or added a photo', async () => {
    const { animalId, code, member: coOwner } = await animalWithMember('co_owner');
    const keeper = await t.createOwner('keeper');
    await accept(keeper, (await invite(owner, animalId, keeper.email, 'keeper', await parisDay(3))).token);
    await t.as(keeper, (tx) => tx.query('update public.animals set is_lost = true where id = $1', [animalId]));
    await t.as(coOwner, (tx) =>
      tx.query("update public.animals set public_phone = '0611223344', show_public_phone = true where id = $1", [
        animalId,
      ]),
    );
    await t.as(coOwner, (tx) =>
      tx.query("insert into public.animal_photos (animal_id, path) values ($1::uuid, $1::text || '/h.jpg')", [
        animalId,
      ]),
    );
    await t.as(owner, (tx) => tx.query("update public.animals set race = 'Beagle' where id = $1", [animalId]));
    // What a finder's functions write is the inbox's, not the history's.
    await t.as('service', (tx) =>
      tx.query("select public.record_scan($1, null, 45.7, 4.8, 10, 'test', 'finder')", [code]),
    );
    await rpc(keeper, 'public.remove_animal_member($1, $2)', [animalId, keeper.id]);

    expect(await activity(animalId)).toEqual([
      { actor_id: coOwner.id, kind: 'member_joined', subject_id: coOwner.id },
      { actor_id: keeper.id, kind: 'member_joined', subject_id: keeper.id },
      { actor_id: keeper.id, kind: 'lost', subject_id: null },
      { actor_id: coOwner.id, kind: 'contacts', subject_id: null },
      { actor_id: coOwner.id, kind: 'photo_added', subject_id: null },
      { actor_id: owner.id, kind: 'profile', subject_id: null },
      { actor_id: keeper.id, kind: 'member_left', subject_id: keeper.id },
    ]);
    expect(await count(coOwner, 'select id from public.animal_activity where animal_id = $1', [animalId])).toBe(7);
    expect(await count(keeper, 'select id from public.animal_activity where animal_id = $1', [animalId])).toBe(0);
    expect(await count(coOwner, 'delete from public.animal_activity where animal_id = $1', [animalId])).toBe('42501');
  });

  it('records a change of the second contact as a change of the contacts, not of the profile', async () => {
    const { animalId } = await t.activateAnimal(owner);
    await t.as(owner, (tx) =>
      tx.query("update public.animals set second_contact_name = 'Marie' where id = $1", [animalId]),
    );
    await t.as(owner, (tx) =>
      tx.query('update public.animals set show_second_contact_email = true where id = $1', [animalId]),
    );
    expect(await activity(animalId)).toEqual([
      { actor_id: owner.id, kind: 'contacts', subject_id: null },
      { actor_id: owner.id, kind: 'contacts', subject_id: null },
    ]);
  });

  it('records a change of owner as one event, and goes with the animal', async () => {
    const { animalId } = await animalWithMember('co_owner');
    const newOwner = await t.createOwner('new-owner');
    await accept(newOwner, (await invite(owner, animalId, newOwner.email, 'owner')).token);
    expect((await activity(animalId)).slice(-1)).toEqual([
      { actor_id: newOwner.id, kind: 'owner_changed', subject_id: newOwner.id },
    ]);
    await t.as(newOwner, (tx) => tx.query('select public.delete_animal($1)', [animalId]));
    expect(await activity(animalId)).toEqual([]);
  });
});
