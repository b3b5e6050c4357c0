import { PageFrame, Spinner } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { editAnimalPath, ROUTES } from '@medaille/routing';
import { Link, useNavigate } from '@medaille/routing/router';
import { signOut, useAuth } from '@medaille/supabase';
import { Button, Callout, Card, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { COPY } from '../../copy.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { type AcceptRefusal, acceptInvitation, animalName } from './api.ts';
import {
  forgetPendingInvitation,
  keepPendingInvitation,
  readPendingInvitation,
  tokenInFragment,
} from './pending-invitation.ts';

const text = COPY.invitation;
/** The login and register pages bring the person back here once signed in. */
const backHere = `?${new URLSearchParams({ next: ROUTES.invitation })}`;

/**
 * The token of the link that opened the page, kept in this browser (it must survive sign-in, sign-up and the
 * e-mail confirmation) and taken out of the address bar, where it could be copied or shared; else the one
 * kept before.
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
 * /mon-compte/invitation#<token>: an invitation to an animal's household. Signed out, what it is and the ways
 * to sign in or register (which come back here); signed in, it is accepted at once, and the animal's page
 * opens; a refusal is said in the database's words.
 */
export function InvitationPage() {
  const auth = useAuth();
  const token = useInvitationToken();

  return (
    <PageFrame title={text.title}>
      <Card size="3" style={{ maxWidth: 520 }}>
        {auth.loading ? (
          <Spinner label={COPY.session.checking} />
        ) : !token ? (
          <Flex direction="column" gap="3" align="start">
            <Text as="p">{text.missing}</Text>
            <Button asChild variant="soft">
              <Link to={ROUTES.account}>{text.back}</Link>
            </Button>
          </Flex>
        ) : auth.isAuthenticated ? (
          <Accept token={token} />
        ) : (
          <Flex direction="column" gap="4">
            <Text as="p">{text.signedOut}</Text>
            <Flex direction="column" gap="3">
              <Button asChild size="3">
                <Link to={`${ROUTES.register}${backHere}`}>{text.register}</Link>
              </Button>
              <Button asChild size="3" variant="soft">
                <Link to={`${ROUTES.login}${backHere}`}>{text.login}</Link>
              </Button>
            </Flex>
          </Flex>
        )}
      </Card>
    </PageFrame>
  );
}

/** Accepts the invitation once; then the animal's page, or the refusal and what can be done about it. */
function Accept({ token }: { token: string }) {
  const navigate = useNavigate();
  const started = useRef(false);
  const [refusal, setRefusal] = useState<{ reason: AcceptRefusal | null; message: string } | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const outcome = await acceptInvitation(token).catch(() => ({
        accepted: false as const,
        reason: null,
        message: COPY.unexpected,
      }));
      if (!outcome.accepted) {
        // An invitation that is gone (or that was the owner's own animal) is of no use any more.
        if (outcome.reason === 'invitation_unavailable' || outcome.reason === 'already_member') {
          forgetPendingInvitation();
        }
        setRefusal(outcome);
        return;
      }
      forgetPendingInvitation();
      const name = await animalName(outcome.animalId).catch(() => null);
      const owner = outcome.role === 'owner';
      if (name) toast({ topic: 'household-invitation', title: owner ? text.becameOwner(name) : text.accepted(name) });
      // The animal's page then reminds the new owner of I-CAD (TransferSection).
      navigate(editAnimalPath(outcome.animalId), { replace: true, state: owner ? { newOwner: true } : null });
    })();
  }, [token, navigate]);

  /**
   * Another account is signed in, or the session is no longer valid: out of it and to the login page, keeping
   * the invitation (signing out forgets everything this browser kept).
   */
  const switchAccount = async () => {
    setSigningOut(true);
    await signOut().catch(() => undefined);
    keepPendingInvitation(token);
    navigate(`${ROUTES.login}${backHere}`, { replace: true });
  };

  if (!refusal) return <Spinner label={text.accepting} />;
  return (
    <Flex direction="column" gap="3" align="start">
      <Callout.Root color="red" role="alert">
        <Callout.Text>
          <strong style={{ display: 'block' }}>{text.refused}</strong>
          {refusal.message}
        </Callout.Text>
      </Callout.Root>
      <Flex gap="3" wrap="wrap">
        {refusal.reason === 'wrong_account' || refusal.reason === 'session_expired' ? (
          <SubmitButton type="button" busy={signingOut} onClick={() => void switchAccount()}>
            {refusal.reason === 'wrong_account' ? text.signOut : text.login}
          </SubmitButton>
        ) : null}
        <Button asChild variant="soft">
          {/* Going elsewhere gives the invitation up: a later sign-in does not bring it back. */}
          <Link to={ROUTES.account} onClick={forgetPendingInvitation}>
            {text.back}
          </Link>
        </Button>
      </Flex>
    </Flex>
  );
}
