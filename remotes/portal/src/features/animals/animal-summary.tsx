import { toast } from '@medaille/design-system/toast';
import { sexLabel, speciesLabel, weightFieldText } from '@medaille/domain';
import { Box, Card, Heading, Text } from '@radix-ui/themes';
import { COPY } from '../../copy.ts';
import { PHOTOS_COPY } from '../photos/copy.ts';
import { photoUrl, useAnimalPhotos } from '../photos/index.ts';
import { coverPhoto, type MemberAnimal } from './api.ts';
import { ANIMALS_COPY } from './copy.ts';

const label = ANIMALS_COPY.animal;
const text = ANIMALS_COPY.edit;

type Row = [label: string, value: string | null];

/** A group of the summary, left out when none of its fields is filled. */
function Group({ title, rows }: { title: string; rows: Row[] }) {
  const filled = rows.filter((row): row is [string, string] => row[1] !== null && row[1].trim() !== '');
  if (filled.length === 0) return null;
  return (
    <Box mt="4">
      <Heading as="h3" size="3" mb="2">
        {title}
      </Heading>
      <dl className="portal-summary">
        {filled.map(([name, value]) => (
          <div key={name}>
            <Text as="div" size="2" color="gray" asChild>
              <dt>{name}</dt>
            </Text>
            <Text as="div" size="2" asChild>
              <dd style={{ whiteSpace: 'pre-wrap' }}>{value}</dd>
            </Text>
          </div>
        ))}
      </dl>
    </Box>
  );
}

/** What a keeper reads of the animal they look after, instead of the form: its cover and every field filled. */
export function AnimalSummary({ animal }: { animal: MemberAnimal }) {
  const gallery = useAnimalPhotos(animal.id, () =>
    toast({ topic: 'photos-load', ...PHOTOS_COPY.gallery.loadFailed, variant: 'destructive' }),
  );
  const cover = coverPhoto(gallery.photos, gallery.storedCoverId);
  const sex = sexLabel(animal.sexe);
  return (
    <Card size="3" asChild>
      <section aria-labelledby="summary-title">
        <Heading id="summary-title" as="h2" size="4">
          {animal.nom}
        </Heading>
        {cover ? (
          <img className="portal-preview-photo" src={photoUrl(cover.path)} alt={COPY.photoOf(animal.nom)} />
        ) : null}
        <Group
          title={text.basics}
          rows={[
            [label.species, animal.espece ? speciesLabel(animal.espece) : null],
            [label.breed, animal.race],
            [label.color, animal.couleur],
            [label.birthYear, animal.annee_naissance === null ? null : String(animal.annee_naissance)],
            [label.sex, sex],
            [label.sterilizedTag(animal.sexe), animal.sterilise ? text.yes : text.no],
            [label.weight, weightFieldText(animal.poids_kg) || null],
          ]}
        />
        <Group title={text.identification} rows={[[label.chip, animal.puce_ou_tatouage]]} />
        <Group
          title={text.details}
          rows={[
            [label.important, animal.informations_importantes],
            [label.allergies, animal.allergies],
            [label.meds, animal.medications],
            [label.temperament, animal.caractere],
            [label.vet, animal.informations_veterinaires],
          ]}
        />
      </section>
    </Card>
  );
}
