import { type BackendFailure, databaseErrorMessage, isBackendUnavailable } from '@medaille/domain';
import { supabase, type Tables, useAuth } from '@medaille/supabase';
import { useCallback, useEffect, useState } from 'react';
import { COPY } from '../../copy.ts';
import { failureText, serverMessage } from '../../ui/server-message.ts';
import { LOST_COPY } from '../lost/copy.ts';
import { HOUSEHOLD_COPY } from './copy.ts';
import { type HouseholdRole, householdRole, type InvitedRole } from './roles.ts';

// Every read and write of an animal's household (supabase/schemas/household.sql): its members, the owner's
// pending invitations, inviting (the invite-member function), reading, accepting and refusing an invitation
// (the answer-invitation function), leaving, removing, a keeper's last day, and each member's own alerts. The database decides who may do what; its refusals come with a
// `reason` and French words (`error`) that the portal shows as they are.

/** One member as animal_household answers it, owner first. */
export interface HouseholdMember {
  user_id: string;
  email: string;
  role: HouseholdRole;
  access_until: string | null;
  alert_email: boolean;
  is_me: boolean;
}

export type PendingInvitation = Pick<
  Tables<'animal_invitations'>,
  'id' | 'email' | 'access_until' | 'created_at' | 'expires_at'
> & { role: InvitedRole };

/** What a household function answered: done, or refused with its words (null when none came back). */
export type HouseholdOutcome = { done: true } | { done: false; reason: string | null; message: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A household RPC's jsonb answer, or the failure of the call itself, as an outcome. */
function outcomeOf(data: unknown, error: { code?: string; message?: string } | null): HouseholdOutcome {
  if (error) return { done: false, reason: null, message: databaseErrorMessage(error) };
  if (isObject(data) && data.success === true) return { done: true };
  const reason = isObject(data) && typeof data.reason === 'string' ? data.reason : null;
  const message = isObject(data) && typeof data.error === 'string' ? data.error : COPY.unexpected;
  return { done: false, reason, message };
}

function membersOf(data: unknown): HouseholdMember[] {
  if (!Array.isArray(data)) return [];
  return data.filter(isObject).map((row) => ({
    user_id: String(row.user_id),
    email: String(row.email ?? ''),
    role: householdRole(String(row.role)),
    access_until: typeof row.access_until === 'string' ? row.access_until : null,
    alert_email: row.alert_email === true,
    is_me: row.is_me === true,
  }));
}

/** The owner's offer of the animal to another account (an invitation as owner), waiting for its answer. */
export type PendingOffer = Pick<Tables<'animal_invitations'>, 'id' | 'email' | 'created_at' | 'expires_at'>;

type HouseholdLoad =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; members: HouseholdMember[]; invitations: PendingInvitation[]; offer: PendingOffer | null };

/** The members of an animal and, for its owner, the invitations waiting for an answer. */
async function readHousehold(animalId: string, owner: boolean): Promise<HouseholdLoad> {
  const client = await supabase();
  const [members, invitations] = await Promise.all([
    client.rpc('animal_household', { p_animal_id: animalId }),
    owner
      ? client
          .from('animal_invitations')
          .select('id, email, role, access_until, created_at, expires_at')
          .eq('animal_id', animalId)
          .order('created_at', { ascending: false })
      : Promise.resolve({ data: [], error: null }),
  ]);
  if (members.error || invitations.error) return { state: 'failed' };
  const rows = invitations.data ?? [];
  const offer = rows.find((row) => row.role === 'owner');
  return {
    state: 'ready',
    members: membersOf(members.data),
    invitations: rows
      .filter((row) => row.role !== 'owner')
      .map((row) => ({ ...row, role: row.role === 'co_owner' ? 'co_owner' : 'keeper' })),
    offer: offer
      ? { id: offer.id, email: offer.email, created_at: offer.created_at, expires_at: offer.expires_at }
      : null,
  };
}

/**
 * The household of an animal the signed-in person sees, with, for its owner, the invitations waiting for an
 * answer; `reload` reads both again after a change.
 */
