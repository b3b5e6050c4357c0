import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import type { Tables } from '@medaille/supabase';
import { Box, Button, Card, Flex, Heading, Link, Switch, Text, TextField } from '@radix-ui/themes';
import { useEffect, useId, useState } from 'react';
import { COPY } from '../../copy.ts';
import { parisTime } from '../../ui/paris-time.ts';
import { usePortalForm } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { SearchPanel } from '../lost/search-panel.tsx';
import { declareTheft, endTheft, readOpenTheft, saveTheft, setTheftPage, type Theft } from './api.ts';
import { THEFT_COPY as text } from './copy.ts';
import { type TheftFormInput, type TheftFormOutput, theftSchema } from './theft-schema.ts';

type Animal = Pick<Tables<'animals'>, 'id' | 'nom' | 'espece' | 'sexe' | 'race' | 'couleur'>;

/** A stored time as a `datetime-local` value, in the phone's own time. */
function localInput(at: string | null): string {
  if (!at) return '';
  const date = new Date(at);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * 'Vol' (docs/product/theft.md): the owner or a co-owner (`canEdit`) declares a theft, with when, where and the
 * complaint's reference; then the page says what to do in France, keeps the declaration up to date, puts a
 * public search page online or takes it off (the name hidden at first, worded as a loss's page), and ends it
 * with 'Retrouvé'. A keeper sees the theft and what to do, and changes nothing.
 */
export function TheftPanel({ animal, canEdit }: { animal: Animal; canEdit: boolean }) {
  const [theft, setTheft] = useState<Theft | null | 'loading' | 'failed'>('loading');
  const [declaring, setDeclaring] = useState(false);
  useEffect(() => {
    let current = true;
    readOpenTheft(animal.id).then(
      (found) => current && setTheft(found),
      () => current && setTheft('failed'),
    );
    return () => {
      current = false;
    };
  }, [animal.id]);

  if (theft === 'loading' || (theft === null && !canEdit)) return null;
  return (
    <Card size="3" mb="4" asChild>
      <section aria-labelledby="theft-title" className={theft && theft !== 'failed' ? 'portal-lost-panel' : undefined}>
        <Heading id="theft-title" as="h2" size="4" mb="3">
          {text.title}
        </Heading>
        {theft === 'failed' ? (
          <Text as="p" size="2" color="red" role="alert">
            {text.loadFailed}
          </Text>
        ) : theft ? (
          <OpenTheft animal={animal} theft={theft} canEdit={canEdit} onChange={setTheft} />
        ) : declaring ? (
          <TheftForm
            theft={null}
            onDone={(declared) => {
              setDeclaring(false);
              if (declared) setTheft(declared);
            }}
            animalId={animal.id}
          />
        ) : (
          <>
            <Text as="p" size="2" color="gray" mb="3">
              {text.intro(animal.nom, animal.sexe)}
            </Text>
            <Button type="button" variant="soft" color="red" onClick={() => setDeclaring(true)}>
              {text.declare}
            </Button>
          </>
        )}
      </section>
    </Card>
  );
}

function OpenTheft({
  animal,
  theft,
  canEdit,
  onChange,
}: {
  animal: Animal;
  theft: Theft;
  canEdit: boolean;
  onChange: (theft: Theft | null) => void;
}) {
  const [lostPage, setLostPage] = useState(false);
  const [busy, setBusy] = useState(false);

  const changePage = async (isPublic: boolean) => {
    setBusy(true);
    const outcome = await setTheftPage(theft.id, isPublic).catch(() => ({ error: COPY.unexpected }));
    setBusy(false);
    if (outcome.error !== undefined) {
      toast({ topic: 'theft-page', title: text.page.failed, description: outcome.error, variant: 'destructive' });
      return;
    }
    setLostPage(outcome.value.status === 'lost_page');
    onChange({ ...theft, search_id: outcome.value.status === 'public' ? (outcome.value.search_id ?? null) : null });
  };

  const found = async () => {
    setBusy(true);
    const outcome = await endTheft(theft.id).catch(() => ({ error: COPY.unexpected }));
    setBusy(false);
    if (outcome.error !== undefined) {
      toast({ topic: 'theft-found', title: text.foundFailed, description: outcome.error, variant: 'destructive' });
      return;
    }
    toast({
      topic: 'theft-found',
      title: text.foundDone(animal.nom, animal.sexe),
      description: text.foundReminder(animal.sexe),
    });
    onChange(null);
  };

  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2" weight="bold" color="red">
        {text.since(parisTime(theft.stolen_at, 'dateTime'), animal.sexe)}
      </Text>
      <Box>
        <Heading as="h3" size="3" mb="2">
          {text.stepsTitle}
        </Heading>
        <Flex asChild direction="column" gap="2">
          <ol className="portal-theft-steps">
            {text.steps.map((step) => (
              <li key={step.label}>
                <Text as="p" size="2" weight="medium">
                  {step.label}
                </Text>
                <Text as="p" size="2" color="gray">
                  {step.hint}
                </Text>
                {step.link ? (
                  <Link size="2" href={step.link.href} target="_blank" rel="noopener">
                    {step.link.label}
                  </Link>
                ) : null}
              </li>
            ))}
          </ol>
        </Flex>
      </Box>
      {canEdit ? (
        <>
          <TheftForm theft={theft} animalId={animal.id} onDone={(saved) => saved && onChange(saved)} />
          <Text as="label" size="2" weight="medium">
            <Flex gap="2" align="center">
              <Switch
                checked={theft.search_id !== null}
                onCheckedChange={(on) => (busy ? undefined : void changePage(on))}
              />
              {text.page.label}
            </Flex>
          </Text>
          <Text as="p" size="2" color="gray">
            {lostPage ? text.page.lostPage : theft.search_id ? text.page.on : text.page.off}
          </Text>
        </>
      ) : (
        <Text as="p" size="2" color="gray">
          {text.keeperNote}
        </Text>
      )}
      {theft.search_id ? (
        <SearchPanel
          key={theft.search_id}
          animal={{ ...animal, lost_since: theft.stolen_at }}
          canDelete={canEdit}
          stolen
        />
      ) : null}
      {canEdit ? (
        <Box>
          <Button type="button" color="green" onClick={() => (busy ? undefined : void found())}>
            {text.found(animal.sexe)}
          </Button>
        </Box>
      ) : null}
    </Flex>
  );
}

/** 'Déclarer le vol' (with the public page's choice) when `theft` is null, else 'Votre déclaration'. */
function TheftForm({
  theft,
  animalId,
  onDone,
}: {
  theft: Theft | null;
  animalId: string;
  onDone: (theft: Theft | null) => void;
}) {
  const id = useId();
  const [publicPage, setPublicPage] = useState(false);
  const { form, formRef, handleSubmit } = usePortalForm<TheftFormInput, TheftFormOutput>({
    resolver: zodResolver(theftSchema(new Date())),
    defaultValues: {
      stolen_at: localInput(theft?.stolen_at ?? null),
      place: theft?.place ?? '',
      complaint_reference: theft?.complaint_reference ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = handleSubmit(async (values) => {
    const outcome = await (theft ? saveTheft(theft.id, values) : declareTheft(animalId, values)).catch(() => ({
      error: COPY.unexpected,
    }));
    if (outcome.error !== undefined) {
      toast({
        topic: 'theft',
        title: theft ? text.saveFailed : text.declareFailed,
        description: outcome.error,
        variant: 'destructive',
      });
      return;
    }
    let saved = outcome.value;
    if (!theft && publicPage) {
      const page = await setTheftPage(saved.id, true).catch(() => ({ error: COPY.unexpected }));
      if (page.error !== undefined) {
        toast({ topic: 'theft-page', title: text.page.failed, description: page.error, variant: 'destructive' });
      } else if (page.value.status === 'public') {
        saved = { ...saved, search_id: page.value.search_id ?? null };
      }
    }
    toast({ topic: 'theft', title: theft ? text.saved : text.declared });
    onDone(saved);
  });

  return (
    <Box asChild>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} as="h3" size="3" mb="2">
          {theft ? text.detailsTitle : text.submit}
        </Heading>
        <FormField label={text.stolenAt} error={errors.stolen_at?.message}>
          {(field) => <TextField.Root {...field} type="datetime-local" {...form.register('stolen_at')} />}
        </FormField>
        <FormField label={text.place} hint={text.placeHint} error={errors.place?.message}>
          {(field) => <TextField.Root {...field} maxLength={120} {...form.register('place')} />}
        </FormField>
        <FormField label={text.complaint} hint={text.complaintHint} error={errors.complaint_reference?.message}>
          {(field) => <TextField.Root {...field} maxLength={60} {...form.register('complaint_reference')} />}
        </FormField>
        {theft ? null : (
          <Text as="label" size="2" mb="3" style={{ display: 'block' }}>
            <Flex gap="2" align="center">
              <input type="checkbox" checked={publicPage} onChange={(event) => setPublicPage(event.target.checked)} />
              {text.publicPage}
            </Flex>
          </Text>
        )}
        <Flex gap="2" wrap="wrap">
          <SubmitButton busy={isSubmitting}>{theft ? text.save : text.submit}</SubmitButton>
          {theft ? null : (
            <Button type="button" variant="soft" color="gray" onClick={() => onDone(null)}>
              {text.cancel}
            </Button>
          )}
        </Flex>
      </form>
    </Box>
  );
}
