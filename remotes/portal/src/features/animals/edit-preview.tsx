import type { AnimalEditFormInput } from '@medaille/domain';
import { sexLabel, speciesLabel } from '@medaille/domain';
import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { COPY } from '../../copy.ts';
import { ACTIVATION_COPY } from '../activation/copy.ts';
import { ANIMALS_COPY } from './copy.ts';

/** The edit page's 'Aperçu': the animal as the form now describes it, with its cover. */
export function EditPreview({
  values,
  storedName,
  coverUrl,
}: {
  values: AnimalEditFormInput;
  /** The name as saved: the preview's while the field is empty, and its photo's description. */
  storedName: string;
  coverUrl: string | null;
}) {
  return (
    <Card size="3" asChild>
      <section aria-labelledby="edit-preview-title">
        <Heading id="edit-preview-title" as="h2" size="4" mb="3">
          {ACTIVATION_COPY.activation.previewTitle}
        </Heading>
        {coverUrl ? <img src={coverUrl} alt={COPY.photoOf(storedName)} className="portal-preview-photo" /> : null}
        <Text as="p" size="6" weight="bold">
          {String(values.name ?? '') || storedName}
        </Text>
        <Flex gap="2" wrap="wrap" mt="2">
          <Badge>
            {speciesLabel(
              values.species === 'other' ? String(values.customSpecies ?? '') : String(values.species ?? ''),
            )}
          </Badge>
          {values.breed ? <Badge color="gray">{String(values.breed)}</Badge> : null}
          {sexLabel(String(values.sex ?? '')) ? <Badge color="gray">{sexLabel(String(values.sex ?? ''))}</Badge> : null}
          {values.sterilized ? (
            <Badge color="gray">{ANIMALS_COPY.animal.sterilizedTag(String(values.sex ?? ''))}</Badge>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}
