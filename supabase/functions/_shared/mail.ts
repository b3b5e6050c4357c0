import { type FunctionEnv, serviceHeaders } from './env.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Headers of its own: a finder's e-mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** How long an attempt may wait for the provider: the finder's answer waits for the first one. */
export const MAIL_TIMEOUT_MS = 5000;

/**
 * Sends an e-mail: into the local stack's mailbox, or through Resend in production. `idempotencyKey` goes as
 * the `Idempotency-Key` header: Resend (and the local mailbox) takes a second request with the same key
 * within 24 hours as the first one's repeat, and sends nothing more. Throws when it is not sent, or not known
 * to be.
 */
export async function sendMail(env: FunctionEnv, mail: Mail, idempotencyKey: string): Promise<void> {
  let response: Response;
  const signal = AbortSignal.timeout(MAIL_TIMEOUT_MS);
  if (env.LOCAL_MAILBOX_URL) {
    response = await fetch(env.LOCAL_MAILBOX_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...serviceHeaders(env), 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(mail),
      signal,
    });
  } else if (env.RESEND_API_KEY && env.MAIL_FROM) {
    response = await fetch('https://api.resend.com/emails', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${env.RESEND_API_KEY}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify({
        from: env.MAIL_FROM,
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      }),
      signal,
    });
  } else {
    throw new Error('no mail transport: set RESEND_API_KEY and MAIL_FROM');
  }
  if (!response.ok) throw new Error(`mail not sent: ${response.status} ${await response.text()}`);
}
