import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '@medaille/design-system';
import { toast } from '@medaille/design-system/toast';
import { Box, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useId } from 'react';
import { COPY } from '../../copy.ts';
import { todayInParis } from '../../ui/paris-time.ts';
import { usePortalForm } from '../../ui/refused-form.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { inviteMember } from './api.ts';
import { HOUSEHOLD_COPY } from './copy.ts';
import { type InviteFormInput, type InviteFormOutput, inviteSchema } from './invite-schema.ts';

const text = HOUSEHOLD_COPY.household;
const ROLES = ['co_owner', 'keeper'] as const;

/**
 * The owner invites someone by e-mail, as co-owner or keeper (with a last day); the invite-member function
 * sends the link. `onInvited` once it is sent, so that the pending invitations show it.
 */
export function InviteForm({ animalId, onInvited }: { animalId: string; onInvited: () => void }) {
  const id = useId();
  const today = todayInParis();
  const { form, formRef, handleSubmit } = usePortalForm<InviteFormInput, InviteFormOutput>({
    resolver: zodResolver(inviteSchema(today)),
    defaultValues: { email: '', role: 'co_owner', access_until: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const keeper = form.watch('role') === 'keeper';

  const submit = handleSubmit(async (values) => {
    const outcome = await inviteMember({ animal_id: animalId, ...values }).catch(() => ({
      invited: false as const,
      message: null,
    }));
    if (!outcome.invited) {
      toast({
        topic: 'household-invite',
        title: text.inviteFailed,
        description: outcome.message ?? COPY.unexpected,
        variant: 'destructive',
      });
      return;
    }
    toast({ topic: 'household-invite', title: text.invited(outcome.email) });
    form.reset();
    onInvited();
  });

  return (
    <Box asChild mt="5">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} as="h3" size="3" mb="3">
          {text.inviteTitle}
        </Heading>
        <FormField label={text.inviteEmail} error={errors.email?.message}>
          {(field) => (
            <TextField.Root {...field} type="email" autoComplete="off" inputMode="email" {...form.register('email')} />
          )}
        </FormField>
        <Box asChild mb="3">
          <fieldset className="portal-fieldset">
            <Text size="2" weight="medium" mb="2" asChild>
              <legend>{text.inviteRole}</legend>
            </Text>
            <Flex direction="column" gap="3">
              {ROLES.map((role) => (
                <Text as="label" key={role} size="2">
                  <Flex gap="2" align="start">
                    <input type="radio" value={role} aria-describedby={`${id}-${role}`} {...form.register('role')} />
                    <span>
                      <Text weight="medium">{text.roles[role]}</Text>
                      <Text as="span" id={`${id}-${role}`} size="1" color="gray" style={{ display: 'block' }}>
                        {text.roleHints[role]}
                      </Text>
                    </span>
                  </Flex>
                </Text>
              ))}
            </Flex>
          </fieldset>
        </Box>
        {keeper ? (
          <FormField label={text.lastDay} error={errors.access_until?.message}>
            {(field) => <TextField.Root {...field} type="date" min={today} {...form.register('access_until')} />}
          </FormField>
        ) : null}
        <SubmitButton busy={isSubmitting}>{text.invite}</SubmitButton>
      </form>
    </Box>
  );
}
