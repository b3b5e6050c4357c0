import { ConfirmDialog, PageFrame, Spinner } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { editAnimalPath, ROUTES } from '@medaille/routing';
import { Link, useNavigate } from '@medaille/routing/router';
import { signOut, useAuth } from '@medaille/supabase';
import { Box, Button, Callout, Card, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { useEffect, useId, useState } from 'react';
import { COPY } from '../../copy.ts';
import { ICAD_URL } from '../../ui/icad.ts';
import { parisDay, parisTime } from '../../ui/paris-time.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import {
  acceptInvitation,
  type InvitationOffer,
  type InvitationRefusal,
  readInvitation,
  refuseInvitation,
} from './api.ts';
import { HOUSEHOLD_COPY } from './copy.ts';
import {
  forgetPendingInvitation,
  keepPendingInvitation,
  readPendingInvitation,
  tokenInFragment,
} from './pending-invitation.ts';

const text = HOUSEHOLD_COPY.invitation;

/** The login and register pages bring the person back here once signed in, the invited address filled in. */
const backHere = (email?: string) =>
  `?${new URLSearchParams({ next: ROUTES.invitation, ...(email ? { email } : {}) })}`;

/**
 * The token of the link that opened the page, kept in this browser (it must survive sign-in, sign-up and the
 * e-mail confirmation, which carries it too) and taken out of the address bar, where it could be copied or
 * shared; else the one kept before.
 */
function useInvitationToken(): string | null {
  const [token] = useState(() => {
    const fromLink = tokenInFragment(window.location.hash);
    if (fromLink) keepPendingInvitation(fromLink);
    return fromLink ?? readPendingInvitation();
  });
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  }, []);
  return token;
}

/**
 * /mon-compte/invitation#<token>: an invitation to an animal's household, or the offer of the animal itself.
 * Opening it changes nothing (mail services' scanners open every link): it says who offers what, and the
 * person answers with 'Accepter' (signed in with the invited address) or 'Refuser' (with or without an
 * account); the sender is told either way. Opened again once accepted, it says so.
 */
export function InvitationPage() {
  const auth = useAuth();
  const token = useInvitationToken();

  return (
    <PageFrame title={text.title}>
      <Card size="3" style={{ maxWidth: 560 }} className="portal-invitation">
        {auth.loading ? (
          <Spinner label={COPY.session.checking} />
        ) : token ? (
          <Invitation token={token} />
        ) : (
          <Flex direction="column" gap="3" align="start">
            <Text as="p">{text.missing}</Text>
            <Button asChild variant="soft">
              <Link to={ROUTES.account}>{text.back}</Link>
            </Button>
          </Flex>
        )}
      </Card>
    </PageFrame>
  );
}

type Read = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; offer: InvitationOffer };

/** What happened on this page: refused, accepted before (another tab, say), or a refusal of 'Accepter'. */
type Answered =
  | { kind: 'refused' }
  | { kind: 'accepted-before'; animal: { id: string; name: string; owner: boolean } }
  | { kind: 'not-accepted'; refusal: InvitationRefusal };

