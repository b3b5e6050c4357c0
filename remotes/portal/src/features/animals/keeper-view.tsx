import { Callout } from '@radix-ui/themes';
import { Suspense } from 'react';
import { parisDay } from '../../ui/paris-time.ts';
import { HouseholdSection, useHousehold } from '../household/index.ts';
import { LostPanel } from '../lost/index.ts';
import { TheftPanel } from '../theft/index.ts';
import { AnimalPageFrame } from './animal-page-frame.tsx';
import { AnimalSummary } from './animal-summary.tsx';
import type { MemberAnimal, Membership } from './api.ts';
import { ANIMALS_COPY } from './copy.ts';

const text = ANIMALS_COPY.edit;

/**
 * A keeper's page of the animal they look after: no form (the database lets them change its lost mode only),
 * the lost switch and checklist, what the animal is, the way to its messages, and its household.
 */
export function KeeperView({ animal, membership }: { animal: MemberAnimal; membership: Membership }) {
  const household = useHousehold(animal.id, false);
  return (
    <AnimalPageFrame animal={animal} title={text.viewTitle(animal.nom)}>
      {membership.access_until ? (
        <Callout.Root color="gray" mb="4">
          <Callout.Text>{text.keeperNote(animal.nom, parisDay(membership.access_until))}</Callout.Text>
        </Callout.Root>
      ) : null}
      <LostPanel animal={animal} canDelete={false} />
      <TheftPanel animal={animal} canEdit={false} />
      <AnimalSummary animal={animal} />
      <Suspense fallback={null}>
        <HouseholdSection animalId={animal.id} animalName={animal.nom} role={membership.role} household={household} />
      </Suspense>
    </AnimalPageFrame>
  );
}
