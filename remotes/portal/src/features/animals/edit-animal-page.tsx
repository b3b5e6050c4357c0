import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@medaille/design-system/toast';
import {
  type AnimalEditFormInput,
  animalEditFormSchema,
  databaseErrorMessage,
  formatPhone,
  type OwnedAnimalPayload,
  publicContactsSchema,
  sexFormValue,
  speciesFormValue,
  weightFieldText,
} from '@medaille/domain';
import { ROUTES } from '@medaille/routing';
import { useNavigate } from '@medaille/routing/router';
import { Button, Flex, Grid } from '@radix-ui/themes';
import { Suspense, useState } from 'react';
import { todayInParis } from '../../ui/paris-time.ts';
import { usePortalForm } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { HOUSEHOLD_COPY } from '../household/copy.ts';
import {
  accessEnded,
  editsAnimal,
  type HouseholdRole,
  HouseholdSection,
  NewOwnerReminder,
  useHousehold,
} from '../household/index.ts';
import { LostPanel } from '../lost/index.ts';
import { PHOTOS_COPY } from '../photos/copy.ts';
import { PhotoGallery, photoUrl, useAnimalPhotos } from '../photos/index.ts';
import { TheftPanel } from '../theft/index.ts';
import { AnimalFieldCards } from './animal-fields.tsx';
import { AnimalPageFrame } from './animal-page-frame.tsx';
import { coverPhoto, type MemberAnimal, saveAnimal } from './api.ts';
import { ANIMALS_COPY } from './copy.ts';
import { DeleteAnimalButton } from './delete-animal-button.tsx';
import { EditPreview } from './edit-preview.tsx';
import { KeeperView } from './keeper-view.tsx';
import { MedalPanel } from './medal-panel.tsx';
import { MemberAnimalRoute } from './member-animal-route.tsx';
import { type ContactValues, type HouseholdAddress, PublicContactsPanel } from './public-contacts-panel.tsx';
import { useUnsavedChangesGuard } from './unsaved-changes.tsx';

const text = ANIMALS_COPY.edit;

/**
 * A stored phone as its field shows it: a French number as the French write it ('06 12 34 56 78'), any other in
 * E.164 as stored; the page fills its form without loading the phone library (docs/budgets.md).
 */
const phoneFieldText = (stored: string | null) => (stored === null ? '' : formatPhone(stored));

function formValues(animal: MemberAnimal): AnimalEditFormInput {
  const species = speciesFormValue(animal.espece);
  return {
    name: animal.nom,
    species: species.species,
    customSpecies: species.customSpecies,
    breed: animal.race ?? '',
    color: animal.couleur ?? '',
    birth_year: animal.annee_naissance === null ? '' : String(animal.annee_naissance),
    sex: sexFormValue(animal.sexe),
    sterilized: animal.sterilise,
    weight_kg: weightFieldText(animal.poids_kg),
    important_info: animal.informations_importantes ?? '',
    allergies: animal.allergies ?? '',
    meds: animal.medications ?? '',
    temperament: animal.caractere ?? '',
    vet_info: animal.informations_veterinaires ?? '',
    chip_or_tattoo: animal.puce_ou_tatouage ?? '',
    owner_email: animal.email_proprietaire ?? '',
    owner_phone: phoneFieldText(animal.telephone_proprietaire),
  };
}

const contactValues = (animal: MemberAnimal): ContactValues => ({
  public_phone: phoneFieldText(animal.public_phone),
  public_email: animal.public_email ?? '',
  public_address_line: animal.public_address_line ?? '',
  public_city: animal.public_city ?? '',
  show_public_phone: animal.show_public_phone,
  show_public_email: animal.show_public_email,
  show_public_address: animal.show_public_address,
  second_contact_name: animal.second_contact_name ?? '',
  second_contact_phone: phoneFieldText(animal.second_contact_phone),
  second_contact_email: animal.second_contact_email ?? '',
  show_second_contact_phone: animal.show_second_contact_phone,
  show_second_contact_email: animal.show_second_contact_email,
});

/**
 * /mon-compte/animal/{id}: the owner and co-owners edit every field of one animal and its public contacts,
 * and the owner alone deletes it; a keeper reads it and changes its lost mode only. Every member sees its
 * household.
 */
export function EditAnimalPage() {
  return (
    <MemberAnimalRoute>
      {(animal, membership) =>
        editsAnimal(membership.role) ? (
          <EditForm animal={animal} role={membership.role} />
        ) : (
          <KeeperView animal={animal} membership={membership} />
        )
      }
    </MemberAnimalRoute>
  );
}

