import { FormField } from '@medaille/design-system';
import type { ActivationFormInput, AnimalEditFormInput } from '@medaille/domain';
import { LIMITS, SEX_OPTIONS, SPECIES } from '@medaille/domain';
import { Card, Flex, Grid, Heading, Text, TextField } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ANIMALS_COPY } from './copy.ts';
import { LongTextField } from './long-text-field.tsx';

/** The animal's fields that the activation form and the edit form share, under the same names in both schemas. */
export type AnimalFieldName = keyof ActivationFormInput & keyof AnimalEditFormInput;

/**
 * What the fields need of a form: any react-hook-form form whose values carry these names fits, its own
 * `register` and `formState.errors` passed as they are.
 */
export interface AnimalFieldsProps {
  register: (name: AnimalFieldName) => UseFormRegisterReturn;
  errors: { readonly [name in AnimalFieldName]?: { message?: string } | undefined };
  /** The chosen species: 'Autre' opens 'Préciser l'espèce'. */
  species: unknown;
  disabled?: boolean;
}

const text = ANIMALS_COPY.animal;

function Group({ disabled = false, children }: { disabled?: boolean | undefined; children: ReactNode }) {
  return (
    <fieldset disabled={disabled} style={{ border: 'none', padding: 0, margin: 0, opacity: disabled ? 0.5 : 1 }}>
      {children}
    </fieldset>
  );
}

/** All of an animal's fields in one block (the activation form). */
export function AnimalFields(props: AnimalFieldsProps) {
  return (
    <>
      <BasicFields {...props} />
      <IdentificationFields {...props} />
      <DetailFields {...props} />
      <PrivateContactFields {...props} />
    </>
  );
}

/** The same fields in a card per group, each with its title (the edit form). */
export function AnimalFieldCards(props: AnimalFieldsProps) {
  const edit = ANIMALS_COPY.edit;
  return (
    [
      [edit.basics, BasicFields],
      [edit.identification, IdentificationFields],
      [edit.details, DetailFields],
      [edit.privateContacts, PrivateContactFields, edit.privateContactsNote],
    ] as const
  ).map(([title, Fields, note]) => (
    <Card key={title} size="3" asChild>
      <section aria-label={title}>
        <Heading as="h2" size="4" mb="3">
          {title}
        </Heading>
        {note ? (
          <Text as="p" size="2" color="gray" mb="3">
            {note}
          </Text>
        ) : null}
        <Fields {...props} />
      </section>
    </Card>
  ));
}

/** Nom, espèce (with 'Préciser l'espèce' for Autre), race, couleur, sexe, année, poids, stérilisé(e). */
function BasicFields({ register, errors, species, disabled }: AnimalFieldsProps) {
  const thisYear = new Date().getFullYear();
  return (
    <Group disabled={disabled}>
      <Grid columns={{ initial: '1', sm: '2' }} gapX="4">
        <FormField label={text.name} error={errors.name?.message}>
          {(field) => <TextField.Root {...field} maxLength={100} {...register('name')} />}
        </FormField>
        <FormField label={text.species} error={errors.species?.message}>
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
        {species === 'other' ? (
          <FormField label={text.customSpecies} error={errors.customSpecies?.message}>
            {(field) => <TextField.Root {...field} maxLength={100} {...register('customSpecies')} />}
          </FormField>
        ) : null}
        <FormField label={text.breed} error={errors.breed?.message}>
          {(field) => <TextField.Root {...field} maxLength={100} {...register('breed')} />}
        </FormField>
        <FormField label={text.color} error={errors.color?.message}>
          {(field) => <TextField.Root {...field} maxLength={100} {...register('color')} />}
        </FormField>
        <FormField label={text.birthYear} error={errors.birth_year?.message}>
          {(field) => (
            <TextField.Root {...field} type="number" min={1900} max={thisYear} step={1} {...register('birth_year')} />
          )}
        </FormField>
        <FormField label={text.sex} error={errors.sex?.message}>
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
        <FormField label={text.weight} error={errors.weight_kg?.message}>
          {/* Text, not type="number": a number field reads '4,5' by the phone's language (45 in English), and
              the schema reads both marks itself. The decimal keypad still opens. */}
          {(field) => <TextField.Root {...field} inputMode="decimal" autoComplete="off" {...register('weight_kg')} />}
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
function IdentificationFields({ register, errors, disabled }: AnimalFieldsProps) {
  return (
    <Group disabled={disabled}>
      <FormField label={text.chip} error={errors.chip_or_tattoo?.message}>
        {(field) => <TextField.Root {...field} maxLength={100} {...register('chip_or_tattoo')} />}
      </FormField>
    </Group>
  );
}

/** Caractère, informations importantes, allergies, médicaments, informations vétérinaires. */
function DetailFields({ register, errors, disabled }: AnimalFieldsProps) {
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
        <LongTextField
          key={name}
          label={label}
          error={errors[name]?.message}
          max={LIMITS.longTextMaxLength}
          registration={register(name)}
        />
      ))}
    </Group>
  );
}

/** The owner's own e-mail and phone: kept with the animal, never shown on its public page. */
function PrivateContactFields({ register, errors, disabled }: AnimalFieldsProps) {
  return (
    <Group disabled={disabled}>
      <Grid columns={{ initial: '1', sm: '2' }} gapX="4">
        <FormField label={text.ownerEmail} error={errors.owner_email?.message}>
          {(field) => (
            <TextField.Root {...field} type="email" maxLength={LIMITS.emailMaxLength} {...register('owner_email')} />
          )}
        </FormField>
        <FormField label={text.ownerPhone} error={errors.owner_phone?.message}>
          {(field) => (
            <TextField.Root {...field} type="tel" maxLength={LIMITS.phoneMaxLength} {...register('owner_phone')} />
          )}
        </FormField>
      </Grid>
    </Group>
  );
}
