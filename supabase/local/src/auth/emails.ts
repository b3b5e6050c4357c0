import { escapeHtml, type Mail } from '../mailbox/mailbox.ts';

export type LinkType = 'signup' | 'magiclink' | 'recovery';

const CONTENT: Record<LinkType, { subject: string; intro: string; action: string }> = {
  signup: {
    subject: 'Confirmez votre inscription à Médaille',
    intro: 'Bienvenue ! Confirmez votre adresse e-mail pour activer votre compte Médaille.',
    action: 'Confirmer mon adresse e-mail',
  },
  magiclink: {
    subject: 'Votre lien de connexion à Médaille',
    intro: 'Voici votre lien pour vous connecter à Médaille, sans mot de passe.',
    action: 'Me connecter',
  },
  recovery: {
    subject: 'Réinitialisez votre mot de passe Médaille',
    intro: 'Vous avez demandé à réinitialiser votre mot de passe Médaille.',
    action: 'Choisir un nouveau mot de passe',
  },
};

/** The e-mails GoTrue sends, in French: a link to /verify and the same one-time code. */
export function authEmail(type: LinkType, to: string, link: string, code: string): Mail {
  const content = CONTENT[type];
  const ignore = "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message.";
  return {
    to,
    subject: content.subject,
    text: `Bonjour,\n\n${content.intro}\n\n${content.action} : ${link}\n\nOu saisissez ce code : ${code}\n\n${ignore}\n`,
    html: `<p>Bonjour,</p><p>${escapeHtml(content.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(content.action)}</a></p><p>Ou saisissez ce code : <strong>${code}</strong></p><p>${escapeHtml(ignore)}</p>`,
  };
}
