import { ConfirmDialog } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { Badge, Button, Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { COPY } from '../../copy.ts';
import { type Medal, setMedalSuspended } from './api.ts';
import { ANIMALS_COPY } from './copy.ts';
import { MedalQr } from './medal-qr.tsx';

const text = ANIMALS_COPY.medal;

/**
 * The animal's medal on its edit page: its code in clear, whether a finder sees the profile or 'Médaille
 * suspendue', and suspending or resuming it after a confirmation that says what a finder then sees. An
 * operator's suspension is shown as such, with whom to write to: the owner cannot lift it (the database
 * refuses), so no button offers to.
 */
export function MedalPanel({ animalId, animalName, medal }: { animalId: string; animalName: string; medal: Medal }) {
  const [state, setState] = useState(medal);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const suspended = state.suspended_at !== null;
  const byOperator = suspended && state.suspended_by === 'operator';

  const change = async () => {
    setBusy(true);
    const outcome = await setMedalSuspended(animalId, !suspended).catch(() => ({ done: false, refusal: null }));
    setBusy(false);
    setConfirming(false);
    if (!outcome.done) {
      const reason = 'refusal' in outcome ? outcome.refusal : null;
      const message = reason ? text.refusals[reason] : COPY.unexpected;
      setRefusal(message);
      toast({ topic: 'medal-suspension', title: text.failed, description: message, variant: 'destructive' });
      return;
    }
    setRefusal(null);
    setState(
      suspended
        ? { ...state, suspended_at: null, suspended_by: null }
        : { ...state, suspended_at: new Date().toISOString(), suspended_by: 'owner' },
    );
    toast({ topic: 'medal-suspension', title: suspended ? text.resumedDone : text.suspendedDone });
  };

  return (
    <Card size="3" asChild>
      <section aria-labelledby="medal-title">
        <Heading id="medal-title" as="h2" size="4" mb="3">
          {text.title}
        </Heading>
        <Flex align="center" justify="between" gap="2" wrap="wrap">
          <Text className="portal-medal-code">{state.id}</Text>
          <Badge color={suspended ? 'red' : 'green'} size="2">
            {suspended ? (state.suspended_by === 'operator' ? text.suspendedByOperator : text.suspended) : text.active}
          </Badge>
        </Flex>
        {byOperator ? (
          <Text as="p" size="2" my="3">
            {text.operatorText(animalName)} <Link href={`mailto:${text.supportEmail}`}>{text.supportEmail}</Link>
          </Text>
        ) : (
          <>
            <Text as="p" size="2" color="gray" my="3">
              {suspended ? text.suspendedText(animalName) : text.activeText(animalName)}
            </Text>
            <Button
              type="button"
              variant="soft"
              color={suspended ? undefined : 'red'}
              onClick={() => setConfirming(true)}
            >
              {suspended ? text.resume : text.suspend}
            </Button>
          </>
        )}
        {refusal ? (
          <Text as="p" size="2" color="red" role="alert" mt="2">
            {refusal}
          </Text>
        ) : null}
        <MedalQr code={state.id} />
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => (open || busy ? undefined : setConfirming(false))}
          title={suspended ? text.resumeTitle : text.suspendTitle}
          description={suspended ? text.resumeText(animalName) : text.suspendText(animalName)}
          confirmLabel={suspended ? text.resume : text.suspend}
          onConfirm={() => void change()}
          busy={busy}
          tone={suspended ? 'accent' : 'danger'}
        />
      </section>
    </Card>
  );
}
