import { type FunctionEnv, serviceHeaders } from './env.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

// Kept here rather than shared with the local stack: Edge Functions deploy without the stack's code.
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

/** Sends an e-mail: into the local stack's mailbox, or through Resend in production. */
export async function sendMail(env: FunctionEnv, mail: Mail): Promise<void> {
  let response: Response;
  if (env.LOCAL_MAILBOX_URL) {
    response = await fetch(env.LOCAL_MAILBOX_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...serviceHeaders(env) },
      body: JSON.stringify(mail),
    });
  } else if (env.RESEND_API_KEY && env.MAIL_FROM) {
    response = await fetch('https://api.resend.com/emails', {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.RESEND_API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from: env.MAIL_FROM,
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      }),
    });
  } else {
    throw new Error('no mail transport: set RESEND_API_KEY and MAIL_FROM');
  }
  if (!response.ok) throw new Error(`mail not sent: ${response.status} ${await response.text()}`);
}
