import { zodResolver } from '@hookform/resolvers/zod';
import { PageFrame } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import {
  type ActivationFormInput,
  type ActivationRequest,
  activationFormSchema,
  databaseErrorMessage,
  LIMITS,
  sexLabel,
  speciesLabel,
  speciesToStored,
} from '@medaille/domain';
import { editAnimalPath, ROUTES } from '@medaille/routing';
import { useAuth } from '@medaille/supabase';
import { Badge, Box, Button, Card, Flex, Grid, Heading, Text, TextField } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { COPY } from '../../copy.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { AnimalFields } from '../animals/index.ts';
import { AuthDialog } from '../auth/index.ts';
import {
  ChosenPhotos,
  PhotoDropZone,
  photoProblem,
  UploadProgress,
  type UploadState,
  useFileUrls,
} from '../photos/index.ts';
import {
  activationLinkFor,
  animalOfOwnCode,
  checkTypedCode,
  forgetCarriedActivation,
  registerAnimalWithCode,
  uploadActivationPhotos,
} from './api.ts';
import {
  clearPendingActivation,
  readPendingActivation,
  readPendingPhotos,
  savePendingFields,
  savePendingPhotos,
} from './pending-draft.ts';
import { REFUSAL_TEXT } from './refusal-text.ts';

const text = COPY.activation;
type CodeState = { status: 'idle' | 'checking' | 'valid' } | { status: 'invalid'; message: string };

const PROBLEM = {
  'not-image': COPY.animal.invalidFile,
  format: COPY.animal.badFormat,
  size: COPY.animal.tooBig,
} as const;

const EMPTY: ActivationFormInput = {
  code: '',
  name: '',
  species: '',
  customSpecies: '',
  sex: 'unknown',
  sterilized: false,
  birth_year: '',
  weight_kg: '',
};

