import { ConfirmDialog } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { ROUTES } from '@medaille/routing';
import { useNavigate } from '@medaille/routing/router';
import { Box, Button, Callout, Card, Flex, Heading, Switch, Text } from '@radix-ui/themes';
import { useRef, useState } from 'react';
import { COPY } from '../../copy.ts';
import { todayInParis } from '../../ui/paris-time.ts';
import { failureText } from '../../ui/server-message.ts';
import { type Household, type HouseholdMember, removeMember, setAlertEmail } from './api.ts';
import { HOUSEHOLD_COPY } from './copy.ts';
import { InvitationList } from './invitation-list.tsx';
import { InviteForm } from './invite-form.tsx';
import { MemberItem } from './member-item.tsx';
import type { HouseholdRole } from './roles.ts';
import { TransferSection } from './transfer-section.tsx';

const text = HOUSEHOLD_COPY.household;

/**
 * 'Foyer' on an animal's page: who answers for it with the person, and their roles. The owner removes
 * members, changes a keeper's last day, sees and cancels the pending invitations and invites; every member
 * chooses whether they get the animal's alerts by e-mail, and any but the owner may leave.
 */
export function HouseholdSection({
  animalId,
  animalName,
  role,
  household,
}: {
  animalId: string;
  animalName: string;
  role: HouseholdRole;
  /** Read by the page (`useHousehold`, with the invitations for the owner), which shows it elsewhere too. */
  household: Household;
}) {
  const owner = role === 'owner';
  const heading = useRef<HTMLHeadingElement>(null);
  const { load } = household;
  const today = todayInParis();
  const me = load.state === 'ready' ? load.members.find((member) => member.is_me) : undefined;

  return (
    <>
      <Card size="3" mt="5" asChild>
        <section aria-labelledby="household-title">
          <Heading id="household-title" ref={heading} tabIndex={-1} as="h2" size="4" mb="1">
            {text.title}
          </Heading>
          <Text as="p" size="2" color="gray" mb="3">
            {text.intro(animalName)}
          </Text>
          {load.state === 'loading' ? (
            <Text as="p" role="status">
              {COPY.loading}
            </Text>
          ) : null}
          {load.state === 'failed' ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{text.loadFailed}</Callout.Text>
            </Callout.Root>
          ) : null}
          {load.state === 'ready' ? (
            <>
              <Flex asChild direction="column" gap="3">
                <ul className="portal-household-list" aria-labelledby="household-title">
                  {load.members.map((member) => (
                    <MemberItem
                      key={member.user_id}
                      member={member}
                      animalId={animalId}
                      animalName={animalName}
                      manages={owner && member.role !== 'owner'}
                      today={today}
                      onChanged={() => void household.reload()}
                      fallbackFocus={() => heading.current}
                    />
                  ))}
                </ul>
              </Flex>
              {owner ? (
                <InvitationList
                  invitations={load.invitations}
                  today={today}
                  onChanged={() => void household.reload()}
                  fallbackFocus={() => heading.current}
                />
              ) : null}
              {owner ? <InviteForm animalId={animalId} onInvited={() => void household.reload()} /> : null}
              {me ? (
                <MyAlerts
                  animalId={animalId}
                  animalName={animalName}
                  me={me}
                  onChange={(on) => household.showMember(me.user_id, { alert_email: on })}
                />
              ) : null}
              {me && !owner ? <LeaveHousehold animalId={animalId} animalName={animalName} myId={me.user_id} /> : null}
            </>
          ) : null}
        </section>
      </Card>
      {owner && load.state === 'ready' ? (
        <Card size="3" mt="5">
          <TransferSection
            animalId={animalId}
            animalName={animalName}
            offer={load.offer}
            onChanged={() => void household.reload()}
          />
        </Card>
      ) : null}
    </>
  );
}

/** The member's own switch for the animal's alerts by e-mail: shown at once, put back if it is not saved. */
function MyAlerts({
  animalId,
  animalName,
  me,
  onChange,
}: {
  animalId: string;
  animalName: string;
  me: HouseholdMember;
  onChange: (on: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);

  const change = async (on: boolean) => {
    setBusy(true);
    onChange(on);
    const error = await setAlertEmail(animalId, me.user_id, on).catch(() => ({ message: COPY.unexpected }));
    setBusy(false);
    if (error) {
      onChange(!on);
      toast({
        topic: 'household-alerts',
        title: text.alertsFailed,
        description: failureText(error),
        variant: 'destructive',
      });
      return;
    }
    toast({ topic: 'household-alerts', title: on ? text.alertsOn : text.alertsOff });
  };

  return (
    <Box mt="5">
      <Text as="label" size="3" weight="medium">
        <Flex gap="2" align="center">
          {/* Not disabled while saving, which would drop focus: a change then waits for the first. */}
          <Switch
            checked={me.alert_email}
            aria-describedby="household-alerts-hint"
            onCheckedChange={(on) => (busy ? undefined : void change(on))}
          />
          {text.alerts(animalName)}
        </Flex>
      </Text>
      <Text as="p" id="household-alerts-hint" size="2" color="gray" mt="1">
        {text.alertsHint}
      </Text>
    </Box>
  );
}

/** 'Quitter le foyer', after a confirmation; then 'Mes animaux', where the animal is no longer. */
function LeaveHousehold({ animalId, animalName, myId }: { animalId: string; animalName: string; myId: string }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const leave = async () => {
    setBusy(true);
    const outcome = await removeMember(animalId, myId);
    setBusy(false);
    setConfirming(false);
    if (!outcome.done) {
      toast({
        topic: 'household-leave',
        title: text.leaveFailed,
        description: outcome.message,
        variant: 'destructive',
      });
      return;
    }
    toast({ topic: 'household-leave', title: text.left(animalName) });
    navigate(ROUTES.account, { replace: true });
  };

  return (
    <Flex mt="5">
      <Button type="button" variant="soft" color="red" onClick={() => setConfirming(true)}>
        {text.leave}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.leaveTitle(animalName)}
        description={text.leaveText(animalName)}
        confirmLabel={text.leave}
        onConfirm={() => void leave()}
        busy={busy}
      />
    </Flex>
  );
}
