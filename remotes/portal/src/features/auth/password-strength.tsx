import { newPasswordProblem } from '@medaille/domain';
import { Text } from '@radix-ui/themes';
import { COPY } from '../../copy.ts';

/**
 * A new password as it is typed: 'Valide' once the auth service would take it (8 characters, a letter and a
 * digit), else what is missing. Eight is the auth service's minimum (`minimum_password_length`), so the
 * register page and the activation's sign-up both ask for it (SPEC's 6 in the dialog would end in the
 * server's refusal).
 */
export function PasswordStrength({ password }: { password: string }) {
  const problem = newPasswordProblem(password);
  const words = { length: COPY.register.tooShort, characters: COPY.register.lettersAndDigits };
  return (
    <Text as="p" size="2" color={problem ? 'red' : 'green'} role="status">
      {problem ? words[problem] : COPY.register.valid}
    </Text>
  );
}
