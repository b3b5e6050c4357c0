import type { Tables } from '@medaille/supabase';
import { Box, Button, Flex, Heading, Link, Text, TextArea } from '@radix-ui/themes';
import { useId } from 'react';
import { parisTime } from '../../ui/paris-time.ts';
import { LOST_COPY } from './copy.ts';
import { copyText } from './copy-text.ts';
import { departementOf, petAlertText } from './pet-alert.ts';
import type { Search } from './search-api.ts';

const text = LOST_COPY.search;

/** What the loss panel knows of the animal, as its search page and the Pet Alert post say it. */
export type SearchAnimal = Pick<
  Tables<'animals'>,
  'id' | 'nom' | 'espece' | 'sexe' | 'race' | 'couleur' | 'lost_since'
>;

/**
 * 'Publier sur Pet Alert': the post for the département's Pet Alert page, as the search page words the loss
 * (the name hidden when the page hides it), ready to copy, and where to post it (the département read from the
 * last-seen place's postal code).
 */
export function PetAlertShare({ animal, search, link }: { animal: SearchAnimal; search: Search; link: string }) {
  const id = useId();
  const departement = departementOf(search.last_seen_place);
  const post = petAlertText({
    name: search.hide_name ? null : animal.nom,
    species: animal.espece,
    sex: animal.sexe,
    breed: animal.race,
    color: animal.couleur,
    since: parisTime(animal.lost_since ?? new Date().toISOString(), 'date'),
    place: search.last_seen_place,
    description: search.description,
    url: link,
  });
  return (
    <Box asChild mt="4">
      <section aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} as="h4" size="2" mb="2">
          {text.petAlertTitle}
        </Heading>
        <Text as="p" size="2" color="gray" mb="2">
          {departement ? text.petAlertWhere(departement) : text.petAlertNoDepartement}
        </Text>
        <TextArea readOnly value={post} rows={6} aria-label={text.petAlertText} mb="2" />
        <Flex gap="3" wrap="wrap" align="center">
          <Button type="button" variant="soft" onClick={() => void copyText(post, 'pet-alert', text.textCopied)}>
            {text.copyText}
          </Button>
          {departement ? (
            <Link
              size="2"
              href={`https://www.facebook.com/search/pages/?q=${encodeURIComponent(`Pet Alert ${departement}`)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {text.petAlertSearch(departement)}
            </Link>
          ) : null}
        </Flex>
      </section>
    </Box>
  );
}
