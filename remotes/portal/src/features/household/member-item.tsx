import { ConfirmDialog } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { Box, Button, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useId, useState } from 'react';
import { COPY } from '../../copy.ts';
import { useRevealOnRefusal } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { ANIMALS_COPY } from '../animals/copy.ts';
import { type HouseholdMember, removeMember, setKeeperLastDay } from './api.ts';
import { HOUSEHOLD_COPY } from './copy.ts';
import { accessEnded, roleLabel } from './roles.ts';

const text = HOUSEHOLD_COPY.household;

/**
 * One member of the household: their address and role ('(vous)' for the person). When `manages` (the owner,
 * about another member): 'Retirer' after a confirmation, and for a keeper, changing their last day.
 */
export function MemberItem({
  member,
  animalId,
  animalName,
  manages,
  today,
  onChanged,
  fallbackFocus,
}: {
  member: HouseholdMember;
  animalId: string;
  animalName: string;
  manages: boolean;
  today: string;
  onChanged: () => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const ended = member.role === 'keeper' && accessEnded(member.access_until, today);

  const remove = async () => {
    setBusy(true);
    const outcome = await removeMember(animalId, member.user_id);
    setBusy(false);
    setConfirming(false);
    if (!outcome.done) {
      toast({
        topic: 'household-remove',
        title: text.removeFailed,
        description: outcome.message,
        variant: 'destructive',
      });
      return;
    }
    toast({ topic: 'household-remove', title: text.removed(member.email) });
    onChanged();
  };

  return (
    <li>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Box minWidth="0">
          <Text as="p" size="2" weight="medium" className="portal-household-email">
            {member.email} {member.is_me ? text.me : null}
          </Text>
          <Text as="p" size="2" color={ended ? 'red' : 'gray'}>
            {roleLabel(member, today)}
          </Text>
        </Box>
        {manages ? (
          <Button
            type="button"
            variant="soft"
            color="red"
            aria-label={text.removeLabel(member.email)}
            onClick={() => setConfirming(true)}
          >
            {text.remove}
          </Button>
        ) : null}
      </Flex>
      {manages && member.role === 'keeper' ? (
        <LastDay member={member} animalId={animalId} today={today} onChanged={onChanged} />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.removeTitle}
        description={text.removeText(member.email, animalName)}
        confirmLabel={text.remove}
        onConfirm={() => void remove()}
        busy={busy}
        fallbackFocus={fallbackFocus}
      />
    </li>
  );
}

/** 'Changer le dernier jour' of a keeper (an expired one too, to give them access again). */
function LastDay({
  member,
  animalId,
  today,
  onChanged,
}: {
  member: HouseholdMember;
  animalId: string;
  today: string;
  onChanged: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(member.access_until ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { formRef, refuse } = useRevealOnRefusal();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const wrong = day === '' ? text.lastDayRequired : day < today ? text.lastDayPast : null;
    setProblem(wrong);
    if (wrong) {
      refuse();
      return;
    }
    setBusy(true);
    const outcome = await setKeeperLastDay(animalId, member.user_id, day).catch(() => ({
      done: false as const,
      reason: null,
      message: COPY.unexpected,
    }));
    setBusy(false);
    if (!outcome.done) {
      toast({
        topic: 'household-last-day',
        title: text.lastDayFailed,
        description: outcome.message,
        variant: 'destructive',
      });
      return;
    }
    toast({ topic: 'household-last-day', title: text.lastDaySaved });
    setOpen(false);
    onChanged();
  };

  if (!open) {
    return (
      <Button type="button" variant="ghost" mt="2" onClick={() => setOpen(true)}>
        {text.changeLastDay}
      </Button>
    );
  }
  return (
    <Flex asChild direction="column" gap="2" mt="2">
      <form ref={formRef} onSubmit={(event) => void save(event)} noValidate>
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {text.lastDayOf(member.email)}
        </Text>
        <TextField.Root
          id={id}
          type="date"
          min={today}
          value={day}
          autoFocus
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => setDay(event.target.value)}
        />
        {problem ? (
          <Text id={`${id}-error`} size="1" color="red" role="alert">
            {problem}
          </Text>
        ) : null}
        <Flex gap="2" wrap="wrap">
          <SubmitButton busy={busy}>{text.saveLastDay}</SubmitButton>
          <Button type="button" variant="soft" color="gray" onClick={() => setOpen(false)}>
            {ANIMALS_COPY.edit.cancel}
          </Button>
        </Flex>
      </form>
    </Flex>
  );
}
