import { PageFrame } from '@medaille/design-system';
import { animalBookletPath, animalHistoryPath, ROUTES } from '@medaille/routing';
import { Link } from '@medaille/routing/router';
import { Button, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { parisTime } from '../../ui/paris-time.ts';
import { BOOKLET_COPY } from '../booklet/copy.ts';
import { INBOX_COPY } from '../inbox/copy.ts';
import type { MemberAnimal } from './api.ts';
import { ANIMALS_COPY } from './copy.ts';

const text = ANIMALS_COPY.edit;

/**
 * An animal's page, edited or only read: its title, the ways to its messages, its booklet and back, its medal
 * and last change.
 */
export function AnimalPageFrame({
  animal,
  title,
  children,
}: {
  animal: MemberAnimal;
  title: string;
  children: ReactNode;
}) {
  return (
    <PageFrame
      title={title}
      actions={
        <Flex gap="2" wrap="wrap">
          <Button asChild variant="soft">
            <Link to={animalHistoryPath(animal.id)}>{INBOX_COPY.inbox.open}</Link>
          </Button>
          <Button asChild variant="soft">
            <Link to={animalBookletPath(animal.id)}>{BOOKLET_COPY.booklet.open}</Link>
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
      {children}
    </PageFrame>
  );
}
