// The owners' e-mails never fail what the finder did, and nobody's answer waits for the provider: each one is
// written to the outbox (public.mail_outbox) and the function answers; the attempt runs after the answer
// (background.ts), removes the e-mail once the provider took it, and otherwise leaves it for deliver-outbox,
// which retries it on a schedule until it is sent or expires. Its id is the provider's Idempotency-Key, so
// that an attempt whose answer was lost (a timeout, a retrier that died) never becomes a second e-mail.
//
// What is not covered: a function that dies after storing the finder's message and before writing its
// e-mail here loses that e-mail (the message itself stays in the owner's inbox in the portal).
import { inBackground } from './background.ts';
import { call, type ServiceDatabase, serviceDatabase } from './database.ts';
import type { FunctionEnv } from './env.ts';
import { type Mail, sendMail } from './mail.ts';

/** An e-mail of the outbox as claim_due_mails answers it. */
export interface QueuedMail {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
  attempts: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Writes `mails` to the outbox and tries each once after the caller's answer; never throws. What could not be
 * sent waits in the outbox for deliver-outbox. If even the outbox cannot be written, the e-mails are still tried
 * once.
 * `toAnyAddress`: the recipients may have no account (an invitation); else an e-mail waiting for an address
 * that no account has any more is dropped. `oneAtATimeWithinMs`: for a batch (the booklet's reminders), one
 * attempt after the other, as the provider limits requests per second, and none started after that many
 * milliseconds: the rest waits in the outbox for deliver-outbox. A batch is a schedule's work: it is awaited.
 */
export async function sendOrQueue(
  env: FunctionEnv,
  mails: Mail[],
  { toAnyAddress = false, oneAtATimeWithinMs }: { toAnyAddress?: boolean; oneAtATimeWithinMs?: number } = {},
): Promise<void> {
  if (mails.length === 0) return;
  try {
    await writeThenSend(env, mails, toAnyAddress, oneAtATimeWithinMs);
  } catch (error) {
    // writeThenSend catches what it expects; this keeps anything else (a malformed key setting) off the finder.
    console.error('[mail] the e-mails could not be handled:', messageOf(error));
  }
}

async function writeThenSend(
  env: FunctionEnv,
  mails: Mail[],
  toAnyAddress: boolean,
  oneAtATimeWithinMs: number | undefined,
): Promise<void> {
  const db = serviceDatabase(env);
  const queued = mails.map((mail) => ({
    id: crypto.randomUUID(),
    recipient: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    headers: mail.headers ?? {},
    for_account_only: !toAnyAddress,
  }));
  let inOutbox = true;
  try {
    const { error } = await db.from('mail_outbox').insert(queued);
    if (error) throw new Error(`${error.code} ${error.message}`);
  } catch (error) {
    inOutbox = false;
    console.error('[mail] the outbox could not be written, the e-mails are tried once only:', messageOf(error));
  }
  if (oneAtATimeWithinMs !== undefined && inOutbox) {
    const deadline = Date.now() + oneAtATimeWithinMs;
    for (const mail of queued) {
      if (Date.now() >= deadline) break;
      await attempt(env, db, mail);
    }
    return;
  }
  // The lease the outbox gives a new row keeps deliver-outbox off it while this attempt runs.
  inBackground(Promise.all(queued.map((mail) => attempt(env, db, mail, inOutbox))).then(() => undefined));
}

/**
 * One attempt at an outbox e-mail: removed from the outbox once sent, else its next attempt put off.
 * Answers whether it was sent; never throws.
 */
export async function attempt(
  env: FunctionEnv,
  db: ServiceDatabase,
  mail: Omit<QueuedMail, 'attempts'>,
  inOutbox = true,
): Promise<boolean> {
  try {
    await sendMail(
      env,
      { to: mail.recipient, subject: mail.subject, text: mail.text_body, html: mail.html_body, headers: mail.headers },
      mail.id,
    );
  } catch (error) {
    console.error(`[mail] e-mail ${mail.id} not sent${inOutbox ? ', retried later' : ''}:`, messageOf(error));
    if (inOutbox) {
      await call(db, 'retry_mail_later', { p_id: mail.id, p_error: messageOf(error) }).catch((failure) =>
        // The lease it was written or claimed with still puts the next attempt off.
        console.error(`[mail] e-mail ${mail.id}: its next attempt could not be put off:`, messageOf(failure)),
      );
    }
    return false;
  }
  if (inOutbox) {
    try {
      const { error } = await db.from('mail_outbox').delete().eq('id', mail.id);
      if (error) throw new Error(`${error.code} ${error.message}`);
    } catch (error) {
      // Its next attempt repeats its Idempotency-Key: the provider sends nothing twice.
      console.error(`[mail] e-mail ${mail.id} sent, but left in the outbox:`, messageOf(error));
    }
  }
  return true;
}
