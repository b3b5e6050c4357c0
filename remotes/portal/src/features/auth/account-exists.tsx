import { Button, Callout, Flex } from '@radix-ui/themes';
import { AUTH_COPY } from './copy.ts';

const text = { ...AUTH_COPY.register.exists, ...AUTH_COPY.accountExists };

/** What the portal reads of a sign-up's answer (supabase-js's AuthResponse). */
interface SignUpAnswer {
  data: { user: { identities?: unknown[] | undefined } | null };
  error: { code?: string | undefined } | null;
}

/**
 * Whether a sign-up met an address that already has an account: GoTrue says so by a code when e-mails need
 * no confirmation, and by a user without identity when they do (it does not tell the address's owner apart).
 */
export function isExistingAccount({ data, error }: SignUpAnswer): boolean {
  if (error) return error.code === 'user_already_exists' || error.code === 'email_exists';
  return data.user?.identities?.length === 0;
}

/**
 * The 'Compte existant' question of docs/product/accounts.md, with the button that answers it. Written in the form
 * rather than in a toast: a toast goes away after a few seconds, and a dialog's focus trap keeps keyboards out of it.
 */
export function AccountExists({ onSignIn }: { onSignIn: () => void }) {
  return (
    <Callout.Root color="orange" role="alert" mt="3">
      <Flex direction="column" gap="2" align="start">
        <Callout.Text weight="bold">{text.title}</Callout.Text>
        <Callout.Text>{text.description}</Callout.Text>
        <Button type="button" size="3" onClick={onSignIn}>
          {text.signIn}
        </Button>
      </Flex>
    </Callout.Root>
  );
}
