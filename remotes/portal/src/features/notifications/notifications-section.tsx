import { toast } from '@medaille/design-system/toast';
import { Box, Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { COPY } from '../../copy.ts';
import { NOTIFICATIONS_COPY } from './copy.ts';
import { currentSubscription, pushSupport, turnOff, turnOn } from './device.ts';

const T = NOTIFICATIONS_COPY.notifications;

type DeviceState =
  | { state: 'loading' }
  | { state: 'home-screen-first' | 'unsupported' | 'denied' }
  | { state: 'off' }
  | { state: 'on'; subscription: PushSubscription };

/** The account page's 'Notifications sur cet appareil': what they are, and a switch for this device. */
export function NotificationsSection() {
  const [device, setDevice] = useState<DeviceState>({ state: 'loading' });
  const [busy, setBusy] = useState(false);

  const read = async () => {
    const support = pushSupport();
    if (support !== 'supported') return setDevice({ state: support });
    if (Notification.permission === 'denied') return setDevice({ state: 'denied' });
    const subscription = await currentSubscription();
    setDevice(subscription ? { state: 'on', subscription } : { state: 'off' });
  };

  useEffect(() => {
    read().catch(() => setDevice({ state: 'unsupported' }));
  }, []);

  const activate = async () => {
    setBusy(true);
    const outcome = await turnOn().catch(() => ({ state: 'failed' as const, message: COPY.unexpected }));
    setBusy(false);
    if (outcome.state === 'failed') {
      toast({ topic: 'notifications', title: T.failed, description: outcome.message, variant: 'destructive' });
      return;
    }
    if (outcome.state === 'on') toast({ topic: 'notifications', title: T.turnedOn });
    await read();
  };

  const deactivate = async (subscription: PushSubscription) => {
    setBusy(true);
    const done = await turnOff(subscription).catch(() => false);
    setBusy(false);
    toast(
      done
        ? { topic: 'notifications', title: T.turnedOff }
        : { topic: 'notifications', title: COPY.unexpected, variant: 'destructive' },
    );
    await read();
  };

  const explanation = {
    'home-screen-first': T.homeScreenFirst,
    unsupported: T.unsupported,
    denied: T.denied,
  } as const;

  return (
    <Box mt="8" asChild>
      <section aria-labelledby="notifications-title">
        <Heading as="h2" size="5" mb="3" id="notifications-title">
          {T.title}
        </Heading>
        <Card size="2">
          <Text as="p" size="2" color="gray" mb="3">
            {T.intro}
          </Text>
          {device.state === 'home-screen-first' || device.state === 'unsupported' || device.state === 'denied' ? (
            <Callout.Root color="gray">
              <Callout.Text>{explanation[device.state]}</Callout.Text>
            </Callout.Root>
          ) : null}
          {device.state === 'off' ? (
            <Flex direction="column" gap="2" align="start">
              <Text as="p">{T.off}</Text>
              <Button onClick={() => void activate()} loading={busy}>
                {T.turnOn}
              </Button>
            </Flex>
          ) : null}
          {device.state === 'on' ? (
            <Flex direction="column" gap="2" align="start">
              <Text as="p">{T.on}</Text>
              <Button variant="soft" color="gray" onClick={() => void deactivate(device.subscription)} loading={busy}>
                {T.turnOff}
              </Button>
            </Flex>
          ) : null}
        </Card>
      </section>
    </Box>
  );
}
