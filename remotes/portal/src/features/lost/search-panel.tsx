import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { Box, Button, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { useEffect, useId, useState } from 'react';
import { type AnimalSex, COPY } from '../../copy.ts';
import { usePortalForm } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { AreaChooser, centreArea } from './area-chooser.tsx';
import { LOST_COPY } from './copy.ts';
import { copyText } from './copy-text.ts';
import { FoundNearbyList } from './found-nearby.tsx';
import { PetAlertShare, type SearchAnimal } from './pet-alert-share.tsx';
import { readOpenSearch, type Search, saveSearch, searchPageUrl, searchPictureUrl } from './search-api.ts';
import { type SearchFormInput, type SearchFormOutput, searchSchema } from './search-schema.ts';
import { SightingsList } from './sightings-list.tsx';

const text = LOST_COPY.search;

/** A stored time as a `datetime-local` value, in the phone's own time. */
function localInput(at: string | null): string {
  if (!at) return '';
  const date = new Date(at);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * While an animal is lost: its public search page (docs/product/search.md), its link to open, copy or share, and
 * the household's words on it (the last-seen place and time, a message, the name hidden), and what passers-by
 * said on it. Any member may word it, a keeper included, as the lost switch.
 */
export function SearchPanel({
  animal,
  canDelete,
  stolen = false,
}: {
  animal: SearchAnimal;
  canDelete: boolean;
  /** A theft's page (docs/product/theft.md): no post for Pet Alert, which is for lost animals. */
  stolen?: boolean;
}) {
  const { id: animalId, sexe: sex } = animal;
  const [search, setSearch] = useState<Search | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    readOpenSearch(animalId).then(
      (found) => current && setSearch(found),
      () => current && setSearch('failed'),
    );
    return () => {
      current = false;
    };
  }, [animalId]);

  if (search === 'failed') {
    return (
      <Text as="p" size="2" color="red" mt="3" role="alert">
        {text.loadFailed}
      </Text>
    );
  }
  if (!search) return null;
  const link = searchPageUrl(search.id);
  return (
    <>
      <SearchForm search={search} sex={sex} link={link} onSaved={(saved) => setSearch({ ...search, ...saved })} />
      <AreaChooser search={search} onSaved={(area) => setSearch({ ...search, ...area })} />
      {stolen ? null : <PetAlertShare animal={animal} search={search} link={link} />}
      <SightingsList
        searchId={search.id}
        canDelete={canDelete}
        onCentre={async (lat, lon) => {
          const area = await centreArea(search, lat, lon);
          if (area) setSearch({ ...search, ...area });
        }}
      />
      <FoundNearbyList
        searchId={search.id}
        areaKey={search.area_lat === null ? null : `${search.area_lat},${search.area_lon},${search.area_radius_m}`}
      />
    </>
  );
}

function SearchForm({
  search,
  sex,
  link,
  onSaved,
}: {
  search: Search;
  sex: AnimalSex;
  link: string;
  onSaved: (saved: SearchFormOutput) => void;
}) {
  const id = useId();
  const { form, formRef, handleSubmit } = usePortalForm<SearchFormInput, SearchFormOutput>({
    resolver: zodResolver(searchSchema(new Date())),
    defaultValues: {
      last_seen_place: search.last_seen_place ?? '',
      last_seen_at: localInput(search.last_seen_at),
      description: search.description ?? '',
      hide_name: search.hide_name,
      thanks: search.thanks ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const copy = () => copyText(link, 'search-link', text.copied);

  const submit = handleSubmit(async (values) => {
    const refused = await saveSearch(search.id, values).catch(() => COPY.unexpected);
    if (!refused) onSaved(values);
    toast(
      refused
        ? { topic: 'search', title: text.saveFailed, description: refused, variant: 'destructive' }
        : { topic: 'search', title: text.saved },
    );
  });

  return (
    <Box asChild mt="4">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} as="h3" size="3" mb="2">
          {text.title}
        </Heading>
        <Text as="p" size="2" color="gray" mb="2">
          {text.intro(sex)}
        </Text>
        <Text as="p" size="2" mb="2" className="portal-search-link">
          {link}
        </Text>
        <Flex gap="2" wrap="wrap" mb="4">
          <Button asChild variant="soft">
            <a href={link} target="_blank" rel="noopener">
              {text.open}
            </a>
          </Button>
          <Button type="button" variant="soft" onClick={() => void copy()}>
            {text.copyLink}
          </Button>
          <Button asChild variant="soft">
            <a href={searchPictureUrl(search.id)} target="_blank" rel="noopener">
              {text.picture}
            </a>
          </Button>
          {/* The phone's own share sheet (Web Share), where there is one: a shared link shows the animal. */}
          {typeof navigator.share === 'function' ? (
            <Button type="button" variant="soft" onClick={() => void navigator.share({ url: link }).catch(() => {})}>
              {text.share}
            </Button>
          ) : null}
        </Flex>
        <FormField label={text.place} hint={text.placeHint} error={errors.last_seen_place?.message}>
          {(field) => <TextField.Root {...field} maxLength={120} {...form.register('last_seen_place')} />}
        </FormField>
        <FormField label={text.lastSeenAt} error={errors.last_seen_at?.message}>
          {(field) => <TextField.Root {...field} type="datetime-local" {...form.register('last_seen_at')} />}
        </FormField>
        <FormField label={text.words} hint={text.wordsHint} error={errors.description?.message}>
          {(field) => <TextArea {...field} rows={3} maxLength={500} {...form.register('description')} />}
        </FormField>
        <FormField label={text.thanks} hint={text.thanksHint} error={errors.thanks?.message}>
          {(field) => <TextArea {...field} rows={2} maxLength={300} {...form.register('thanks')} />}
        </FormField>
        <Text as="label" size="2" mb="3" style={{ display: 'block' }}>
          <Flex gap="2" align="center">
            <input type="checkbox" {...form.register('hide_name')} />
            {text.hideName}
          </Flex>
        </Text>
        <SubmitButton busy={isSubmitting}>{text.save}</SubmitButton>
      </form>
    </Box>
  );
}