function EditForm({ animal, role }: { animal: MemberAnimal; role: HouseholdRole }) {
  const navigate = useNavigate();
  const { form, formRef, refuse, handleSubmit } = usePortalForm<AnimalEditFormInput, OwnedAnimalPayload>({
    resolver: zodResolver(animalEditFormSchema),
    defaultValues: formValues(animal),
  });
  const [contacts, setContacts] = useState<ContactValues>(contactValues(animal));
  const [contactErrors, setContactErrors] = useState<Partial<Record<keyof ContactValues, string>>>({});
  // Read once for the page: 'Foyer' shows it, and its addresses are those the second contact's can be.
  const household = useHousehold(animal.id, role === 'owner');
  const householdAddresses: HouseholdAddress[] =
    household.load.state === 'ready'
      ? household.load.members
          .filter((member) => member.email !== '')
          .map((member) => ({ email: member.email, role: HOUSEHOLD_COPY.household.roles[member.role] }))
      : [];
  // Who loses the animal with it, named in its deletion's dialog.
  const othersWithAccess =
    household.load.state === 'ready'
      ? household.load.members
          .filter((member) => !member.is_me && !accessEnded(member.access_until, todayInParis()))
          .map((member) => member.email)
      : [];
  const gallery = useAnimalPhotos(animal.id, () =>
    toast({ topic: 'photos-load', ...PHOTOS_COPY.gallery.loadFailed, variant: 'destructive' }),
  );
  // The cover the owner picks here shows at once and is saved with Enregistrer. Until they pick one, the
  // database's stands: it makes an animal's first photo its cover, and clears the cover when that photo is
  // deleted.
  const [pickedCover, setPickedCover] = useState<string | null>(null);
  const coverId = pickedCover ?? gallery.storedCoverId;
  const { errors, isSubmitting, isDirty } = form.formState;
  // Photos are stored as they are added, moved or deleted; the fields, the contacts and the cover wait for
  // Enregistrer, so leaving with any of them changed asks first.
  const storedContacts = contactValues(animal);
  const contactsChanged = (Object.keys(contacts) as (keyof ContactValues)[]).some(
    (key) => contacts[key] !== storedContacts[key],
  );
  const guard = useUnsavedChangesGuard(isDirty || contactsChanged || pickedCover !== null);
  const values = form.watch();
  const preview = coverPhoto(gallery.photos, coverId);

  /** The public contacts as they would be saved, or null once their errors are shown beside them. */
  const checkedContacts = async () => {
    const parsed = await publicContactsSchema.safeParseAsync(contacts);
    if (parsed.success) return parsed.data;
    setContactErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
    return null;
  };

  // Every error of the page at once, the fields' and the contacts': the first of them is brought to the owner.
  const save = handleSubmit(async (payload) => {
    const publicContacts = await checkedContacts();
    if (!publicContacts) return refuse();
    const { error } = await saveAnimal(animal.id, {
      ...payload,
      ...publicContacts,
      ...(pickedCover ? { cover_photo_id: pickedCover } : {}),
    });
    if (error) {
      // Nothing typed is lost: the form stays as it is.
      toast({
        topic: 'animal-save',
        title: text.saveFailed,
        description: databaseErrorMessage(error),
        variant: 'destructive',
      });
      return;
    }
    toast({ topic: 'animal-save', title: text.saved });
    navigate(ROUTES.account, { replace: guard.replacesGuardEntry() });
  }, checkedContacts);

  return (
    <AnimalPageFrame animal={animal} title={text.title(animal.nom)}>
      <NewOwnerReminder animalName={animal.nom} />
      <LostPanel animal={animal} />
      <TheftPanel animal={animal} canEdit />
      <form ref={formRef} onSubmit={save} noValidate>
        <Grid columns={{ initial: '1', md: '3' }} gap="4">
          <Flex direction="column" gap="4" gridColumn={{ initial: '1', md: 'span 2' }}>
            <PhotoGallery gallery={gallery} coverId={coverId} onCoverChange={setPickedCover} />
            <AnimalFieldCards register={form.register} errors={errors} species={values.species} />
            <PublicContactsPanel
              value={contacts}
              errors={contactErrors}
              household={householdAddresses}
              onChange={(next, changed) => {
                setContacts(next);
                setContactErrors((current) => ({ ...current, [changed]: undefined }));
              }}
            />
          </Flex>
          <Flex direction="column" gap="4">
            <EditPreview values={values} storedName={animal.nom} coverUrl={preview ? photoUrl(preview.path) : null} />
            {animal.codes ? <MedalPanel animalId={animal.id} animalName={animal.nom} medal={animal.codes} /> : null}
          </Flex>
        </Grid>
        {/* A long page: Annuler and Enregistrer stay at the bottom of the screen wherever the owner is. */}
        <Flex gap="3" justify="end" align="center" mt="4" className="portal-save-bar">
          <Button type="button" variant="soft" color="gray" onClick={() => guard.leave(() => navigate(ROUTES.account))}>
            {text.cancel}
          </Button>
          <SubmitButton size="3" busy={isSubmitting}>
            {text.save}
          </SubmitButton>
        </Flex>
      </form>
      <Suspense fallback={null}>
        <HouseholdSection animalId={animal.id} animalName={animal.nom} role={role} household={household} />
      </Suspense>
      {role === 'owner' ? <DeleteAnimalButton animal={animal} household={othersWithAccess} /> : null}
      {guard.dialog}
    </AnimalPageFrame>
  );
}