function Invitation({ token }: { token: string }) {
  const auth = useAuth();
  const [read, setRead] = useState<Read>({ state: 'loading' });
  const [answered, setAnswered] = useState<Answered | null>(null);

  useEffect(() => {
    let current = true;
    void readInvitation(token).then((outcome) => {
      if (!current) return;
      if (outcome.read) {
        setRead({ state: 'ready', offer: outcome.offer });
        return;
      }
      // A link that opens nothing any more is of no use kept.
      if (outcome.reason === 'invitation_unavailable') forgetPendingInvitation();
      setRead({ state: 'failed', message: outcome.message });
    });
    return () => {
      current = false;
    };
  }, [token]);

  if (read.state === 'loading') return <Spinner label={text.loading} />;
  if (read.state === 'failed') return <Closed message={read.message} signedIn={auth.isAuthenticated} />;
  const { offer } = read;
  const mine = auth.isAuthenticated && auth.user?.email?.toLowerCase() === offer.email;

  if (answered?.kind === 'refused') {
    return <Closed message={text.refusedDone(offer.inviter_email)} signedIn={auth.isAuthenticated} tone="status" />;
  }
  if (answered?.kind === 'accepted-before') return <AcceptedBefore animal={answered.animal} />;
  if (offer.state === 'accepted') {
    if (mine) {
      return (
        <AcceptedBefore animal={{ id: offer.animal_id, name: offer.animal_name, owner: offer.role === 'owner' }} />
      );
    }
    return auth.isAuthenticated ? (
      <Closed message={text.acceptedByAnother} signedIn />
    ) : (
      <Flex direction="column" gap="3" align="start">
        <Text as="p">{text.acceptedSignedOut(offer.animal_name)}</Text>
        <Button asChild size="3">
          <Link to={`${ROUTES.login}${backHere(offer.email)}`}>{text.login}</Link>
        </Button>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="4">
      <Offer offer={offer} />
      {answered?.kind === 'not-accepted' ? <NotAccepted token={token} refusal={answered.refusal} /> : null}
      <Answer token={token} offer={offer} mine={mine} onAnswered={setAnswered} />
    </Flex>
  );
}

/** Who offers what: the animal and what follows it, or the role in its household (a keeper's last day). */
function Offer({ offer }: { offer: InvitationOffer }) {
  const id = useId();
  const name = offer.animal_name;
  if (offer.role === 'owner') {
    return (
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5">
          {text.gives(offer.inviter_email, name)}
        </Heading>
        <Text as="p">{text.transferIntro(name)}</Text>
        <Box>
          <Heading as="h3" size="3" id={`${id}-follows`} mb="1">
            {text.follows}
          </Heading>
          <ul aria-labelledby={`${id}-follows`} className="portal-invitation-follows">
            {text.followItems.map((item) => (
              <li key={item}>
                <Text>{item}</Text>
              </li>
            ))}
          </ul>
        </Box>
        <Text as="p" size="2">
          {text.noContact}
        </Text>
        <Text as="p" size="2">
          {HOUSEHOLD_COPY.transfer.icad}{' '}
          <RadixLink href={ICAD_URL} target="_blank" rel="noopener noreferrer">
            {HOUSEHOLD_COPY.transfer.icadLink}
          </RadixLink>
        </Text>
        <Text as="p" size="2" color="gray">
          {text.validUntil(parisTime(offer.expires_at, 'date'))}
        </Text>
      </Flex>
    );
  }
  const keeper = offer.role === 'keeper' && offer.access_until !== null;
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="5">
        {text.invites(offer.inviter_email, name)}
      </Heading>
      <Text as="p">
        {text.role}{' '}
        <strong>
          {keeper && offer.access_until ? text.roles.keeper(parisDay(offer.access_until)) : text.roles.co_owner}
        </strong>
      </Text>
      <Text as="p">{keeper ? text.roleHints.keeper : text.roleHints.co_owner}</Text>
      <Text as="p" size="2" color="gray">
        {text.validUntil(parisTime(offer.expires_at, 'date'))}
      </Text>
    </Flex>
  );
}

/**
 * The answer's buttons: 'Accepter' for the invited address's account, the ways to it otherwise, and 'Refuser'
 * for anybody who holds the link (after a confirmation).
 */
