import { LIMITS } from '@medaille/domain';
import { Text } from '@radix-ui/themes';
import { COPY } from '../../copy.ts';

/**
 * A new password's length as it is typed: 'Valide' from 8 characters, 'Trop court' below. Eight is the
 * auth service's minimum (`minimum_password_length`), so the register page and the activation's sign-up
 * both ask for it (SPEC's 6 in the dialog would end in the server's refusal).
 */
export function PasswordStrength({ password }: { password: string }) {
  const longEnough = password.length >= LIMITS.passwordMinRegister;
  return (
    <Text as="p" size="2" color={longEnough ? 'green' : 'red'} role="status">
      {longEnough ? COPY.register.valid : COPY.register.tooShort}
    </Text>
  );
}
