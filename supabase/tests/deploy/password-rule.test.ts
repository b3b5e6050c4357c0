import { readFile } from 'node:fs/promises';
import { LIMITS, newPasswordProblem } from '@medaille/domain';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';

// The portal checks a new password before sending it (newPasswordProblem); the auth service decides from
// config.toml. Two writings of one rule: this keeps them one.
describe("the portal's password rule", () => {
  it("is config.toml's: minimum_password_length and password_requirements = letters_digits", async () => {
    const config = parse(await readFile(new URL('../../config.toml', import.meta.url), 'utf8')) as {
      auth: { minimum_password_length: number; password_requirements: string };
    };
    expect(config.auth.password_requirements).toBe('letters_digits');
    expect(config.auth.minimum_password_length).toBe(LIMITS.passwordMinRegister);
    // GoTrue's letters_digits: one of a-zA-Z and one of 0-9, whatever else the password holds.
    for (const [password, problem] of [
      ['chat1234', null],
      ['été-2026', null],
      ['Z9______', null],
      ['12345678', 'characters'],
      ['éééééé12', 'characters'],
      ['        ', 'characters'],
      ['chat123', 'length'],
    ] as const) {
      expect(newPasswordProblem(password), password).toBe(problem);
    }
  });
});
