import { FormField } from '@medaille/design-system';
import { SEX_OPTIONS, SPECIES } from '@medaille/domain';
import { Flex, Grid, Text, TextArea, TextField } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import { COPY } from '../copy.ts';

/** The animal's fields that the activation form and the edit page share (same names in both schemas). */
export interface AnimalFieldValues {
  name?: unknown;
  species?: unknown;
  customSpecies?: unknown;
  breed?: unknown;
  color?: unknown;
  birth_year?: unknown;
  sex?: unknown;
  sterilized?: unknown;
  weight_kg?: unknown;
  important_info?: unknown;
  allergies?: unknown;
  meds?: unknown;
  temperament?: unknown;
  vet_info?: unknown;
  chip_or_tattoo?: unknown;
}

const text = COPY.animal;
const message = (errors: FieldErrors<AnimalFieldValues>, name: keyof AnimalFieldValues) =>
  errors[name]?.message as string | undefined;

interface FieldsProps {
  register: UseFormRegister<AnimalFieldValues>;
  watch: UseFormWatch<AnimalFieldValues>;
  errors: FieldErrors<AnimalFieldValues>;
  disabled?: boolean;
}

function Group({ disabled = false, children }: { disabled?: boolean | undefined; children: ReactNode }) {
  return (
    <fieldset disabled={disabled} style={{ border: 'none', padding: 0, margin: 0, opacity: disabled ? 0.5 : 1 }}>
      {children}
    </fieldset>
  );
}

/** All of an animal's fields in one block (the activation form). */
export function AnimalFields(props: FieldsProps) {
  return (
    <>
      <BasicFields {...props} />
      <IdentificationFields {...props} />
      <DetailFields {...props} />
    </>
  );
}

/** Nom, espèce (with 'Préciser l'espèce' for Autre), race, couleur, sexe, année, poids, stérilisé(e). */
export function BasicFields({ register, watch, errors, disabled }: FieldsProps) {
  const thisYear = new Date().getFullYear();
  return (
    <Group disabled={disabled}>
      <Grid columns={{ initial: '1', sm: '2' }} gapX="4">
        <FormField label={text.name} error={message(errors, 'name')}>
          {(field) => <TextField.Root {...field} maxLength={100} {...register('name')} />}
        </FormField>
        <FormField label={text.species} error={message(errors, 'species')}>
          {(field) => (
            <select {...field} className="portal-select" {...register('species')}>
              <option value="">{text.chooseSpecies}</option>
              {SPECIES.map((species) => (
                <option key={species.value} value={species.value}>
                  {species.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {watch('species') === 'other' ? (
          <FormField label={text.customSpecies} error={message(errors, 'customSpecies')}>
            {(field) => <TextField.Root {...field} maxLength={100} {...register('customSpecies')} />}
          </FormField>
        ) : null}
        <FormField label={text.breed} error={message(errors, 'breed')}>
          {(field) => <TextField.Root {...field} maxLength={100} {...register('breed')} />}
        </FormField>
        <FormField label={text.color} error={message(errors, 'color')}>
          {(field) => <TextField.Root {...field} maxLength={100} {...register('color')} />}
        </FormField>
        <FormField label={text.birthYear} error={message(errors, 'birth_year')}>
          {(field) => (
            <TextField.Root {...field} type="number" min={1900} max={thisYear} step={1} {...register('birth_year')} />
          )}
        </FormField>
        <FormField label={text.sex} error={message(errors, 'sex')}>
          {(field) => (
            <select {...field} className="portal-select" {...register('sex')}>
              {SEX_OPTIONS.map((sex) => (
                <option key={sex.value} value={sex.value}>
                  {sex.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={text.weight} error={message(errors, 'weight_kg')}>
          {(field) => <TextField.Root {...field} type="number" min={0} step={0.1} {...register('weight_kg')} />}
        </FormField>
      </Grid>
      {/* A native checkbox: react-hook-form registers it as it is. */}
      <Text as="label" size="2" mb="3" style={{ display: 'block' }}>
        <Flex gap="2" align="center">
          <input type="checkbox" {...register('sterilized')} />
          {text.sterilized}
        </Flex>
      </Text>
    </Group>
  );
}

/** Puce ou tatouage. */
export function IdentificationFields({ register, errors, disabled }: FieldsProps) {
  return (
    <Group disabled={disabled}>
      <FormField label={text.chip} error={message(errors, 'chip_or_tattoo')}>
        {(field) => <TextField.Root {...field} maxLength={100} {...register('chip_or_tattoo')} />}
      </FormField>
    </Group>
  );
}

/** Caractère, informations importantes, allergies, médicaments, informations vétérinaires. */
export function DetailFields({ register, errors, disabled }: FieldsProps) {
  return (
    <Group disabled={disabled}>
      {(
        [
          ['temperament', text.temperament],
          ['important_info', text.important],
          ['allergies', text.allergies],
          ['meds', text.meds],
          ['vet_info', text.vet],
        ] as const
      ).map(([name, label]) => (
        <FormField key={name} label={label} error={message(errors, name)}>
          {(field) => <TextArea {...field} maxLength={2000} rows={2} {...register(name)} />}
        </FormField>
      ))}
    </Group>
  );
}
