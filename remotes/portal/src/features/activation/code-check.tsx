import type { ActivationFormInput, ActivationRequest } from '@medaille/domain';
import { useSearchParams } from '@medaille/routing/router';
import { Box, Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { checkTypedCode } from './api.ts';
import { ACTIVATION_COPY } from './copy.ts';

const text = ACTIVATION_COPY.activation;

export type ActivationForm = UseFormReturn<ActivationFormInput, unknown, ActivationRequest>;
type CodeState = { status: 'idle' | 'checking' | 'valid' } | { status: 'invalid'; message: string };
export type CodeCheck = ReturnType<typeof useCodeCheck>;

/**
 * The medal's code: checked with Vérifier, or at once when it is there at arrival, then locked while the
 * form it opens is filled; 'Modifier le code' opens it again.
 */
export function useCodeCheck(form: ActivationForm) {
  const [, setParams] = useSearchParams();
  const [state, setState] = useState<CodeState>({ status: 'idle' });
  const valid = state.status === 'valid';

  const check = async () => {
    const typed = String(form.getValues('code') ?? '');
    if (!typed.trim()) return setState({ status: 'invalid', message: text.codeRequired });
    setState({ status: 'checking' });
    // Read as the landing page reads it too: any case, spaces or missing hyphens, O for 0, I or L for 1.
    const checked = await checkTypedCode(typed);
    if (!checked) return setState({ status: 'invalid', message: text.codeNotFound });
    const { code, status } = checked;
    if (status === null) return setState({ status: 'invalid', message: text.codeCheckFailed });
    if (status === 'unknown') return setState({ status: 'invalid', message: text.codeNotFound });
    if (status === 'suspended') return setState({ status: 'invalid', message: text.codeSuspended });
    if (status !== 'free') return setState({ status: 'invalid', message: text.codeTaken });
    form.setValue('code', code);
    setState({ status: 'valid' });
    setParams({ code }, { replace: true });
  };

  // The code field opens again for another code; the form below waits until that one is checked.
  const change = () => {
    setState({ status: 'idle' });
    form.setFocus('code');
  };

  // A code there at arrival (in the address from a scanned medal or after sign-in, or in the draft) is
  // checked at once; a code being typed waits for Vérifier.
  const arrivalCode = useRef(Boolean(form.getValues('code')));
  useEffect(() => {
    if (arrivalCode.current) {
      arrivalCode.current = false;
      void check();
    }
  });

  // Vérifier locks itself once the code is valid: focus goes on to the form it opens.
  const focusNameOnceValid = useRef(false);
  useEffect(() => {
    if (!valid || !focusNameOnceValid.current) return;
    focusNameOnceValid.current = false;
    form.setFocus('name');
  }, [valid, form]);
  const checkThenGoOn = () => {
    focusNameOnceValid.current = true;
    void check();
  };

  return { state, setState, valid, checkThenGoOn, change };
}

/** The medal's card: its code, Vérifier, 'Modifier le code' once valid, and what the check said. */
export function CodeCard({ form, code }: { form: ActivationForm; code: CodeCheck }) {
  const { state, valid } = code;
  return (
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
            aria-invalid={state.status === 'invalid'}
            aria-describedby="activation-code-message"
            {...form.register('code')}
          />
        </Box>
        <SubmitButton type="button" onClick={code.checkThenGoOn} disabled={valid} busy={state.status === 'checking'}>
          {valid ? text.validated : text.check}
        </SubmitButton>
        {valid ? (
          <Button type="button" variant="soft" onClick={code.change}>
            {text.changeCode}
          </Button>
        ) : null}
      </Flex>
      <Text id="activation-code-message" as="p" size="2" mt="2" color={valid ? 'green' : 'red'} role="status">
        {state.status === 'invalid' ? state.message : valid ? text.validated : ''}
      </Text>
    </Card>
  );
}
