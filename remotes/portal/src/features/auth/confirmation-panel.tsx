import { toast } from '@medaille/design-system/toast';
import { Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { COPY } from '../../copy.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { readPendingInvitation } from '../household/pending-invitation.ts';
import { resendConfirmation } from './api.ts';
import { authErrorMessage, secondsToWait } from './auth-errors.ts';
import {
  type AwaitingConfirmation,
  forgetAwaitingConfirmation,
  RESEND_INTERVAL_MS,
  rememberConfirmationSent,
} from './awaiting-confirmation.ts';
import { AUTH_COPY } from './copy.ts';
import { EmailCodeForm } from './email-code-form.tsx';

const text = AUTH_COPY.confirmation;

/** The time, once a second while `ticking`. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/**
 * On the login page after registering: where the confirmation link went, the e-mail's code for an owner who
 * reads it on another device (it signs this browser in, and the login page moves on), and 'Renvoyer
 * l'e-mail' once the auth service allows another (a minute after the last), with the seconds left until then.
 */
export function ConfirmationPanel({ awaiting }: { awaiting: AwaitingConfirmation }) {
  const [sending, setSending] = useState(false);
  const [waitUntil, setWaitUntil] = useState(awaiting.sentAt + RESEND_INTERVAL_MS);
  const now = useNow(Date.now() < waitUntil);
  const secondsLeft = Math.ceil((waitUntil - now) / 1000);

  const resend = async () => {
    setSending(true);
    try {
      const { error } = await resendConfirmation(awaiting.email, readPendingInvitation());
      if (!error) {
        const sentAt = Date.now();
        setWaitUntil(sentAt + RESEND_INTERVAL_MS);
        rememberConfirmationSent({ email: awaiting.email, sentAt });
        toast({ topic: 'confirmation-resend', title: text.resent.title, description: text.resent.description });
        return;
      }
      // The service's own count wins: it says how long it still wants.
      const seconds = error.code === 'over_email_send_rate_limit' ? secondsToWait(error.message) : null;
      if (seconds !== null) setWaitUntil(Date.now() + seconds * 1000);
      toast({
        topic: 'confirmation-resend',
        title: text.resendFailed,
        description: authErrorMessage(error),
        variant: 'destructive',
      });
    } catch {
      toast({
        topic: 'confirmation-resend',
        title: text.resendFailed,
        description: COPY.unexpected,
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Callout.Root color="orange" mb="4" asChild>
      <section aria-labelledby="confirmation-title">
        <Flex direction="column" gap="2">
          <Heading id="confirmation-title" as="h2" size="3">
            {text.title}
          </Heading>
          <Text size="2">{text.text(awaiting.email)}</Text>
          <EmailCodeForm email={awaiting.email} type="signup" onVerified={forgetAwaitingConfirmation} />
          <div>
            <SubmitButton
              type="button"
              variant="soft"
              busy={sending}
              disabled={secondsLeft > 0}
              onClick={() => void resend()}
            >
              {secondsLeft > 0 ? text.resendIn(secondsLeft) : text.resend}
            </SubmitButton>
          </div>
        </Flex>
      </section>
    </Callout.Root>
  );
}