export function useHousehold(animalId: string, owner: boolean) {
  const userId = useAuth().user?.id;
  const [load, setLoad] = useState<HouseholdLoad>({ state: 'loading' });

  useEffect(() => {
    if (!userId) return;
    let current = true;
    readHousehold(animalId, owner).then(
      (read) => current && setLoad(read),
      () => current && setLoad({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [animalId, owner, userId]);

  const reload = useCallback(
    () =>
      readHousehold(animalId, owner).then(setLoad, () => {
        // What is shown stays: only a first reading that fails says so.
      }),
    [animalId, owner],
  );
  /** Shows a change the database already made, without reading the household again. */
  const showMember = useCallback(
    (memberId: string, change: Partial<HouseholdMember>) =>
      setLoad((now) =>
        now.state === 'ready'
          ? { ...now, members: now.members.map((m) => (m.user_id === memberId ? { ...m, ...change } : m)) }
          : now,
      ),
    [],
  );
  return { load, reload, showMember };
}

/** An animal's household as a page reads it once (`useHousehold`) and hands it to what shows it. */
export type Household = ReturnType<typeof useHousehold>;

export interface Invitation {
  animal_id: string;
  email: string;
  /** 'owner': the animal itself is offered (a change of owner). */
  role: InvitedRole | 'owner';
  /** A keeper's last day, 'YYYY-MM-DD'; null for a co-owner. */
  access_until: string | null;
}

/**
 * Sends an invitation by e-mail (the invite-member function, which stores it and sends the link). When the
 * function refuses, its French message, or null when none came back (no network, say).
 */
export async function inviteMember(
  invitation: Invitation,
): Promise<{ invited: true; email: string } | { invited: false; message: string | null }> {
  const { data, error } = await (await supabase()).functions.invoke('invite-member', { body: invitation });
  if (error) return { invited: false, message: await serverMessage(error) };
  const email = isObject(data) && typeof data.email === 'string' ? data.email : invitation.email;
  return { invited: true, email };
}

/** The owner takes an invitation back: its link no longer opens anything. */
export async function revokeInvitation(invitationId: string): Promise<{ message: string } | null> {
  const { data, error } = await (await supabase())
    .from('animal_invitations')
    .delete()
    .eq('id', invitationId)
    .select('id');
  if (error) return { message: databaseErrorMessage(error) };
  // Row level security: an invitation that is not the owner's (or was answered meanwhile) deletes nothing.
  return data.length > 0 ? null : { message: HOUSEHOLD_COPY.household.revokeFailed };
}

/** The owner removes a member, or a member leaves (`userId` their own); never throws. */
export async function removeMember(animalId: string, userId: string): Promise<HouseholdOutcome> {
  try {
    const { data, error } = await (await supabase()).rpc('remove_animal_member', {
      p_animal_id: animalId,
      p_user_id: userId,
    });
    return outcomeOf(data, error);
  } catch {
    return { done: false, reason: null, message: COPY.unexpected };
  }
}

/** The owner changes a keeper's last day ('YYYY-MM-DD'). */
export async function setKeeperLastDay(animalId: string, userId: string, lastDay: string): Promise<HouseholdOutcome> {
  const { data, error } = await (await supabase()).rpc('set_animal_member_role', {
    p_animal_id: animalId,
    p_user_id: userId,
    p_role: 'keeper',
    p_access_until: lastDay,
  });
  return outcomeOf(data, error);
}

/** A member's own choice of the animal's alerts by e-mail (the only column of their row they may change). */
export async function setAlertEmail(
  animalId: string,
  userId: string,
  on: boolean,
): Promise<{ message: string } | null> {
  const { data, error } = await (await supabase())
    .from('animal_members')
    .update({ alert_email: on })
    .eq('animal_id', animalId)
    .eq('user_id', userId)
    .select('alert_email')
    .maybeSingle();
  if (error) return { message: databaseErrorMessage(error) };
  return data ? null : { message: LOST_COPY.lost.animalNotFound };
}

/**
 * What an invitation's link offers, as the answer-invitation function reads it: opening the link changes
 * nothing (mail scanners open every link). `state`: waiting for its answer, or accepted already.
 */
export interface InvitationOffer {
  state: 'pending' | 'accepted';
  animal_id: string;
  animal_name: string;
  inviter_email: string;
  /** The invited address: the account to accept with. */
  email: string;
  /** 'owner': the animal itself is offered (a change of owner). */
  role: HouseholdRole;
  /** A keeper's last day, 'YYYY-MM-DD'. */
  access_until: string | null;
  expires_at: string;
}

/** Why answer-invitation refused, as it names it in `code`. */
export const ANSWER_REFUSALS = [
  'unauthenticated',
  'session_expired',
  'invitation_unavailable',
  'wrong_account',
  'email_not_confirmed',
  'already_member',
  'already_accepted',
] as const;
export type AnswerRefusal = (typeof ANSWER_REFUSALS)[number];

/** A refusal of answer-invitation: its reason when known, its French words, the animal when accepted already. */
export interface InvitationRefusal {
  reason: AnswerRefusal | null;
  message: string;
  animal?: { id: string; name: string; role: HouseholdRole };
}

/** The function's refusal as the page shows it; the backend out of reach said as failureText says it. */
async function refusalOf(error: BackendFailure): Promise<InvitationRefusal> {
  if (isBackendUnavailable(error) || !(error.context instanceof Response)) {
    return { reason: null, message: failureText(error, COPY.unexpected) };
  }
  const body: unknown = await error.context.json().catch(() => null);
  if (!isObject(body)) return { reason: null, message: COPY.unexpected };
  const reason = ANSWER_REFUSALS.find((known) => known === body.code) ?? null;
  const message = typeof body.error === 'string' ? body.error : COPY.unexpected;
  const animal =
    typeof body.animal_id === 'string' && typeof body.animal_name === 'string'
      ? { id: body.animal_id, name: body.animal_name, role: householdRole(String(body.role)) }
      : undefined;
  return animal ? { reason, message, animal } : { reason, message };
}

async function answerInvitation(body: Record<string, string>) {
  try {
    return await (await supabase()).functions.invoke('answer-invitation', { body });
  } catch (error) {
    return { data: null, error: error as BackendFailure };
  }
}

/** What the invitation of `token` offers; reading it changes nothing. */
export async function readInvitation(
  token: string,
): Promise<{ read: true; offer: InvitationOffer } | ({ read: false } & InvitationRefusal)> {
  const { data, error } = await answerInvitation({ token });
  if (error) return { read: false, ...(await refusalOf(error)) };
  if (!isObject(data) || typeof data.animal_id !== 'string')
    return { read: false, reason: null, message: COPY.unexpected };
  return {
    read: true,
    offer: {
      state: data.state === 'accepted' ? 'accepted' : 'pending',
      animal_id: data.animal_id,
      animal_name: String(data.animal_name ?? ''),
      inviter_email: String(data.inviter_email ?? ''),
      email: String(data.email ?? ''),
      role: householdRole(String(data.role)),
      access_until: typeof data.access_until === 'string' ? data.access_until : null,
      expires_at: String(data.expires_at ?? ''),
    },
  };
}

export type AcceptOutcome =
  | { accepted: true; animalId: string; role: HouseholdRole }
  | ({ accepted: false } & InvitationRefusal);

/** 'Accepter': the signed-in person accepts the invitation of `token`, with the account of the invited address. */
export async function acceptInvitation(token: string): Promise<AcceptOutcome> {
  const { data, error } = await answerInvitation({ token, answer: 'accept' });
  if (error) return { accepted: false, ...(await refusalOf(error)) };
  if (!isObject(data) || typeof data.animal_id !== 'string') {
    return { accepted: false, reason: null, message: COPY.unexpected };
  }
  return { accepted: true, animalId: data.animal_id, role: householdRole(String(data.role)) };
}

/** 'Refuser': whoever holds the link turns the invitation down; its sender is told. */
export async function refuseInvitation(
  token: string,
): Promise<{ refused: true } | ({ refused: false } & InvitationRefusal)> {
  const { error } = await answerInvitation({ token, answer: 'refuse' });
  return error ? { refused: false, ...(await refusalOf(error)) } : { refused: true };
}

/** The name of an animal the signed-in person sees, or null. */
export async function animalName(animalId: string): Promise<string | null> {
  const { data } = await (await supabase()).from('animals').select('nom').eq('id', animalId).maybeSingle();
  return data?.nom ?? null;
}
