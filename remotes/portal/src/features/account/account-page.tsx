import { PageFrame, Spinner } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { sexLabel, speciesLabel } from '@medaille/domain';
import { animalHistoryPath, editAnimalPath, ROUTES } from '@medaille/routing';
import { Link } from '@medaille/routing/router';
import { useAuth } from '@medaille/supabase';
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Grid,
  Heading,
  Inset,
  Text,
  Link as TextLink,
} from '@radix-ui/themes';
import { COPY } from '../../copy.ts';
import { todayInParis } from '../../ui/paris-time.ts';
import { failureText } from '../../ui/server-message.ts';
import { ANIMALS_COPY } from '../animals/copy.ts';
import { type AnimalCard, coverPhoto, useMyAnimals } from '../animals/index.ts';
import { SignInFirst } from '../auth/index.ts';
import { editsAnimal, roleLabel } from '../household/index.ts';
import { INBOX_COPY } from '../inbox/copy.ts';
import { useUnreadCounts } from '../inbox/index.ts';
import { LOST_COPY } from '../lost/copy.ts';
import { LostChecklist, LostSwitch } from '../lost/index.ts';
import { NotificationsSection } from '../notifications/index.ts';
import { photoUrl } from '../photos/index.ts';
import { ACCOUNT_COPY } from './copy.ts';
import { MyAccount } from './my-account.tsx';

/** The card's photo: the cover, else the first photo. */
function coverUrl(animal: AnimalCard): string | null {
  const photo = coverPhoto(animal.animal_photos, animal.cover_photo_id);
  return photo ? photoUrl(photo.path) : null;
}

/**
 * 'Mes animaux': the animals whose household the person is in, newest first (row level security decides),
 * those of others with the person's role.
 */
export function AccountPage() {
  const auth = useAuth();
  const { load, setLost } = useMyAnimals();
  const unread = useUnreadCounts();

  /** The lost flag shows at once and is saved; a failed save puts it back (docs/product/animals.md). */
  const toggleLost = async (animal: AnimalCard, lost: boolean) => {
    const { error } = await setLost(animal.id, lost);
    if (error) {
      toast({
        topic: 'lost-status',
        title: LOST_COPY.lost.statusFailed,
        description: failureText(error),
        variant: 'destructive',
      });
      return;
    }
    toast({
      topic: 'lost-status',
      title: LOST_COPY.lost.statusUpdated,
      description: lost
        ? LOST_COPY.lost.nowLost(animal.nom, animal.sexe)
        : LOST_COPY.lost.nowFound(animal.nom, animal.sexe),
    });
  };

  if (auth.loading) return <Spinner label={COPY.session.checking} />;
  if (!auth.isAuthenticated) return <SignInFirst />;

  const empty = load.state === 'ready' && load.animals.length === 0;
  return (
    <PageFrame
      title={ACCOUNT_COPY.account.title}
      actions={
        <Button asChild size="3">
          <Link to={ROUTES.activate}>{empty ? ACCOUNT_COPY.account.firstMedal : ACCOUNT_COPY.account.newMedal}</Link>
        </Button>
      }
    >
      {load.state === 'loading' ? <Spinner label={COPY.loading} /> : null}
      {load.state === 'failed' ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            <strong>{COPY.error}</strong> {load.message}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {empty ? <Text as="p">{ACCOUNT_COPY.account.empty}</Text> : null}
      {load.state === 'ready' ? (
        <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="4">
          {load.animals.map((animal) => (
            <Card key={animal.id} size="2">
              {coverUrl(animal) ? (
                <Inset clip="padding-box" side="top" pb="current">
                  <img
                    src={coverUrl(animal) ?? ''}
                    alt={COPY.photoOf(animal.nom)}
                    style={{ display: 'block', width: '100%', height: 160, objectFit: 'cover' }}
                    loading="lazy"
                  />
                </Inset>
              ) : null}
              <Heading as="h2" size="5">
                {animal.nom}
              </Heading>
              {animal.membership.role !== 'owner' ? (
                <Text as="p" size="2" weight="medium">
                  {roleLabel(animal.membership, todayInParis())}
                </Text>
              ) : null}
              <Flex gap="2" wrap="wrap" my="2">
                <Badge>{speciesLabel(animal.espece)}</Badge>
                {animal.race ? <Badge color="gray">{animal.race}</Badge> : null}
                {sexLabel(animal.sexe) ? <Badge color="gray">{sexLabel(animal.sexe)}</Badge> : null}
              </Flex>
              <Text as="p" size="2" color="gray">
                {animal.codes?.id}
              </Text>
              {animal.codes?.suspended_at ? (
                <SuspendedMedal byOperator={animal.codes.suspended_by === 'operator'} />
              ) : null}
              <Box mt="2">
                <LostSwitch size="2" lost={animal.is_lost} onChange={(lost) => void toggleLost(animal, lost)} />
              </Box>
              {animal.is_lost && animal.lost_since ? (
                <Box mt="3">
                  <LostChecklist key={animal.lost_since} animal={{ ...animal, lost_since: animal.lost_since }} />
                </Box>
              ) : null}
              <Flex mt="3" gap="2" wrap="wrap">
                <Button asChild variant="soft">
                  <Link to={editAnimalPath(animal.id)}>
                    {editsAnimal(animal.membership.role) ? ACCOUNT_COPY.account.edit : ACCOUNT_COPY.account.view}
                  </Link>
                </Button>
                <UnreadLink animalId={animal.id} unread={unread.get(animal.id) ?? 0} />
              </Flex>
            </Card>
          ))}
        </Grid>
      ) : null}
      <NotificationsSection />
      {auth.user?.email ? <MyAccount email={auth.user.email} /> : null}
    </PageFrame>
  );
}

/** A suspended medal on the card: a finder sees nothing of the animal, and what the owner can do about it. */
function SuspendedMedal({ byOperator }: { byOperator: boolean }) {
  return (
    <Callout.Root color="red" size="1" mt="2">
      <Callout.Text>
        {byOperator ? (
          <>
            {ANIMALS_COPY.medal.cardSuspendedByOperator}{' '}
            <TextLink href={`mailto:${ANIMALS_COPY.medal.supportEmail}`}>{ANIMALS_COPY.medal.supportEmail}</TextLink>
          </>
        ) : (
          ANIMALS_COPY.medal.cardSuspended
        )}
      </Callout.Text>
    </Callout.Root>
  );
}

/** The card's way to the animal's messages and history, with how many messages are unread. */
function UnreadLink({ animalId, unread }: { animalId: string; unread: number }) {
  return (
    <Button asChild variant="soft" color={unread > 0 ? 'orange' : 'gray'}>
      {/* The name is the visible text and what the badge means ('Messages 2 non lus'), not an aria-label that
          would differ from what a voice-control user reads on screen. */}
      <Link to={animalHistoryPath(animalId)}>
        {INBOX_COPY.inbox.cardLink}
        {unread > 0 ? (
          <>
            {' '}
            <Badge color="orange" variant="solid">
              {unread}
            </Badge>
            <span className="portal-visually-hidden"> {INBOX_COPY.inbox.cardLinkUnread(unread)}</span>
          </>
        ) : null}
      </Link>
    </Button>
  );
}
