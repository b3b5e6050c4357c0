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

const { acceptInvitation, inviteMember, removeMember } = await import('./api.ts');

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

describe('accepting an invitation', () => {
  it('answers the animal and the role given', async () => {
    rpcAnswer = { data: { success: true, animal_id: 'animal-1', role: 'co_owner' }, error: null };
    expect(await acceptInvitation('token')).toEqual({ accepted: true, animalId: 'animal-1', role: 'co_owner' });
  });

  it('answers a refusal by its reason, with the database’s words', async () => {
    const error = 'Cette invitation a été envoyée à une autre adresse e-mail.';
    rpcAnswer = { data: { success: false, reason: 'wrong_account', error }, error: null };
    expect(await acceptInvitation('token')).toEqual({ accepted: false, reason: 'wrong_account', message: error });
    rpcAnswer = { data: { success: false, reason: 'something_new', error: 'Autre chose' }, error: null };
    expect(await acceptInvitation('token')).toEqual({ accepted: false, reason: null, message: 'Autre chose' });
  });

  it('says something the person can read when the call itself fails', async () => {
    rpcAnswer = { data: null, error: { code: 'PGRST301', message: 'JWT expired' } };
    const outcome = await acceptInvitation('token');
    expect(outcome).toMatchObject({ accepted: false, reason: null });
    expect(outcome.accepted ? '' : outcome.message).not.toContain('JWT');
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
