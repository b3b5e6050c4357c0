import { zodResolver } from '@hookform/resolvers/zod';
import { PageFrame } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import {
  type ActivationFormInput,
  type ActivationRequest,
  activationFormSchema,
  databaseErrorMessage,
  loadPhoneNumbers,
} from '@medaille/domain';
import { editAnimalPath, ROUTES } from '@medaille/routing';
import { Link, useNavigate, useSearchParams } from '@medaille/routing/router';
import { useAuth } from '@medaille/supabase';
import { Box, Button, Flex, Grid } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { usePortalForm } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { AuthDialog } from '../auth/index.ts';
import { type UploadState, useFileUrls } from '../photos/index.ts';
import { ActivationPreview } from './activation-preview.tsx';
import { AnimalCard } from './animal-card.tsx';
import {
  activationLinkFor,
  animalOfOwnCode,
  forgetCarriedActivation,
  type Registration,
  registerAnimalWithCode,
  uploadActivationPhotos,
} from './api.ts';
import { CodeCard, useCodeCheck } from './code-check.tsx';
import { ACTIVATION_COPY } from './copy.ts';
import {
  clearPendingActivation,
  readPendingActivation,
  savePendingFields,
  savePendingPhotos,
} from './pending-draft.ts';
import { REFUSAL_TEXT } from './refusal-text.ts';
import { useActivationDraft } from './use-activation-draft.ts';

const text = ACTIVATION_COPY.activation;

/** How long a tab waits for another to finish the activation its e-mail link started: 15 s, once a second. */
const ELSEWHERE_ATTEMPTS = 15;
const ELSEWHERE_INTERVAL_MS = 1000;

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

/**
 * /activer: check the medal's code, describe the animal, and activate both in one step
 * (docs/decisions/0003-atomic-activation.md).
 */
export function ActivationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const pending = useRef(readPendingActivation());
  const { form, formRef, handleSubmit } = usePortalForm<ActivationFormInput, ActivationRequest>({
    resolver: zodResolver(activationFormSchema),
    defaultValues: { ...EMPTY, ...pending.current, code: params.get('code') ?? pending.current?.code ?? '' },
  });
  const [photos, setPhotos] = useActivationDraft(form, pending.current !== null);
  const [uploads, setUploads] = useState<UploadState[] | null>(null);
  // Why the sign-in dialog is open: a signed-out arrival (docs/product/activation.md: it opens at once), or Activer la
  // médaille.
  const [askSignIn, setAskSignIn] = useState<'arrival' | 'activation' | null>(null);
  const signedOutArrival = useRef(true);
  // The phone field's check needs its library: loaded once the form shows, not before (docs/budgets.md).
  useEffect(() => {
    void loadPhoneNumbers();
  }, []);
  useEffect(() => {
    if (auth.loading || !signedOutArrival.current) return;
    signedOutArrival.current = false;
    if (auth.isAuthenticated) return;
    // Kept at once: an e-mail link from this dialog comes back here to a draft, even an empty one.
    savePendingFields(form.getValues());
    setAskSignIn('arrival');
  }, [auth.loading, auth.isAuthenticated, form]);
  const code = useCodeCheck(form);
  // Gone from the page, it no longer waits for another tab.
  const left = useRef(false);
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
    };
  }, []);
  const { valid } = code;

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
        return;
      }
      sayRefused(registration);
      if (registration.refusal === 'code_unavailable') {
        code.setState({ status: 'idle' });
        form.setValue('code', '');
      } else if (registration.refusal === 'code_suspended') {
        code.setState({ status: 'invalid', message: text.codeSuspended });
      }
      return;
    }
    toast({ topic: 'activation', title: text.success.title, description: text.success.description });
    await finish(registration.animalId);
    navigate(ROUTES.account);
  };

  /**
   * The e-mail's link, opened in another tab of this browser, signed it in and finishes the activation there
   * with what this page kept (the draft and its photos): this tab does not activate it twice (the photos would
   * be added twice), it waits for the medal to be this account's, then goes to the animals as that tab does.
   * Should that not come, the page stays as it is, signed in, its button there to try again.
   */
  const followActivationElsewhere = async () => {
    const code = String(form.getValues('code') ?? '');
    for (let attempt = 0; attempt < ELSEWHERE_ATTEMPTS && !left.current; attempt += 1) {
      if (await animalOfOwnCode(code).catch(() => null)) {
        toast({
          topic: 'activation',
          title: text.activatedElsewhere.title,
          description: text.activatedElsewhere.description,
        });
        navigate(ROUTES.account, { replace: true });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, ELSEWHERE_INTERVAL_MS));
    }
  };

  const submit = handleSubmit(async (request) => {
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

  const values = form.watch();
  const { isSubmitting } = form.formState;
  const photoUrls = useFileUrls(photos);

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
      <form ref={formRef} onSubmit={submit} noValidate>
        <Grid columns={{ initial: '1', md: '3' }} gap="4">
          <Box gridColumn={{ initial: '1', md: 'span 2' }}>
            <CodeCard form={form} code={code} />
            <AnimalCard
              form={form}
              species={values.species}
              valid={valid}
              photos={photos}
              setPhotos={setPhotos}
              photoUrls={photoUrls}
              uploads={uploads}
            />
          </Box>
          <ActivationPreview values={values} photoUrl={photoUrls[0]} />
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
        onSignedIn={(where) => {
          setAskSignIn(null);
          // Signed in on arrival: the form is theirs to fill. After Activer la médaille, the activation goes
          // on (signed in just now: this render's session state is still the signed-out one), unless the
          // e-mail's link, opened in another tab, finishes it there.
          if (askSignIn !== 'activation') return;
          if (where === 'elsewhere') void followActivationElsewhere();
          else void form.handleSubmit(activate)();
        }}
      />
    </PageFrame>
  );
}

/** Says why the activation was refused, or that it failed. */
function sayRefused({ refusal, failure }: Extract<Registration, { registered: false }>) {
  const say = (title: string, description: string) =>
    toast({ topic: 'activation', title, description, variant: 'destructive' });
  if (refusal === 'code_unavailable') return say(text.invalidCode.title, text.invalidCode.description);
  if (refusal === 'too_many_attempts') return say(text.tooManyAttempts.title, text.tooManyAttempts.description);
  // The portal's words for the refusal's reason when there is one, else for the failure.
  const failed = failure ? databaseErrorMessage(failure) : text.failed.description;
  return say(text.failed.title, refusal ? REFUSAL_TEXT[refusal] : failed);
}
