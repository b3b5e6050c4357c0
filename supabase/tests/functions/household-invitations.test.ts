// invite-member: an owner invites someone to an animal's household by e-mail. The database decides (its rules
// are tests/database/household.test.ts); here, over real HTTP, what the caller and the invited person see:
// the refusals, the e-mail and its link, and the round trip of someone who had no account yet.

import { newEmail, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { invitationPath } from '@medaille/routing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationUrl } from '../../functions/_shared/links.ts';
import { runDeliverOutbox } from '../support/mail.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('foyer');
});
afterAll(() => stack?.close());

const SUBJECT = 'Invitation à rejoindre le foyer de Filou';

async function inviteAs(token: string | null, body: unknown) {
  const response = await fetch(`${stack.url}/functions/v1/invite-member`, {
    method: 'POST',
    headers: {
      apikey: stack.frontEndKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const ownerToken = async (client = owner.client) => (await client.auth.getSession()).data.session?.access_token ?? null;

/** The invitation's token, read from the e-mail's button as the invited person would follow it. */
async function tokenInMail(email: string) {
  await expect.poll(async () => (await stack.mails(email, SUBJECT)).length).toBe(1);
  const [mail] = await stack.mails(email, SUBJECT);
  const link = mail?.links.find((href) => href.includes('/mon-compte/invitation#')) as string;
  return { mail, link, token: decodeURIComponent(new URL(link).hash.slice(1)) };
}

describe('invite-member', () => {
  it('e-mails a link that someone without an account follows after signing up, and opens the animal to them', async () => {
    const filou = await stack.activatedAnimal(owner.client, { nom: 'Filou' });
    const invited = newEmail('gardienne');
    const sent = await inviteAs(await ownerToken(), {
      animal_id: filou.animalId,
      email: invited.toUpperCase(),
      role: 'keeper',
      access_until: '2099-08-31',
    });
    expect(sent).toEqual({ status: 200, body: { invited: true, email: invited } });

    const { mail, link, token } = await tokenInMail(invited);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(new URL(link).pathname + new URL(link).hash).toBe(invitationPath(token));
    expect(link).toBe(invitationUrl({ PUBLIC_SITE_URL: new URL(link).origin } as never, token));
    expect(mail?.text).toContain(
      `${owner.email} vous invite sur Médaille à veiller sur Filou, comme gardien·ne jusqu'au 31 août 2099 inclus`,
    );
    expect(mail?.html).toContain('<html lang="fr">');

    const keeper = await stack.signedInOwner('gardienne', invited);
    const { data: before } = await keeper.client.from('animals').select('id');
    expect(before).toEqual([]);
    const { data: accepted } = await keeper.client.rpc('accept_animal_invitation', { p_token: token });
    expect(accepted).toMatchObject({ success: true, animal_id: filou.animalId, role: 'keeper' });
    const { data: after } = await keeper.client.from('animals').select('nom');
    expect(after).toEqual([{ nom: 'Filou' }]);
  });

  it('keeps an invitation to an address without an account in the outbox until the provider takes it', async () => {
    const filou = await stack.activatedAnimal(owner.client, { nom: 'Filou' });
    const invited = newEmail('plus-tard');
    const outage = (failing: boolean) =>
      fetch(`${stack.url}/mailbox/api/outage`, {
        method: 'PUT',
        headers: { apikey: stack.secretKey, 'content-type': 'application/json' },
        body: JSON.stringify({ failing }),
      });
    await outage(true);
    try {
      const sent = await inviteAs(await ownerToken(), { animal_id: filou.animalId, email: invited, role: 'co_owner' });
      expect(sent.status).toBe(200);
    } finally {
      await outage(false);
    }
    expect(await stack.mails(invited, SUBJECT)).toEqual([]);
    await stack.db.query('update public.mail_outbox set next_attempt_at = now() where recipient = $1', [invited]);
    expect(await runDeliverOutbox(stack)).toMatchObject({ status: 200 });
    const { token } = await tokenInMail(invited);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('offers the animal itself, reminding that the change is declared to I-CAD', async () => {
    const filou = await stack.activatedAnimal(owner.client, { nom: 'Filou' });
    const buyer = newEmail('acquereur');
    const sent = await inviteAs(await ownerToken(), { animal_id: filou.animalId, email: buyer, role: 'owner' });
    expect(sent).toEqual({ status: 200, body: { invited: true, email: buyer } });
    const subject = 'Invitation à devenir propriétaire de Filou';
    await expect.poll(async () => (await stack.mails(buyer, subject)).length).toBe(1);
    const [mail] = await stack.mails(buyer, subject);
    expect(mail?.text).toContain(`${owner.email} vous confie Filou sur Médaille`);
    expect(mail?.text).toContain("déclaré à l'I-CAD");
    expect(mail?.links).toContain('https://www.i-cad.fr');
    const link = mail?.links.find((href) => href.includes('/mon-compte/invitation#')) as string;
    const newOwner = await stack.signedInOwner('acquereur', buyer);
    const { data } = await newOwner.client.rpc('accept_animal_invitation', {
      p_token: decodeURIComponent(new URL(link).hash.slice(1)),
    });
    expect(data).toMatchObject({ success: true, role: 'owner' });
    const { data: left } = await owner.client.from('animals').select('id').eq('id', filou.animalId);
    expect(left).toEqual([]);
  });

  it('answers the database’s refusal in French with its status, and sends nothing', async () => {
    const filou = await stack.activatedAnimal(owner.client, { nom: 'Filou' });
    const other = await stack.signedInOwner('autre');
    const base = { animal_id: filou.animalId, email: newEmail('x'), role: 'co_owner' };
    const cases: [string | null, unknown, number, Record<string, unknown>][] = [
      [null, base, 401, { code: 'unauthenticated' }],
      [
        await ownerToken(other.client),
        base,
        403,
        { code: 'not_owner', error: 'Seul le propriétaire gère les membres de cet animal.' },
      ],
      [
        await ownerToken(),
        { ...base, email: 'pas-une-adresse' },
        400,
        { code: 'invalid_email', error: 'Adresse e-mail invalide' },
      ],
      [await ownerToken(), { ...base, role: 'keeper' }, 400, { code: 'invalid_end_date' }],
      [await ownerToken(), { ...base, role: 'keeper', access_until: '31/08/2099' }, 400, { code: 'invalid_request' }],
      [await ownerToken(), { ...base, role: 'maître' }, 400, { code: 'invalid_role' }],
      [await ownerToken(), { ...base, animal_id: 'pas-un-id' }, 400, { code: 'invalid_animal_id' }],
      [await ownerToken(), '{"animal_id":', 400, { code: 'invalid_request' }],
    ];
    for (const [token, body, status, answer] of cases) {
      const sent = await inviteAs(token, body);
      expect({ status: sent.status, body: sent.body }, JSON.stringify(body)).toMatchObject({ status, body: answer });
    }
    expect(await stack.mails(base.email)).toEqual([]);
  });
});

describe('answer-invitation', () => {
  /** The function as the invitation's page calls it: the front-end's key, and the session when signed in. */
  async function answer(body: unknown, session: string | null = null) {
    const response = await fetch(`${stack.url}/functions/v1/answer-invitation`, {
      method: 'POST',
      headers: {
        apikey: stack.frontEndKey,
        'content-type': 'application/json',
        ...(session ? { authorization: `Bearer ${session}` } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** An invitation sent by the owner through invite-member; answers its token, read from its e-mail. */
  async function invited(role: 'owner' | 'co_owner' | 'keeper', access_until: string | null = null) {
    const filou = await stack.activatedAnimal(owner.client, { nom: 'Filou' });
    const email = newEmail(role);
    expect((await inviteAs(await ownerToken(), { animal_id: filou.animalId, email, role, access_until })).status).toBe(
      200,
    );
    const subject =
      role === 'owner' ? 'Invitation à devenir propriétaire de Filou' : 'Invitation à rejoindre le foyer de Filou';
    await expect.poll(async () => (await stack.mails(email, subject)).length).toBe(1);
    const [mail] = await stack.mails(email, subject);
    const link = mail?.links.find((href) => href.includes('/mon-compte/invitation#')) as string;
    return { animalId: filou.animalId, email, token: decodeURIComponent(new URL(link).hash.slice(1)) };
  }

  const toOwner = async (subject: string) => {
    await expect.poll(async () => (await stack.mails(owner.email, subject)).length).toBe(1);
    return (await stack.mails(owner.email, subject))[0];
  };

  it('shows what the link offers to anyone who opens it, and opening it changes nothing', async () => {
    const invitation = await invited('keeper', '2099-08-31');
    const offer = {
      state: 'pending',
      animal_id: invitation.animalId,
      animal_name: 'Filou',
      inviter_email: owner.email,
      email: invitation.email,
      role: 'keeper',
      access_until: '2099-08-31',
    };
    // As a mail scanner opens it, twice, without any session.
    expect(await answer({ token: invitation.token })).toMatchObject({ status: 200, body: offer });
    expect(await answer({ token: invitation.token })).toMatchObject({ status: 200, body: offer });
    const keeper = await stack.signedInOwner('gardienne', invitation.email);
    expect(await answer({ token: invitation.token }, await ownerToken(keeper.client))).toMatchObject({
      status: 200,
      body: offer,
    });
    const { data } = await keeper.client.from('animals').select('id');
    expect(data).toEqual([]);

    const gone = { status: 404, body: { code: 'invitation_unavailable' } };
    expect(await answer({ token: 'f'.repeat(64) })).toMatchObject(gone);
    expect(await answer({ token: 'pas-un-jeton' })).toMatchObject(gone);
    expect(await answer({ token: 42 })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await answer({ token: invitation.token, answer: 'oui' })).toMatchObject({ status: 400 });
  });

  it('accepts with the invited person’s session only, tells the sender, and says kindly that it was', async () => {
    const invitation = await invited('keeper', '2099-08-31');
    expect(await answer({ token: invitation.token, answer: 'accept' })).toMatchObject({
      status: 401,
      body: { code: 'unauthenticated' },
    });
    const stranger = await stack.signedInOwner('autre');
    expect(
      await answer({ token: invitation.token, answer: 'accept' }, await ownerToken(stranger.client)),
    ).toMatchObject({ status: 403, body: { code: 'wrong_account' } });

    const keeper = await stack.signedInOwner('gardienne', invitation.email);
    const session = await ownerToken(keeper.client);
    expect(await answer({ token: invitation.token, answer: 'accept' }, session)).toEqual({
      status: 200,
      body: { accepted: true, animal_id: invitation.animalId, animal_name: 'Filou', role: 'keeper' },
    });
    const mail = await toOwner(`${invitation.email} a rejoint le foyer de Filou`);
    expect(mail?.text).toContain(
      `${invitation.email} a accepté votre invitation et fait maintenant partie du foyer de Filou, comme gardien·ne jusqu'au 31 août 2099 inclus.`,
    );
    expect(mail?.links.some((href) => href.endsWith(`/mon-compte/animal/${invitation.animalId}`))).toBe(true);

    expect(await answer({ token: invitation.token, answer: 'accept' }, session)).toEqual({
      status: 409,
      body: {
        code: 'already_accepted',
        error: 'Vous avez déjà accepté cette invitation.',
        animal_id: invitation.animalId,
        animal_name: 'Filou',
        role: 'keeper',
      },
    });
    expect(await answer({ token: invitation.token })).toMatchObject({ status: 200, body: { state: 'accepted' } });
    expect(await answer({ token: invitation.token, answer: 'refuse' })).toMatchObject({ status: 404 });
    // One e-mail to the sender, not one per click.
    expect(await stack.mails(owner.email, `${invitation.email} a rejoint le foyer de Filou`)).toHaveLength(1);
  });

  it('is refused with the link alone, which then opens nothing, and the sender is told', async () => {
    const invitation = await invited('co_owner');
    expect(await answer({ token: invitation.token, answer: 'refuse' })).toEqual({
      status: 200,
      body: { refused: true },
    });
    const mail = await toOwner('Invitation refusée : le foyer de Filou');
    expect(mail?.text).toContain(`${invitation.email} a refusé votre invitation à rejoindre le foyer de Filou.`);
    expect(await answer({ token: invitation.token })).toMatchObject({ status: 404 });
    const invitee = await stack.signedInOwner('refus', invitation.email);
    expect(await answer({ token: invitation.token, answer: 'accept' }, await ownerToken(invitee.client))).toMatchObject(
      { status: 404, body: { code: 'invitation_unavailable' } },
    );
  });

  it('tells the giver of an animal whether it was accepted, with I-CAD, or refused', async () => {
    const accepted = await invited('owner');
    const buyer = await stack.signedInOwner('acquereur', accepted.email);
    expect(await answer({ token: accepted.token, answer: 'accept' }, await ownerToken(buyer.client))).toMatchObject({
      status: 200,
      body: { accepted: true, role: 'owner' },
    });
    const given = await toOwner('Filou a un nouveau propriétaire');
    expect(given?.text).toContain(`${accepted.email} a accepté Filou`);
    expect(given?.links).toContain('https://www.i-cad.fr');
    const { data: left } = await owner.client.from('animals').select('id').eq('id', accepted.animalId);
    expect(left).toEqual([]);

    const refused = await invited('owner');
    expect(await answer({ token: refused.token, answer: 'refuse' })).toMatchObject({ status: 200 });
    const kept = await toOwner('Proposition refusée : Filou reste dans votre compte');
    expect(kept?.text).toContain(`${refused.email} a refusé votre proposition : Filou reste dans votre compte`);
    const { data: still } = await owner.client.from('animals').select('id').eq('id', refused.animalId);
    expect(still).toEqual([{ id: refused.animalId }]);
  });
});
