// What delete-animal and delete-account tell an animal's household: the members who lose the
// animal (a co-owner, a keeper until their last day), and, when a member deletes their own account, the owner
// of each household they leave. Read before the deletion with the caller's own token (animal_household, as
// the portal reads it: a member sees the others' addresses), e-mailed after it through the outbox. A failure
// to read is logged and tells nobody: it never stops a deletion.
import type { callerDatabase } from './database.ts';
import type { FunctionEnv } from './env.ts';
import { accountUrl, editAnimalUrl } from './links.ts';
import type { Mail } from './mail.ts';
import { ownerMail } from './mail-layout.ts';

type CallerDatabase = ReturnType<typeof callerDatabase>;

interface Member {
  email: string;
  role: 'owner' | 'co_owner' | 'keeper';
  access_until: string | null;
  is_me: boolean;
}

/** One e-mail to write once the deletion is done. */
export interface HouseholdNotice {
  to: string;
  /** Who deleted: the caller's address. */
  by: string;
  animalId: string;
  animalName: string;
  /** The animal is gone (deleted, or with its owner's account), or a member deleted their account. */
  kind: 'animal_deleted' | 'account_deleted' | 'member_left';
}

/** Today in Paris ('YYYY-MM-DD'), the calendar a keeper's last day is counted in. */
const todayInParis = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

/**
 * Who to tell if the caller deletes `animals` (an animal of theirs, or with `account`, every animal they see).
 * Never throws: a failure to read tells nobody.
 */
export async function householdToTell(
  db: CallerDatabase,
  animals: readonly { id: string; nom: string }[],
  account: boolean,
): Promise<HouseholdNotice[]> {
  try {
    const today = todayInParis();
    const notices: HouseholdNotice[] = [];
    for (const animal of animals) {
      const { data, error } = await db.rpc('animal_household', { p_animal_id: animal.id });
      if (error) throw new Error(`animal_household: ${error.code} ${error.message}`);
      const members = (data ?? []) as Member[];
      const me = members.find((member) => member.is_me);
      if (!me) continue;
      const about = { by: me.email, animalId: animal.id, animalName: animal.nom };
      if (me.role === 'owner') {
        const kind = account ? 'account_deleted' : 'animal_deleted';
        for (const member of members) {
          const current = member.access_until === null || member.access_until >= today;
          if (!member.is_me && current) notices.push({ to: member.email, kind, ...about });
        }
      } else if (account) {
        const owner = members.find((member) => member.role === 'owner');
        if (owner) notices.push({ to: owner.email, kind: 'member_left', ...about });
      }
    }
    return notices;
  } catch (error) {
    console.error('[household-notice] the household could not be read, nobody is told:', error);
    return [];
  }
}

/** The e-mails of `notices`. */
export function householdNoticeMails(env: FunctionEnv, notices: readonly HouseholdNotice[]): Mail[] {
  return notices.map(({ to, by, animalId, animalName: name, kind }) => {
    if (kind === 'member_left') {
      return ownerMail({
        to,
        subject: `${by} a quitté le foyer de ${name}`,
        paragraphs: [{ text: `${by} a supprimé son compte Médaille et ne fait plus partie du foyer de ${name}.` }],
        action: { label: `Voir le foyer de ${name}`, href: editAnimalUrl(env, animalId) },
      });
    }
    const what =
      kind === 'account_deleted'
        ? `${by} a supprimé son compte Médaille, et avec lui le profil de ${name}`
        : `${by} a supprimé le profil de ${name} sur Médaille`;
    return ownerMail({
      to,
      subject: `Le profil de ${name} a été supprimé`,
      paragraphs: [
        {
          text: `${what} : vous ne faites plus partie de son foyer, et son profil, ses messages, son carnet de santé et son historique ne vous sont plus accessibles.`,
        },
      ],
      action: { label: 'Voir mes animaux', href: accountUrl(env) },
    });
  });
}