/** /activer: check the medal's code, describe the animal, and activate both in one step (DESIGN D3). */
export function ActivationPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const pending = useRef(readPendingActivation());
  const form = useForm<ActivationFormInput, unknown, ActivationRequest>({
    resolver: zodResolver(activationFormSchema),
    defaultValues: { ...EMPTY, ...pending.current, code: params.get('code') ?? pending.current?.code ?? '' },
  });
  const [codeState, setCodeState] = useState<CodeState>({ status: 'idle' });
  const [photos, setPhotos] = useState<File[]>([]);
  // The draft is kept as it is typed and chosen (a reload loses nothing), and read back here on arrival.
  const [photosRestored, setPhotosRestored] = useState(pending.current === null);
  useEffect(() => {
    if (pending.current === null) return;
    let current = true;
    void readPendingPhotos().then((files) => {
      if (!current) return;
      setPhotos((chosen) => (chosen.length ? chosen : files));
      setPhotosRestored(true);
    });
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => {
    const subscription = form.watch(() => savePendingFields(form.getValues()));
    return () => subscription.unsubscribe();
  }, [form]);
  useEffect(() => {
    if (photosRestored) void savePendingPhotos(photos);
  }, [photos, photosRestored]);
  const [uploads, setUploads] = useState<UploadState[] | null>(null);
  // Why the sign-in dialog is open: a signed-out arrival (SPEC: it opens at once), or Activer la médaille.
  const [askSignIn, setAskSignIn] = useState<'arrival' | 'activation' | null>(null);
  const signedOutArrival = useRef(true);
  useEffect(() => {
    if (auth.loading || !signedOutArrival.current) return;
    signedOutArrival.current = false;
    if (auth.isAuthenticated) return;
    // Kept at once: an e-mail link from this dialog comes back here to a draft, even an empty one.
    savePendingFields(form.getValues());
    setAskSignIn('arrival');
  }, [auth.loading, auth.isAuthenticated, form]);
  const { errors, isSubmitting } = form.formState;
  const valid = codeState.status === 'valid';

  const checkCode = async () => {
    const typed = String(form.getValues('code') ?? '');
    if (!typed.trim()) return setCodeState({ status: 'invalid', message: text.codeRequired });
    setCodeState({ status: 'checking' });
    // Read as the landing page reads it too: any case, spaces or missing hyphens, O for 0, I or L for 1.
    const checked = await checkTypedCode(typed);
    if (!checked) return setCodeState({ status: 'invalid', message: text.codeNotFound });
    const { code, status } = checked;
    if (status === null) return setCodeState({ status: 'invalid', message: text.codeCheckFailed });
    if (status === 'unknown') return setCodeState({ status: 'invalid', message: text.codeNotFound });
    if (status === 'suspended') return setCodeState({ status: 'invalid', message: text.codeSuspended });
    if (status !== 'free') return setCodeState({ status: 'invalid', message: text.codeTaken });
    form.setValue('code', code);
    setCodeState({ status: 'valid' });
    setParams({ code }, { replace: true });
  };

  // The code field opens again for another code; the form below waits until that one is checked.
  const changeCode = () => {
    setCodeState({ status: 'idle' });
    form.setFocus('code');
  };

  // A code there at arrival (in the address from a scanned medal or after sign-in, or in the draft) is
  // checked at once; a code being typed waits for Vérifier.
  const arrivalCode = useRef(Boolean(form.getValues('code')));
  useEffect(() => {
    if (arrivalCode.current) {
      arrivalCode.current = false;
      void checkCode();
    }
  });

  // Vérifier locks itself once the code is valid: focus goes on to the form it opens.
  const focusNameOnceValid = useRef(false);
  useEffect(() => {
    if (!valid || !focusNameOnceValid.current) return;
    focusNameOnceValid.current = false;
    form.setFocus('name');
  }, [valid, form]);

  /** Photos chosen here go to the animal, then the draft is forgotten. */
  const finish = async (animalId: string) => {
    if (photos.length) await uploadActivationPhotos(animalId, photos, setUploads);
    await clearPendingActivation();
    await forgetCarriedActivation();
  };

  const activate = async (request: ActivationRequest) => {
    const registration = await registerAnimalWithCode(request);
    // Refused because this account already activated the code (its e-mail link, opened in another browser,
    // did): what this page holds, the photos first, joins the animal instead of being lost.
    const ownAnimal = registration.registered || registration.signedOut ? null : await animalOfOwnCode(request.p_code);
    if (ownAnimal) {
      toast({
        topic: 'activation',
        title: text.alreadyYours.title,
        description: text.alreadyYours.description(photos.length),
      });
      await finish(ownAnimal);
      navigate(editAnimalPath(ownAnimal));
      return;
    }
    if (!registration.registered) {
      if (registration.signedOut) {
        toast({
          topic: 'activation',
          title: text.sessionExpired.title,
          description: text.sessionExpired.description,
          variant: 'destructive',
        });
        // Signed in again in the dialog, the activation goes on with everything the page holds.
        savePendingFields(form.getValues());
        await savePendingPhotos(photos);
        setAskSignIn('activation');
      } else if (registration.refusal === 'code_unavailable') {
        toast({
          topic: 'activation',
          title: text.invalidCode.title,
          description: text.invalidCode.description,
          variant: 'destructive',
        });
        setCodeState({ status: 'idle' });
        form.setValue('code', '');
      } else if (registration.refusal === 'too_many_attempts') {
        toast({
          topic: 'activation',
          title: text.tooManyAttempts.title,
          description: text.tooManyAttempts.description,
          variant: 'destructive',
        });
      } else {
        // The words of the database's refusal when it gives one ('Cette médaille est suspendue...').
        const description = registration.refusal
          ? REFUSAL_TEXT[registration.refusal]
          : registration.failure
            ? databaseErrorMessage(registration.failure)
            : text.failed.description;
        toast({ topic: 'activation', title: text.failed.title, description, variant: 'destructive' });
        if (registration.refusal === 'code_suspended') {
          setCodeState({ status: 'invalid', message: text.codeSuspended });
        }
      }
      return;
    }
    toast({ topic: 'activation', title: text.success.title, description: text.success.description });
    await finish(registration.animalId);
    navigate(ROUTES.account);
  };

  const submit = form.handleSubmit(async (request) => {
    if (!auth.isAuthenticated) {
      // Kept for after sign-in, sign-up or the magic link: nothing typed or chosen is lost. Photos this
      // browser will not keep are counted, and said after the link activates the medal.
      savePendingFields(form.getValues());
      await savePendingPhotos(photos);
      setAskSignIn('activation');
      return;
    }
    await activate(request);
  });

  const addPhotos = (chosen: File[]) => {
    const room = LIMITS.maxPhotosPerAnimal - photos.length;
    if (chosen.length > room) {
      toast({
        topic: 'activation-photo-limit',
        title: COPY.animal.limit,
        description: COPY.animal.limitText(LIMITS.maxPhotosPerAnimal),
        variant: 'destructive',
      });
    }
    const accepted = chosen.slice(0, Math.max(0, room)).filter((file) => {
      const problem = photoProblem(file);
      if (problem)
        toast({
          topic: `photo-refused ${file.name}`,
          title: PROBLEM[problem],
          description: file.name,
          variant: 'destructive',
        });
      return !problem;
    });
    setPhotos((current) => [...current, ...accepted]);
  };

  const values = form.watch();
  const name = String(values.name ?? '').trim();
  const photoUrls = useFileUrls(photos);
  const tags = [
    values.species ? speciesLabel(speciesToStored(String(values.species), String(values.customSpecies ?? ''))) : null,
    values.breed ? String(values.breed) : null,
    sexLabel(String(values.sex ?? '')),
  ].filter((tag): tag is string => Boolean(tag));

  return (
    <PageFrame
      title={text.title}
      actions={
        auth.isAuthenticated ? (
          <Button asChild variant="soft">
            <Link to={ROUTES.account}>{text.back}</Link>
          </Button>
        ) : null
      }
    >
      <form onSubmit={submit} noValidate>
        <Grid columns={{ initial: '1', md: '3' }} gap="4">
          <Box gridColumn={{ initial: '1', md: 'span 2' }}>
            <Card size="3" mb="4">
              <Heading as="h2" size="4" mb="3">
                {text.codeTitle}
              </Heading>
              <Flex gap="2" align="end" wrap="wrap">
                <Box flexGrow="1">
                  <Text as="label" size="2" weight="medium" htmlFor="activation-code">
                    {text.codeLabel}
                  </Text>
                  <TextField.Root
                    id="activation-code"
                    autoCapitalize="characters"
                    readOnly={valid}
                    aria-invalid={codeState.status === 'invalid'}
                    aria-describedby="activation-code-message"
                    {...form.register('code')}
                  />
                </Box>
                <SubmitButton
                  type="button"
                  onClick={() => {
                    focusNameOnceValid.current = true;
                    void checkCode();
                  }}
                  disabled={valid}
                  busy={codeState.status === 'checking'}
                >
                  {valid ? text.validated : text.check}
                </SubmitButton>
                {valid ? (
                  <Button type="button" variant="soft" onClick={changeCode}>
                    {text.changeCode}
                  </Button>
                ) : null}
              </Flex>
              <Text id="activation-code-message" as="p" size="2" mt="2" color={valid ? 'green' : 'red'} role="status">
                {codeState.status === 'invalid' ? codeState.message : valid ? text.validated : ''}
              </Text>
            </Card>
            <Card size="3">
              <Heading as="h2" size="4" mb="3">
                {text.formTitle}
              </Heading>
              {valid ? null : (
                <Text as="p" size="2" color="gray" mb="3">
                  {text.lockedHint}
                </Text>
              )}
              <AnimalFields register={form.register} errors={errors} species={values.species} disabled={!valid} />
              <fieldset disabled={!valid} style={{ border: 'none', padding: 0, margin: 0, opacity: valid ? 1 : 0.5 }}>
                <Heading as="h3" size="2" mb="2">
                  {COPY.animal.photos}
                </Heading>
                <PhotoDropZone onFiles={addPhotos} disabled={!valid} />
                <ChosenPhotos
                  files={photos}
                  urls={photoUrls}
                  onRemove={(index) => setPhotos((current) => current.filter((_, i) => i !== index))}
                />
              </fieldset>
              {uploads ? <UploadProgress uploads={uploads} /> : null}
            </Card>
          </Box>
          <Card size="3" asChild>
            <section aria-labelledby="activation-preview-title">
              <Heading id="activation-preview-title" as="h2" size="4" mb="3">
                {text.previewTitle}
              </Heading>
              {photoUrls[0] ? (
                <img
                  src={photoUrls[0]}
                  alt={name ? COPY.account.photoOf(name) : COPY.animal.previewPhoto}
                  className="portal-preview-photo"
                />
              ) : null}
              <Text as="p" size="6" weight="bold">
                {name || text.previewEmpty}
              </Text>
              <Flex gap="2" wrap="wrap" mt="2">
                {tags.map((tag) => (
                  <Badge key={tag}>{tag}</Badge>
                ))}
                {values.sterilized ? (
                  <Badge color="gray">{COPY.animal.sterilizedTag(String(values.sex ?? ''))}</Badge>
                ) : null}
              </Flex>
            </section>
          </Card>
        </Grid>
        <Flex gap="3" justify="end" mt="4">
          <Button
            type="button"
            variant="soft"
            color="gray"
            onClick={() => {
              // Annuler gives the draft up.
              void clearPendingActivation();
              navigate(ROUTES.account);
            }}
          >
            {text.cancel}
          </Button>
          <SubmitButton size="3" disabled={!valid} busy={isSubmitting || uploads !== null}>
            {text.submit}
          </SubmitButton>
        </Flex>
      </form>
      <AuthDialog
        open={askSignIn !== null}
        initialTab="signup"
        activationLink={() => activationLinkFor(form.getValues(), photos.length)}
        onClose={() => setAskSignIn(null)}
        fallbackFocus={() => document.getElementById('activation-code')}
        onSignedIn={() => {
          setAskSignIn(null);
          // Signed in on arrival: the form is theirs to fill. After Activer la médaille, the activation goes
          // on (signed in just now: this render's session state is still the signed-out one).
          if (askSignIn === 'activation') void form.handleSubmit(activate)();
        }}
      />
    </PageFrame>
  );
}
