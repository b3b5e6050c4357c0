import { toast } from '@medaille/design-system/toast';
import {
  isSecondContact,
  mapsPointUrl,
  phoneToCall,
  secondContactName,
  sexToStored,
  visibleContacts,
} from '@medaille/domain';
import { type ReactNode, Suspense, useState } from 'react';
import { ageText, dateTimeText, dayText, sexText, speciesText, weightText } from './format.ts';
import { FranceGuide } from './france-guide-card.tsx';
import { dialogWordsFor, useWords } from './i18n.ts';
import { isCoolingDown } from './location-cooldown.ts';
import { onDemand } from './on-demand.tsx';
import { OWNER_TEXT } from './owner-text.ts';
import { usePageFacts, usePageUrl, useRenderedAt } from './page-facts.ts';
import { PhotoCarousel } from './photo-carousel.tsx';
import type { EmergencyCare, PublicProfile } from './profile-api.ts';
import { ReachByPhone } from './reach-by-phone.tsx';
import { UntilHydrated } from './scriptless.tsx';
import { MedalCode } from './states.tsx';

// Loaded when first opened: a finder who only reads the page never downloads them. The message dialog's
// chunk has a name: a server-rendered page fetches it as soon as its form is opened (scriptless-parts.tsx).
const DIALOGS = {
  lightbox: onDemand(() => import('./lightbox.tsx')),
  message: onDemand(() => import(/* webpackChunkName: "message-dialog" */ './message-dialog.tsx')),
  location: onDemand(() => import('./location-dialog.tsx')),
};
const Lightbox = DIALOGS.lightbox.Component;
const MessageDialog = DIALOGS.message.Component;
const LocationDialog = DIALOGS.location.Component;

type Open = 'lightbox' | 'message' | 'location' | null;

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="scan-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** One fact of a section: its label and the owner's value (null when they left it empty). */
type Fact = [label: string, value: ReactNode];

const isGiven = ([, value]: Fact) =>
  value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

/**
 * A section of facts, each only when the owner gave it: a finder reads what is known, never a list of 'Non
 * renseigné'; none given and nothing else to show (`children`), no section.
 */
function Section({ title, facts, children }: { title: string; facts: Fact[]; children?: ReactNode }) {
  const given = facts.filter(isGiven);
  if (given.length === 0 && !children) return null;
  return (
    <details className="scan-card scan-section" open>
      <summary>
        <h2>{title}</h2>
      </summary>
      <dl>
        {given.map(([label, value]) => (
          <Row key={label} label={label} value={value} />
        ))}
        {children}
      </dl>
    </details>
  );
}

/**
 * The vaccinations and treatments of the health booklet that the owner shows a finder, as one row each kind
 * (none when there are none): a treatment with its next date or since when, a vaccine until when it is valid.
 */
function EmergencyCareRows({ cares }: { cares: readonly EmergencyCare[] }) {
  const { copy, locale } = useWords();
  const text = copy.profile;
  const lineOf = ({ kind, label, given_on, next_due_on }: EmergencyCare) =>
    next_due_on === null
      ? text.careSince(label, dayText(locale, given_on))
      : (kind === 'vaccination' ? text.careValidUntil : text.careNext)(label, dayText(locale, next_due_on));
  return (
    <>
      {(['treatment', 'vaccination'] as const).map((kind) => {
        const ofKind = cares.filter((care) => care.kind === kind);
        return ofKind.length === 0 ? null : (
          <Row
            key={kind}
            label={kind === 'treatment' ? text.treatmentsNow : text.vaccinesValid}
            value={
              <ul className="scan-cares">
                {/* The position is the key: two lines may be identical, and the list never reorders. */}
                {ofKind.map((care, index) => (
                  <li key={index}>{lineOf(care)}</li>
                ))}
              </ul>
            }
          />
        );
      })}
    </>
  );
}

