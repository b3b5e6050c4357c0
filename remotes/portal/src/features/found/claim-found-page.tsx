import { zodResolver } from '@hookform/resolvers/zod';
import { FormField, PageFrame, Spinner } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { speciesLabel } from '@medaille/domain';
import { animalHistoryPath, ROUTES } from '@medaille/routing';
import { Link as RouterLink, useNavigate, useParams } from '@medaille/routing/router';
import { useAuth } from '@medaille/supabase';
import { Button, Callout, Card, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { useEffect, useId, useState } from 'react';
import { COPY } from '../../copy.ts';
import { parisTime } from '../../ui/paris-time.ts';
import { usePortalForm } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { type AnimalCard, useMyAnimals } from '../animals/api.ts';
import { SignInFirst } from '../auth/index.ts';
import { editsAnimal } from '../household/index.ts';
import { claimFound, type FoundReport, readFoundReport } from './api.ts';
import { type ClaimForm, claimSchema } from './claim-schema.ts';
import { FOUND_COPY as text } from './copy.ts';

type ReportLoad =
  | { state: 'loading' }
  | { state: 'ready'; report: FoundReport | null }
  | { state: 'failed'; error: string };

/**
 * /mon-compte/trouve/{id}: 'C'est le mien' (docs/product/found.md), where a found animal's page leads an owner.
 * Signed out, the login first. The animal found as its page shows it, then which of the person's animals it is
 * (those they own or co-own: lost ones first, then those of its species) and their words for the finder; sent,
 * on to that animal's inbox, where the conversation goes on.
 */
export function ClaimFoundPage() {
  const auth = useAuth();
  if (auth.loading) return <Spinner label={COPY.session.checking} />;
  if (!auth.isAuthenticated) return <SignInFirst />;
  return <ClaimFound />;
}

function ClaimFound() {
  const { id = '' } = useParams();
  const [load, setLoad] = useState<ReportLoad>({ state: 'loading' });
  const animals = useMyAnimals().load;
  useEffect(() => {
    let current = true;
    readFoundReport(id).then(
      (outcome) =>
        current &&
        setLoad(
          outcome.error !== undefined
            ? { state: 'failed', error: outcome.error }
            : { state: 'ready', report: outcome.value },
        ),
      () => current && setLoad({ state: 'failed', error: COPY.unexpected }),
    );
    return () => {
      current = false;
    };
  }, [id]);

  if (load.state === 'loading' || animals.state === 'loading') return <Spinner label={COPY.loading} />;
  const failure = load.state === 'failed' ? load.error : animals.state === 'failed' ? animals.message : null;
  return (
    <PageFrame
      title={text.title}
      actions={
        <Button asChild variant="soft" color="gray">
          <RouterLink to={ROUTES.account}>{text.back}</RouterLink>
        </Button>
      }
    >
      {failure !== null ? (
        <Message>{failure}</Message>
      ) : load.state === 'ready' && load.report === null ? (
        <Message>{text.notFound}</Message>
      ) : load.state === 'ready' && load.report !== null && animals.state === 'ready' ? (
        <>
          <ReportSummary report={load.report} />
          {load.report.status === 'closed' ? (
            <Message>{text.closed}</Message>
          ) : (
            <Claim report={load.report} animals={animals.animals} />
          )}
        </>
      ) : null}
    </PageFrame>
  );
}

function Message({ children }: { children: string }) {
  return (
    <Callout.Root color="gray" role="alert" mb="3">
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}

/** The animal found, as its public page shows it. */
function ReportSummary({ report }: { report: FoundReport }) {
  return (
    <Card mb="4">
      <Heading as="h2" size="4" mb="1">
        {text.reportTitle(speciesLabel(report.species))}
      </Heading>
      {report.photos.length > 0 ? (
        <Flex gap="2" mb="2" wrap="wrap">
          {report.photos.map((photo, index) => (
            <img
              key={photo.url}
              src={photo.url}
              width={photo.width}
              height={photo.height}
              alt={text.photo(index + 1)}
              className="portal-claim-photo"
            />
          ))}
        </Flex>
      ) : null}
      <Text as="p" size="2">
        {text.foundOn(parisTime(report.found_at, 'dateTime'))}
        {report.place ? ` · ${report.place}` : ''}
      </Text>
      {report.description ? (
        <Text as="p" size="2" mt="2" className="portal-sighting-words">
          <strong>{text.signs} : </strong>
          {report.description}
        </Text>
      ) : null}
      {report.words ? (
        <Text as="p" size="2" mt="2" className="portal-sighting-words">
          <strong>{text.finderWords} : </strong>
          {report.words}
        </Text>
      ) : null}
    </Card>
  );
}

/** The person's animals they may say it is: lost ones first, then those of the found animal's species. */
function candidates(animals: AnimalCard[], species: string): AnimalCard[] {
  const rank = (animal: AnimalCard) => (animal.is_lost ? 0 : 2) + (animal.espece === species ? 0 : 1);
  return animals.filter((animal) => editsAnimal(animal.membership.role)).sort((a, b) => rank(a) - rank(b));
}

function Claim({ report, animals }: { report: FoundReport; animals: AnimalCard[] }) {
  const id = useId();
  const navigate = useNavigate();
  const mine = candidates(animals, report.species);
  const { form, formRef, handleSubmit } = usePortalForm<ClaimForm>({
    resolver: zodResolver(claimSchema),
    defaultValues: { animal_id: mine.length === 1 ? (mine[0]?.id ?? '') : '', words: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = handleSubmit(async (values) => {
    const outcome = await claimFound(report.id, values.animal_id, values.words).catch(() => ({
      error: COPY.unexpected,
    }));
    if (outcome.error !== undefined) {
      toast({ topic: 'claim-found', title: text.failed, description: outcome.error, variant: 'destructive' });
      return;
    }
    toast({ topic: 'claim-found', title: text.sent });
    navigate(animalHistoryPath(values.animal_id));
  });

  if (mine.length === 0) return <Message>{text.noAnimals}</Message>;
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-which`}>
      <Text as="p" size="2" mb="3">
        {text.intro}
      </Text>
      <fieldset className="portal-claim-animals" aria-describedby={`${id}-which-hint`}>
        <legend id={`${id}-which`}>{text.which}</legend>
        <Text as="p" size="1" color="gray" id={`${id}-which-hint`}>
          {text.whichHint}
        </Text>
        {mine.map((animal) => (
          <Text as="label" size="2" key={animal.id}>
            <Flex gap="2" align="center">
              <input type="radio" value={animal.id} {...form.register('animal_id')} />
              {animal.nom} · {speciesLabel(animal.espece)}
              {animal.is_lost ? ` · ${text.lost}` : ''}
            </Flex>
          </Text>
        ))}
        {errors.animal_id?.message ? (
          <Text as="p" size="2" color="red" role="alert">
            {errors.animal_id.message}
          </Text>
        ) : null}
      </fieldset>
      <FormField label={text.words} hint={text.wordsHint} error={errors.words?.message}>
        {(field) => <TextArea {...field} rows={4} maxLength={1000} {...form.register('words')} />}
      </FormField>
      <SubmitButton busy={isSubmitting}>{text.send}</SubmitButton>
    </form>
  );
}
