import { toast } from '@medaille/design-system/toast';
import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { COPY } from '../../copy.ts';
import { parisTime } from '../../ui/paris-time.ts';
import { failureText } from '../../ui/server-message.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { type PendingInvitation, revokeInvitation } from './api.ts';
import { HOUSEHOLD_COPY } from './copy.ts';
import { roleLabel } from './roles.ts';

const text = HOUSEHOLD_COPY.household;

/** The owner's invitations waiting for an answer, each with 'Annuler l'invitation' (its link then opens nothing). */
export function InvitationList({
  invitations,
  today,
  onChanged,
  fallbackFocus,
}: {
  invitations: readonly PendingInvitation[];
  today: string;
  onChanged: () => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const [revoking, setRevoking] = useState<string | null>(null);
  if (invitations.length === 0) return null;

  const revoke = async (invitation: PendingInvitation) => {
    setRevoking(invitation.id);
    const error = await revokeInvitation(invitation.id).catch(() => ({ message: COPY.unexpected }));
    setRevoking(null);
    if (error) {
      toast({
        topic: 'household-revoke',
        title: text.revokeFailed,
        description: failureText(error),
        variant: 'destructive',
      });
      return;
    }
    toast({ topic: 'household-revoke', title: text.revoked, description: text.revokeText(invitation.email) });
    // The button goes with its invitation: focus to the section's heading rather than the page.
    fallbackFocus()?.focus();
    onChanged();
  };

  return (
    <Box mt="5">
      <Heading as="h3" size="3" mb="2" id="household-invitations-title">
        {text.invitations}
      </Heading>
      <Flex asChild direction="column" gap="3">
        <ul className="portal-household-list" aria-labelledby="household-invitations-title">
          {invitations.map((invitation) => (
            <li key={invitation.id}>
              <Flex justify="between" align="start" gap="3" wrap="wrap">
                <Box minWidth="0">
                  <Text as="p" size="2" weight="medium" className="portal-household-email">
                    {invitation.email}
                  </Text>
                  <Text as="p" size="2" color="gray">
                    {text.invitedAs(roleLabel(invitation, today))}
                  </Text>
                  <Text as="p" size="1" color="gray">
                    {text.invitationValid(parisTime(invitation.expires_at, 'date'))}
                  </Text>
                </Box>
                <SubmitButton
                  type="button"
                  variant="soft"
                  color="gray"
                  busy={revoking === invitation.id}
                  aria-label={text.revokeLabel(invitation.email)}
                  onClick={() => void revoke(invitation)}
                >
                  {text.revoke}
                </SubmitButton>
              </Flex>
            </li>
          ))}
        </ul>
      </Flex>
    </Box>
  );
}
