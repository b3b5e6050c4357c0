import { PageFrame } from '@medaille/design-system';
import { animalBookletPath, animalHistoryPath, ROUTES } from '@medaille/routing';
import { Link } from '@medaille/routing/router';
import { Button, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { COPY } from '../../copy.ts';
import { parisTime } from '../../ui/paris-time.ts';
import type { MemberAnimal } from './api.ts';

const text = COPY.edit;

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
            <Link to={animalHistoryPath(animal.id)}>{COPY.inbox.open}</Link>
          </Button>
          <Button asChild variant="soft">
            <Link to={animalBookletPath(animal.id)}>{COPY.booklet.open}</Link>
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
