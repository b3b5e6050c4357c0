import { ageText, mapsPointUrl, sexLabel, speciesLabel, visibleContacts } from '@medaille/domain';
import type { ReactNode } from 'react';
import { COPY } from './copy.ts';
import type { PublicProfile } from './profile-api.ts';

const text = COPY.profile;

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="scan-row">
      <dt>{label}</dt>
      <dd>{value ?? text.notGiven}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="scan-card scan-section" open>
      <summary>
        <h2>{title}</h2>
      </summary>
      <dl>{children}</dl>
    </details>
  );
}

/** The claimed code's public profile. Every owner text is rendered as text, never as HTML. */
export function ProfileView({ profile }: { profile: PublicProfile }) {
  const cover = profile.photos[0];
  const contacts = visibleContacts(profile);
  const tags = [
    speciesLabel(profile.species),
    profile.breed,
    sexLabel(profile.sex),
    profile.sterilized ? text.sterilizedTag : null,
  ].filter((tag): tag is string => Boolean(tag));
  const location = profile.last_known_location;

  return (
    <main className="scan">
      {profile.is_lost ? (
        <p className="scan-lost" role="alert">
          {text.lost}
        </p>
      ) : null}
      <section className="scan-hero">
        {cover ? (
          <img
            className="scan-hero-photo"
            src={cover.url}
            alt={text.photoOf(profile.name, 1)}
            width={cover.width ?? undefined}
            height={cover.height ?? undefined}
            fetchPriority="high"
          />
        ) : null}
        <h1 className="scan-name">{profile.name}</h1>
        <ul className="scan-tags" aria-label="Caractéristiques">
          {tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      </section>

      <section className="scan-card scan-help">
        <h2>{text.helpTitle(profile.name)}</h2>
        <p>{text.helpText}</p>
      </section>

      <section className="scan-card" aria-labelledby="scan-contact-title">
        <h2 id="scan-contact-title">{text.contactTitle}</h2>
        {contacts.length === 0 ? (
          <p>{text.noContact}</p>
        ) : (
          <ul className="scan-contacts">
            {contacts.map((contact) => (
              <li key={contact.kind}>
                <a
                  href={contact.href}
                  {...(contact.kind === 'address' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {contact.text}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Section title={text.importantTitle}>
        <Row label={text.aboutMe} value={profile.important_info} />
        <Row label={text.temperament} value={profile.temperament} />
        <Row label={text.allergies} value={profile.allergies} />
        <Row label={text.meds} value={profile.meds} />
      </Section>
      <Section title={text.vetTitle}>
        <Row label={text.vetNotes} value={profile.vet_info} />
        <Row label={text.chip} value={profile.chip_or_tattoo} />
      </Section>
      <Section title={text.aboutTitle}>
        <Row label={text.species} value={speciesLabel(profile.species)} />
        <Row label={text.breed} value={profile.breed} />
        <Row label={text.color} value={profile.color} />
        <Row
          label={text.weight}
          value={profile.weight_kg === null ? null : String(profile.weight_kg).replace('.', ',')}
        />
        <Row label={text.age} value={ageText(profile.birth_year)} />
        <Row label={text.sterilization} value={profile.sterilized ? text.yes : text.no} />
      </Section>

      <section className="scan-card" aria-labelledby="scan-location-title">
        <h2 id="scan-location-title">{text.lastLocationTitle}</h2>
        {location ? (
          <p>
            {text.seenOn(new Date(location.at).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' }))}{' '}
            <a href={mapsPointUrl(location.lat, location.lon)} target="_blank" rel="noopener noreferrer">
              {text.openMap}
            </a>
          </p>
        ) : (
          <p>{text.noLocation}</p>
        )}
      </section>

      <footer className="scan-footer">{text.footer}</footer>
    </main>
  );
}