function Answer({
  token,
  offer,
  mine,
  onAnswered,
}: {
  token: string;
  offer: InvitationOffer;
  mine: boolean;
  onAnswered: (answered: Answered) => void;
}) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'accept' | 'refuse' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = offer.animal_name;

  const accept = async () => {
    setBusy('accept');
    const outcome = await acceptInvitation(token);
    setBusy(null);
    if (outcome.accepted) {
      forgetPendingInvitation();
      const owner = outcome.role === 'owner';
      toast({ topic: 'household-invitation', title: owner ? text.becameOwner(name) : text.accepted(name) });
      // The animal's page then reminds the new owner of I-CAD, first thing.
      navigate(editAnimalPath(outcome.animalId), { replace: true, state: owner ? { newOwner: true } : null });
      return;
    }
    if (outcome.reason === 'already_accepted' && outcome.animal) {
      forgetPendingInvitation();
      onAnswered({
        kind: 'accepted-before',
        animal: { id: outcome.animal.id, name: outcome.animal.name, owner: outcome.animal.role === 'owner' },
      });
      return;
    }
    if (outcome.reason === 'invitation_unavailable' || outcome.reason === 'already_member') forgetPendingInvitation();
    onAnswered({ kind: 'not-accepted', refusal: outcome });
  };

  const refuse = async () => {
    setBusy('refuse');
    const outcome = await refuseInvitation(token);
    setBusy(null);
    setConfirming(false);
    if (outcome.refused) {
      forgetPendingInvitation();
      onAnswered({ kind: 'refused' });
      return;
    }
    toast({
      topic: 'household-invitation',
      title: text.refuseFailed,
      description: outcome.message,
      variant: 'destructive',
    });
  };

  return (
    <Flex direction="column" gap="3">
      {!auth.isAuthenticated ? (
        <>
          <Text as="p">{text.signedOut(offer.email)}</Text>
          <Button asChild size="3">
            <Link to={`${ROUTES.register}${backHere(offer.email)}`}>{text.register}</Link>
          </Button>
          <Button asChild size="3" variant="soft">
            <Link to={`${ROUTES.login}${backHere(offer.email)}`}>{text.login}</Link>
          </Button>
        </>
      ) : mine ? (
        <SubmitButton type="button" size="3" busy={busy === 'accept'} onClick={() => void accept()}>
          {text.accept}
        </SubmitButton>
      ) : (
        <>
          <Text as="p">{text.otherAccount(offer.email, auth.user?.email ?? '')}</Text>
          <SwitchAccount token={token} email={offer.email} />
        </>
      )}
      <Button type="button" size="3" variant="soft" color="red" onClick={() => setConfirming(true)}>
        {text.refuse}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.refuseTitle}
        description={text.refuseText(offer.inviter_email)}
        confirmLabel={text.refuse}
        onConfirm={() => void refuse()}
        busy={busy === 'refuse'}
      />
    </Flex>
  );
}

/**
 * Out of the account signed in here, and to the login page with the invited address, keeping the invitation
 * (signing out forgets everything this browser kept).
 */
function SwitchAccount({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const switchAccount = async () => {
    setSigningOut(true);
    await signOut().catch(() => undefined);
    keepPendingInvitation(token);
    navigate(`${ROUTES.login}${backHere(email)}`, { replace: true });
  };
  return (
    <SubmitButton type="button" size="3" variant="soft" busy={signingOut} onClick={() => void switchAccount()}>
      {text.signOut}
    </SubmitButton>
  );
}

/** Why 'Accepter' did not accept, in the database's words, and the way out when there is one. */
function NotAccepted({ token, refusal }: { token: string; refusal: InvitationRefusal }) {
  const signInAgain = refusal.reason === 'session_expired' || refusal.reason === 'unauthenticated';
  return (
    <Flex direction="column" gap="3" align="start">
      <Callout.Root color="red" role="alert">
        <Callout.Text>
          <strong style={{ display: 'block' }}>{text.refused}</strong>
          {refusal.message}
        </Callout.Text>
      </Callout.Root>
      {signInAgain ? <SwitchAccount token={token} email="" /> : null}
    </Flex>
  );
}

/** The invitation was accepted by this very person: said kindly, with the way to the animal. */
function AcceptedBefore({ animal }: { animal: { id: string; name: string; owner: boolean } }) {
  useEffect(() => forgetPendingInvitation(), []);
  return (
    <Flex direction="column" gap="3" align="start">
      <Callout.Root color="green" role="status">
        <Callout.Text>{animal.owner ? text.alreadyOwner(animal.name) : text.alreadyMember(animal.name)}</Callout.Text>
      </Callout.Root>
      <Button asChild size="3">
        <Link to={editAnimalPath(animal.id)}>{text.see(animal.name)}</Link>
      </Button>
    </Flex>
  );
}

/** A link that opens nothing (any more), or an invitation just refused: said, and the way back. */
function Closed({
  message,
  signedIn,
  tone = 'alert',
}: {
  message: string;
  signedIn: boolean;
  tone?: 'alert' | 'status';
}) {
  return (
    <Flex direction="column" gap="3" align="start">
      <Callout.Root color={tone === 'alert' ? 'red' : 'green'} role={tone}>
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      <Button asChild variant="soft">
        <Link to={signedIn ? ROUTES.account : ROUTES.home}>{signedIn ? text.back : text.home}</Link>
      </Button>
    </Flex>
  );
}
