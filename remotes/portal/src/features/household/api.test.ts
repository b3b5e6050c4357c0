import { describe, expect, it, vi } from 'vitest';

const invoked: unknown[] = [];
let functionAnswer: { data: unknown; error: unknown } = { data: null, error: null };
let rpcAnswer: { data: unknown; error: unknown } = { data: null, error: null };
vi.mock('@medaille/supabase', () => ({
  supabase: async () => ({
    functions: {
      invoke: async (name: string, options: unknown) => {
        invoked.push([name, options]);
        return functionAnswer;
      },
    },
    rpc: async () => rpcAnswer,
  }),
  useAuth: () => ({}),
}));

const { acceptInvitation, inviteMember, readInvitation, refuseInvitation, removeMember } = await import('./api.ts');

describe('inviting someone', () => {
  const keeper = {
    animal_id: 'animal-1',
    email: 'marie@exemple.fr',
    role: 'keeper',
    access_until: '2026-12-12',
  } as const;

  it('is one call to the invite-member function, which answers the address', async () => {
    functionAnswer = { data: { invited: true, email: 'marie@exemple.fr' }, error: null };
    expect(await inviteMember(keeper)).toEqual({ invited: true, email: 'marie@exemple.fr' });
    expect(invoked).toEqual([['invite-member', { body: keeper }]]);
  });

  it('answers the function’s French words when it refuses, none when no answer came back', async () => {
    const refusal = 'Cette personne fait déjà partie du foyer de cet animal.';
    const response = new Response(JSON.stringify({ code: 'already_member', error: refusal }), { status: 409 });
    functionAnswer = {
      data: null,
      error: { message: 'Edge Function returned a non-2xx status code', context: response },
    };
    expect(await inviteMember(keeper)).toEqual({ invited: false, message: refusal });
    functionAnswer = { data: null, error: { message: 'Failed to send a request', context: new TypeError('fetch') } };
    expect(await inviteMember(keeper)).toEqual({ invited: false, message: null });
  });
});

/** A refusal of a function as supabase-js gives it: the refused Response in the error's context. */
const refusedWith = (status: number, body: unknown) => ({
  data: null,
  error: {
    message: 'Edge Function returned a non-2xx status code',
    context: new Response(JSON.stringify(body), { status }),
  },
});

describe('an invitation’s link', () => {
  it('is read through answer-invitation, which changes nothing', async () => {
    invoked.length = 0;
    const offer = {
      state: 'pending',
      animal_id: 'animal-1',
      animal_name: 'Filou',
      inviter_email: 'chloe@exemple.fr',
      email: 'marie@exemple.fr',
      role: 'keeper',
      access_until: '2026-12-12',
      expires_at: '2026-12-01T10:00:00Z',
    };
    functionAnswer = { data: offer, error: null };
    expect(await readInvitation('token')).toEqual({ read: true, offer });
    expect(invoked).toEqual([['answer-invitation', { body: { token: 'token' } }]]);
  });

  it('is accepted and refused with a button, each one call', async () => {
    invoked.length = 0;
    functionAnswer = {
      data: { accepted: true, animal_id: 'animal-1', animal_name: 'Filou', role: 'co_owner' },
      error: null,
    };
    expect(await acceptInvitation('token')).toEqual({ accepted: true, animalId: 'animal-1', role: 'co_owner' });
    functionAnswer = { data: { refused: true }, error: null };
    expect(await refuseInvitation('token')).toEqual({ refused: true });
    expect(invoked).toEqual([
      ['answer-invitation', { body: { token: 'token', answer: 'accept' } }],
      ['answer-invitation', { body: { token: 'token', answer: 'refuse' } }],
    ]);
  });

  it('answers a refusal by its reason, with the database’s words, and the animal when accepted already', async () => {
    const error = 'Cette invitation a été envoyée à une autre adresse e-mail.';
    functionAnswer = refusedWith(403, { code: 'wrong_account', error });
    expect(await acceptInvitation('token')).toEqual({ accepted: false, reason: 'wrong_account', message: error });
    functionAnswer = refusedWith(409, {
      code: 'already_accepted',
      error: 'Vous avez déjà accepté cette invitation.',
      animal_id: 'animal-1',
      animal_name: 'Filou',
      role: 'keeper',
    });
    expect(await acceptInvitation('token')).toEqual({
      accepted: false,
      reason: 'already_accepted',
      message: 'Vous avez déjà accepté cette invitation.',
      animal: { id: 'animal-1', name: 'Filou', role: 'keeper' },
    });
    functionAnswer = refusedWith(400, { code: 'something_new', error: 'Autre chose' });
    expect(await refuseInvitation('token')).toEqual({ refused: false, reason: null, message: 'Autre chose' });
  });

  it('says the service is out of reach rather than a socket’s words', async () => {
    functionAnswer = {
      data: null,
      error: { name: 'FunctionsFetchError', message: 'Failed to send a request', context: new TypeError('fetch') },
    };
    expect(await readInvitation('token')).toEqual({
      read: false,
      reason: null,
      message: 'Service momentanément indisponible, réessayez.',
    });
  });
});

describe('leaving or removing a member', () => {
  it('is done, or refused with the database’s reason and words', async () => {
    rpcAnswer = { data: { success: true, error: null, reason: null }, error: null };
    expect(await removeMember('animal-1', 'user-1')).toEqual({ done: true });
    const error = 'Le propriétaire ne peut pas quitter son animal : donnez-le plutôt à un autre compte.';
    rpcAnswer = { data: { success: false, reason: 'owner_stays', error }, error: null };
    expect(await removeMember('animal-1', 'user-1')).toEqual({ done: false, reason: 'owner_stays', message: error });
  });
});
