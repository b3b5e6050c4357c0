import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import {
  HEALTH_RECORD_KINDS,
  nextDueFollowsDate,
  proposedCares,
  showableToFinder,
  usualNextDue,
} from '@medaille/domain';
import { Box, Button, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { useEffect, useId, useRef } from 'react';
import { COPY } from '../../copy.ts';
import { todayInParis } from '../../ui/paris-time.ts';
import { usePortalForm } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import type { HealthRecord, NewHealthRecord } from './api.ts';
import { BOOKLET_COPY } from './copy.ts';
import { type RecordFormInput, type RecordFormOutput, recordSchema } from './record-schema.ts';

const text = BOOKLET_COPY.booklet;

const EMPTY: Omit<RecordFormInput, 'given_on'> = {
  kind: 'vaccination',
  label: '',
  next_due_on: '',
  weight_kg: '',
  notes: '',
  shown_to_finder: false,
};

/** A stored record as the form shows it again (a weight with the French comma). */
const recordValues = (record: HealthRecord): RecordFormInput => ({
  kind: record.kind as RecordFormInput['kind'],
  label: record.label,
  given_on: record.given_on,
  next_due_on: record.next_due_on ?? '',
  weight_kg: record.weight_kg === null ? '' : String(record.weight_kg).replace('.', ','),
  notes: record.notes ?? '',
  shown_to_finder: record.shown_to_finder,
});

/**
 * Adds a record to the booklet (a vaccination, a treatment, a visit or a weighing), or changes one (`record`,
 * with `onCancel`). The usual cares of the animal's species are proposed as the label is typed. The next due
 * date is the one the care's usual interval gives from the date it was done, reckoned again whenever the date,
 * the kind or the label changes, until the member types one by hand (or, for a stored record, had chosen one):
 * theirs then stays (a date typed after the label kept today's reckoning). A vaccination or a
 * treatment may be shown on the animal's public page.
 */
export function RecordForm({
  name,
  species,
  record,
  onSave,
  onCancel,
}: {
  name: string;
  species: string | null;
  /** The stored record being changed; none to add one. */
  record?: HealthRecord;
  onSave: (values: NewHealthRecord) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const id = useId();
  const cares = proposedCares(species);
  const { form, formRef, handleSubmit } = usePortalForm<RecordFormInput, RecordFormOutput>({
    resolver: zodResolver(recordSchema),
    defaultValues: record ? recordValues(record) : { ...EMPTY, given_on: todayInParis() },
  });
  const { errors, isSubmitting } = form.formState;
  const [kind, label, givenOn] = form.watch(['kind', 'label', 'given_on']);
  const proposed = cares.filter((care) => care.kind === kind);

  // Whether the next date is the member's own: typed in its field, or chosen before for a stored record.
  const nextDueByHand = useRef(record ? !nextDueFollowsDate(species, record) : false);
  useEffect(() => {
    if (nextDueByHand.current) return;
    const usual = usualNextDue(species, { kind, label, given_on: givenOn }) ?? '';
    if (form.getValues('next_due_on') !== usual) {
      form.setValue('next_due_on', usual, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
  }, [species, kind, label, givenOn, form]);

  // Opened to change a line: the member goes on from its first field.
  useEffect(() => {
    if (record) form.setFocus('label');
  }, [record, form]);

  const submit = handleSubmit(async (values) => {
    const refusal = await onSave(values).catch(() => COPY.unexpected);
    const topic = record ? 'booklet-update' : 'booklet-add';
    if (refusal) {
      toast({
        topic,
        title: record ? text.updateFailed : text.addFailed,
        description: refusal,
        variant: 'destructive',
      });
      return;
    }
    toast({ topic, title: record ? text.updated(values.label) : text.added(values.label) });
    if (record) return;
    nextDueByHand.current = false;
    form.reset({ ...form.getValues(), label: '', next_due_on: '', weight_kg: '', notes: '', shown_to_finder: false });
  });

  const titleText = record ? text.editTitle(record.label) : text.addTitle;
  return (
    <Box asChild mt={record ? '0' : '2'}>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} as={record ? 'h3' : 'h2'} size={record ? '3' : '4'} mb="3">
          {titleText}
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
              {...form.register('label')}
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
            {(field) => (
              <TextField.Root
                {...field}
                type="date"
                {...form.register('next_due_on', {
                  onChange: () => {
                    nextDueByHand.current = true;
                  },
                })}
              />
            )}
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
        <Flex gap="3" wrap="wrap">
          <SubmitButton busy={isSubmitting}>{record ? text.save : text.add}</SubmitButton>
          {onCancel ? (
            <Button type="button" variant="soft" color="gray" onClick={onCancel}>
              {text.cancel}
            </Button>
          ) : null}
        </Flex>
      </form>
    </Box>
  );
}
