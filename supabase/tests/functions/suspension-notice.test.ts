// An operator's suspension (`pnpm medals suspend`) is told to the medal's owner by e-mail, once, by
// deliver-outbox's next run; a suspension the owner made themselves is not.

import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { editAnimalPath } from '@medaille/routing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runDeliverOutbox } from '../support/mail.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('suspension');
});
afterAll(() => stack?.close());

/** deliver-outbox's run of the next minute. */
async function nextDeliverOutboxRun() {
  expect((await runDeliverOutbox(stack)).status).toBe(200);
}

const operator = (code: string, suspended: boolean) =>
  stack.serviceClient().rpc('set_medal_suspended', { p_code: code, p_suspended: suspended, p_reason: 'lot volé' });

describe("an operator's suspension", () => {
  it('reaches the owner once: what a finder now sees, whom to write to, and a button to the animal', async () => {
    const { code, animalId } = await stack.activatedAnimal(owner.client, { nom: 'Gribouille', sexe: 'F' });
    const subject = 'La médaille de Gribouille est suspendue';
    expect((await operator(code, true)).error).toBeNull();

    await nextDeliverOutboxRun();
    const [mail, ...more] = await stack.mails(owner.email, subject);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(`Le support de Médaille a suspendu la médaille ${code} de Gribouille.`);
    expect(mail?.text).toContain('« Médaille suspendue »');
    expect(mail?.text).toContain('contact@medaille.fr');
    // The operator's note is theirs: the owner is asked to write, not shown it.
    expect(mail?.text).not.toContain('lot volé');
    expect(mail?.html).toMatch(
      new RegExp(`<a href="[^"]*${editAnimalPath(animalId)}"[^>]*>Voir la fiche de Gribouille</a>`),
    );

    await nextDeliverOutboxRun();
    expect(await stack.mails(owner.email, subject)).toHaveLength(1);

    // Resumed, then suspended again: told again.
    await operator(code, false);
    await operator(code, true);
    await nextDeliverOutboxRun();
    expect(await stack.mails(owner.email, subject)).toHaveLength(2);
  });

  it('is not mailed when the owner suspended the medal themselves', async () => {
    const { code, animalId } = await stack.activatedAnimal(owner.client, { nom: 'Moustache' });
    const mine = await owner.client.rpc('set_my_medal_suspended', { p_animal_id: animalId, p_suspended: true });
    expect(mine.error).toBeNull();
    await nextDeliverOutboxRun();
    expect(await stack.mails(owner.email, 'La médaille de Moustache est suspendue')).toEqual([]);
    expect((await stack.serviceClient().rpc('medal_info', { p_code: code })).data).toMatchObject({
      state: 'suspended',
      suspended_by: 'owner',
    });
  });
});