/** The claimed code's public profile. Every owner text is rendered as text, never as HTML. */
export function ProfileView({ profile, onChanged }: { profile: PublicProfile; onChanged: () => void }) {
  const { copy, language, locale } = useWords();
  const renderedAt = useRenderedAt();
  // The host's kept copy, served while the backend does not answer.
  const keptAt = usePageFacts()?.keptAt;
  const text = copy.profile;
  const [photoIndex, setPhotoIndex] = useState(0);
  const [open, setOpenState] = useState<Open>(null);
  // Opened once its code and words are here (both downloading at once), so that it shows at once. Opened
  // anyway if they fail: the dialog then says so within its error boundary, or tries again.
  const prepare = (next: Exclude<Open, null>) => Promise.all([DIALOGS[next].load(), dialogWordsFor(language)]);
  const setOpen = (next: Exclude<Open, null>) => {
    const ready = () => setOpenState(next);
    prepare(next).then(ready, ready);
  };
  const close = () => setOpenState(null);
  const shareLocation = () => {
    if (isCoolingDown(profile.code)) {
      void dialogWordsFor(language).then((words) =>
        toast({
          topic: 'finder-location',
          title: words.location.wait.title,
          description: words.location.wait.description,
          variant: 'destructive',
          closeLabel: words.close,
        }),
      );
      return;
    }
    setOpen('location');
  };
  const contacts = visibleContacts(profile);
  const ownerEmailShown = contacts.some((contact) => contact.kind === 'email');
  const pageUrl = usePageUrl();
  // An e-mail to the owner (or the second contact) starts written, in French as they read it, as an SMS does.
  const hrefOf = (contact: (typeof contacts)[number]) =>
    contact.kind === 'email' || contact.kind === 'second_email'
      ? `${contact.href}?subject=${encodeURIComponent(OWNER_TEXT.mailSubject(profile.name))}&body=${encodeURIComponent(OWNER_TEXT.found(profile.name, pageUrl))}`
      : contact.href;
  const contactList = (items: typeof contacts) => (
    <ul className="scan-contacts">
      {items.map((contact) => (
        <li key={contact.kind}>
          <a
            href={hrefOf(contact)}
            {...(contact.kind === 'address' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {contact.text}
          </a>
        </li>
      ))}
    </ul>
  );
  const first = contacts.filter((contact) => !isSecondContact(contact));
  const second = contacts.filter(isSecondContact);
  const sex = sexToStored(profile.sex);
  const tags = [
    speciesText(copy, profile.species),
    profile.breed,
    sexText(copy, profile.sex),
    profile.sterilized ? text.sterilizedTag(sex) : null,
  ].filter((tag): tag is string => Boolean(tag));
  const location = profile.last_known_location;
  const lost = profile.is_lost;
  // Reachable by phone exactly when the contacts show a phone (its switch on and a number in it): the owner's,
  // else the second contact's.
  const call = phoneToCall(profile);
  const cares = profile.emergency_health ?? [];

  // The finder's actions, calling first when the phone is public; lost, right under the banner.
  const help = (
    <section
      className={lost ? 'scan-card scan-help scan-help-lost' : 'scan-card scan-help'}
      aria-labelledby="scan-help-title"
    >
      <h2 id="scan-help-title">{text.helpTitle(profile.name)}</h2>
      {call ? <ReachByPhone phone={call.phone} name={profile.name} contact={call.name} /> : null}
      <p>{text.helpText(profile.name, sex)}</p>
      <div className="scan-actions">
        <UntilHydrated
          part="location"
          name={profile.name}
          onOpen={shareLocation}
          summary={text.shareLocation}
          className="md-button md-button-primary"
        />
        <UntilHydrated
          part="message"
          name={profile.name}
          sex={profile.sex}
          ownerEmailShown={ownerEmailShown}
          prepare={() => prepare('message')}
          onOpen={() => setOpenState('message')}
          summary={text.sendMessage}
          className="md-button md-button-secondary"
        />
      </div>
    </section>
  );

  return (
    <main className="scan">
      {keptAt ? (
        <p className="scan-card scan-kept" role="status">
          {copy.loadFailed.kept(dateTimeText(locale, keptAt))}
        </p>
      ) : null}
      {lost ? (
        <p className="scan-lost" role="alert">
          {text.lost}
        </p>
      ) : null}
      {lost ? help : null}
      <section className="scan-hero">
        <PhotoCarousel
          photos={profile.photos}
          name={profile.name}
          index={photoIndex}
          onIndexChange={setPhotoIndex}
          onOpen={() => setOpen('lightbox')}
        />
        <h1 className="scan-name">{profile.name}</h1>
        <ul className="scan-tags" aria-label={text.characteristics}>
          {tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      </section>

      {lost ? <FranceGuide open /> : help}

      <section className="scan-card" aria-labelledby="scan-contact-title">
        <h2 id="scan-contact-title">{text.contactTitle}</h2>
        {contacts.length === 0 ? <p>{text.noContact}</p> : null}
        {first.length > 0 ? contactList(first) : null}
        {second.length > 0 ? (
          <>
            <h3 className="scan-contacts-other">{text.otherContact(secondContactName(profile))}</h3>
            {contactList(second)}
          </>
        ) : null}
      </section>
      {lost ? null : <FranceGuide open={false} />}

      <Section
        title={text.importantTitle}
        facts={[
          [text.aboutMe, profile.important_info],
          [text.temperament, profile.temperament],
          [text.allergies, profile.allergies],
          [text.meds, profile.meds],
        ]}
      >
        {cares.length > 0 ? <EmergencyCareRows cares={cares} /> : null}
      </Section>
      <Section
        title={text.vetTitle}
        facts={[
          [text.vetNotes, profile.vet_info],
          [text.chip, profile.chip_or_tattoo],
        ]}
      />
      <Section
        title={text.aboutTitle}
        facts={[
          // docs/product/scan-page.md: an unknown species shows as 'Inconnu'.
          [text.species, speciesText(copy, profile.species)],
          [text.breed, profile.breed],
          [text.color, profile.color],
          [text.weight, profile.weight_kg === null ? null : weightText(locale, profile.weight_kg)],
          [text.age, ageText(copy, profile.birth_year, renderedAt)],
          [text.sterilization, profile.sterilized ? text.yes : text.no],
        ]}
      />

      <section className="scan-card" aria-labelledby="scan-location-title">
        <h2 id="scan-location-title">{text.lastLocationTitle}</h2>
        {location ? (
          <p>
            {text.seenOn(dateTimeText(locale, location.at))}{' '}
            <a href={mapsPointUrl(location.lat, location.lon)} target="_blank" rel="noopener noreferrer">
              {text.openMap}
            </a>
          </p>
        ) : (
          <p>{text.noLocation}</p>
        )}
      </section>

      <footer className="scan-footer">
        <p>{text.footer}</p>
        <MedalCode code={profile.code} />
      </footer>

      <Suspense fallback={null}>
        {open === 'lightbox' ? (
          <Lightbox
            photos={profile.photos}
            name={profile.name}
            index={photoIndex}
            onIndexChange={setPhotoIndex}
            onClose={close}
          />
        ) : null}
        {open === 'message' ? (
          <MessageDialog
            code={profile.code}
            name={profile.name}
            sex={profile.sex}
            ownerEmailShown={ownerEmailShown}
            onClose={close}
          />
        ) : null}
        {open === 'location' ? (
          <LocationDialog code={profile.code} name={profile.name} sex={sex} onClose={close} onShared={onChanged} />
        ) : null}
      </Suspense>
    </main>
  );
}
