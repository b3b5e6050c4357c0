import { PageFrame } from '@medaille/design-system';
import { animalHistoryPath, ROUTES } from '@medaille/routing';
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { COPY } from '../../copy.ts';
import { parisDay, parisTime } from '../../ui/paris-time.ts';
import { HouseholdSection } from '../household/index.ts';
import { LostPanel } from '../lost/index.ts';
import { AnimalSummary } from './animal-summary.tsx';
import type { MemberAnimal, Membership } from './api.ts';

const text = COPY.edit;

/**
 * A keeper's page of the animal they look after: no form (the database lets them change its lost mode only),
 * the lost switch and checklist, what the animal is, the way to its messages, and its household.
 */
export function KeeperView({ animal, membership }: { animal: MemberAnimal; membership: Membership }) {
  return (
    <PageFrame
      title={text.viewTitle(animal.nom)}
      actions={
        <Flex gap="2" wrap="wrap">
          <Button asChild variant="soft">
            <Link to={animalHistoryPath(animal.id)}>{COPY.inbox.open}</Link>
          </Button>
          <Button asChild variant="soft">
            <Link to={ROUTES.account}>{text.back}</Link>
          </Button>
        </Flex>
      }
    >
      <Text as="p" size="2" color="gray" mb="4">
        {animal.codes ? text.medal(animal.codes.id) : null} ·{' '}
        {text.updated(parisTime(animal.date_modification, 'date'))}
      </Text>
      {membership.access_until ? (
        <Callout.Root color="gray" mb="4">
          <Callout.Text>{text.keeperNote(animal.nom, parisDay(membership.access_until))}</Callout.Text>
        </Callout.Root>
      ) : null}
      <LostPanel animal={animal} />
      <AnimalSummary animal={animal} />
      <Suspense fallback={null}>
        <HouseholdSection animalId={animal.id} animalName={animal.nom} role={membership.role} />
      </Suspense>
    </PageFrame>
  );
}
