import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { addMonths, HEALTH_RECORD_KINDS, proposedCares, showableToFinder } from '@medaille/domain';
import { Box, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { COPY } from '../../copy.ts';
import { todayInParis } from '../../ui/paris-time.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import type { NewHealthRecord } from './api.ts';
import { type RecordFormInput, type RecordFormOutput, recordSchema } from './record-schema.ts';

const text = COPY.booklet;

/**
 * Adds a record to the booklet: a vaccination, a treatment, a visit or a weighing. The usual cares of the
 * animal's species are proposed as the label is typed; choosing one with a usual interval fills the next due
 * date from the date it was done, which the member may change. A vaccination or a treatment may be shown on the
 * animal's public page.
 */
export function RecordForm({
  name,
  species,
  onAdd,
}: {
  name: string;
  species: string | null;
  onAdd: (record: NewHealthRecord) => Promise<string | null>;
}) {
  const id = useId();
  const cares = proposedCares(species);
  const form = useForm<RecordFormInput, unknown, RecordFormOutput>({
    resolver: zodResolver(recordSchema),
    defaultValues: {
      kind: 'vaccination',
      label: '',
      given_on: todayInParis(),
      next_due_on: '',
      weight_kg: '',
      notes: '',
      shown_to_finder: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const kind = form.watch('kind');
  const proposed = cares.filter((care) => care.kind === kind);

  /** A proposed care chosen: its next date, from its usual interval, unless one was typed. */
  const fillNextDate = (label: string) => {
    const care = proposed.find((each) => each.label === label.trim());
    const givenOn = form.getValues('given_on');
    if (care?.intervalMonths && givenOn && form.getValues('next_due_on') === '') {
      form.setValue('next_due_on', addMonths(givenOn, care.intervalMonths));
    }
  };

  const submit = form.handleSubmit(async (values) => {
    const refusal = await onAdd(values).catch(() => COPY.unexpected);
    if (refusal) {
      toast({ topic: 'booklet-add', title: text.addFailed, description: refusal, variant: 'destructive' });
      return;
    }
    toast({ topic: 'booklet-add', title: text.added(values.label) });
    form.reset({ ...form.getValues(), label: '', next_due_on: '', weight_kg: '', notes: '', shown_to_finder: false });
  });

  return (
    <Box asChild mt="2">
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} as="h2" size="4" mb="3">
          {text.addTitle}
        </Heading>
        <Box asChild mb="3">
          <fieldset className="portal-fieldset">
            <Text size="2" weight="medium" mb="2" asChild>
              <legend>{text.kind}</legend>
            </Text>
            <Flex gap="4" wrap="wrap">
              {HEALTH_RECORD_KINDS.map((each) => (
                <Text as="label" key={each.value} size="2">
                  <Flex gap="2" align="center">
                    <input type="radio" value={each.value} {...form.register('kind')} />
                    {each.label}
                  </Flex>
                </Text>
              ))}
            </Flex>
          </fieldset>
        </Box>
        <FormField
          label={text.label}
          error={errors.label?.message}
          hint={proposed.length > 0 ? text.labelHint : undefined}
        >
          {(field) => (
            <TextField.Root
              {...field}
              list={proposed.length > 0 ? `${id}-cares` : undefined}
              autoComplete="off"
              {...form.register('label', { onChange: (event) => fillNextDate(event.target.value) })}
            />
          )}
        </FormField>
        <datalist id={`${id}-cares`}>
          {proposed.map((care) => (
            <option key={care.label} value={care.label}>
              {care.details ?? care.label}
            </option>
          ))}
        </datalist>
        <FormField label={kind === 'weight' ? text.weighedOn : text.doneOn} error={errors.given_on?.message}>
          {(field) => <TextField.Root {...field} type="date" {...form.register('given_on')} />}
        </FormField>
        {kind === 'weight' ? (
          <FormField label={text.weight} error={errors.weight_kg?.message}>
            {(field) => <TextField.Root {...field} inputMode="decimal" {...form.register('weight_kg')} />}
          </FormField>
        ) : (
          <FormField label={text.nextDue} error={errors.next_due_on?.message} hint={text.nextDueHint}>
            {(field) => <TextField.Root {...field} type="date" {...form.register('next_due_on')} />}
          </FormField>
        )}
        <FormField label={text.notes} error={errors.notes?.message}>
          {(field) => <TextArea {...field} rows={2} {...form.register('notes')} />}
        </FormField>
        {showableToFinder(kind) ? (
          <Box mb="3">
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <input type="checkbox" aria-describedby={`${id}-shown-hint`} {...form.register('shown_to_finder')} />
                {text.showToFinder(name)}
              </Flex>
            </Text>
            <Text as="p" id={`${id}-shown-hint`} size="1" color="gray" mt="1">
              {text.showToFinderHint(name)}
            </Text>
          </Box>
        ) : null}
        <SubmitButton busy={isSubmitting}>{text.add}</SubmitButton>
      </form>
    </Box>
  );
}
