import { type ActivationFormInput, sexLabel, speciesLabel, speciesToStored } from '@medaille/domain';
import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { COPY } from '../../copy.ts';
import { ANIMALS_COPY } from '../animals/copy.ts';
import { ACTIVATION_COPY } from './copy.ts';

const text = ACTIVATION_COPY.activation;

/** 'Aperçu': the animal as it is being described, with the first photo chosen. */
export function ActivationPreview({ values, photoUrl }: { values: ActivationFormInput; photoUrl: string | undefined }) {
  const name = String(values.name ?? '').trim();
  const tags = [
    values.species ? speciesLabel(speciesToStored(String(values.species), String(values.customSpecies ?? ''))) : null,
    values.breed ? String(values.breed) : null,
    sexLabel(String(values.sex ?? '')),
  ].filter((tag): tag is string => Boolean(tag));

  return (
    <Card size="3" asChild>
      <section aria-labelledby="activation-preview-title">
        <Heading id="activation-preview-title" as="h2" size="4" mb="3">
          {text.previewTitle}
        </Heading>
        {photoUrl ? (
          <img
            src={photoUrl}
            alt={name ? COPY.photoOf(name) : ANIMALS_COPY.animal.previewPhoto}
            className="portal-preview-photo"
          />
        ) : null}
        <Text as="p" size="6" weight="bold">
          {name || text.previewEmpty}
        </Text>
        <Flex gap="2" wrap="wrap" mt="2">
          {tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
          {values.sterilized ? (
            <Badge color="gray">{ANIMALS_COPY.animal.sterilizedTag(String(values.sex ?? ''))}</Badge>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}
