import { newPasswordProblem } from '@medaille/domain';
import { Text } from '@radix-ui/themes';
import { useState } from 'react';
import { AUTH_COPY } from './copy.ts';

/**
 * A new password as it is typed: 'Valide' once the auth service would take it (8 characters, a letter and a
 * digit), else what is missing. Eight is the auth service's minimum (`minimum_password_length`), so the
 * register page and the activation's sign-up both ask for it (the 6 the first specification asked in the dialog would
 * end in the server's refusal). Nothing is said before the person types or submits ('Trop court' in red under
 * an empty field); the live region is there from the start, so that its first words are read.
 */
export function PasswordStrength({ password, submitted = false }: { password: string; submitted?: boolean }) {
  const [typed, setTyped] = useState(false);
  if (password !== '' && !typed) setTyped(true);
  const problem = newPasswordProblem(password);
  const words = { length: AUTH_COPY.register.tooShort, characters: AUTH_COPY.register.lettersAndDigits };
  const said = typed || submitted;
  return (
    <Text as="p" size="2" color={problem ? 'red' : 'green'} role="status">
      {said ? (problem ? words[problem] : AUTH_COPY.register.valid) : null}
    </Text>
  );
}
