import '../../ui/print-sheet.css';
import { COPY } from '../../copy.ts';
import './poster.css';
import { toast } from '@medaille/design-system/toast';
import {
  isSecondContact,
  secondContactName,
  sexLabel,
  speciesLabel,
  type VisibleContact,
  visibleContacts,
} from '@medaille/domain';
import { editAnimalPath } from '@medaille/routing';
import { Link } from '@medaille/routing/router';
import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { parisTime } from '../../ui/paris-time.ts';
import { ANIMALS_COPY } from '../animals/copy.ts';
import { coverPhoto, type MemberAnimal, MemberAnimalRoute, medalUrl, qrSvg } from '../animals/index.ts';
import { readOpenSearch, searchPageUrl } from '../lost/search-api.ts';
import { PHOTOS_COPY } from '../photos/copy.ts';
import { photoUrl, useAnimalPhotos } from '../photos/index.ts';
import { POSTER_COPY } from './copy.ts';

const text = POSTER_COPY.poster;
/** Tear-off strips along the bottom of the sheet. */
const STRIPS = 8;

/**
 * The medal's page as short as it can be written on a strip: the site without `https://`, which every
 * browser adds when it is typed (a site served over plain HTTP keeps its scheme).
 */
export function shortAddress(url: string): string {
  return url.replace(/^https:\/\//, '');
}

/**
 * /mon-compte/animal/{id}/affiche: an A4 poster of an animal to print from the browser, for every member of
 * its household. Signed out, another household's or a deleted animal: as the edit page.
 */
export function PosterPage() {
  return <MemberAnimalRoute>{(animal) => <Poster animal={animal} />}</MemberAnimalRoute>;
}

/**
 * The QR code's SVG as an image address, once made (null while it is, 'failed' if it cannot be): of `url`,
 * with the medal's code under it.
 */
function useQrImage(url: string | null, code: string | null): string | null | 'failed' {
  const [image, setImage] = useState<string | null | 'failed'>(null);
  useEffect(() => {
    if (!url || !code) return;
    let current = true;
    qrSvg(url, code).then(
      (svg) => current && setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => current && setImage('failed'),
    );
    return () => {
      current = false;
    };
  }, [url, code]);
  return image;
}

/**
 * Where the poster's QR code leads: the loss's search page while the animal is lost (where anyone says they saw
 * it, docs/product/search.md), else the medal's page; null until it is known.
 */
function useQrTarget(animal: MemberAnimal): { url: string; search: boolean } | null {
  const code = animal.codes?.id ?? null;
  const [target, setTarget] = useState<{ url: string; search: boolean } | null>(null);
  useEffect(() => {
    let current = true;
    const medal = code ? { url: medalUrl(code), search: false } : null;
    if (!animal.is_lost) {
      setTarget(medal);
      return;
    }
    readOpenSearch(animal.id).then(
      (search) => current && setTarget(search ? { url: searchPageUrl(search.id), search: true } : medal),
      () => current && setTarget(medal),
    );
    return () => {
      current = false;
    };
  }, [animal.id, animal.is_lost, code]);
  return target;
}

function Poster({ animal }: { animal: MemberAnimal }) {
  const gallery = useAnimalPhotos(animal.id, () =>
    toast({ topic: 'photos-load', ...PHOTOS_COPY.gallery.loadFailed, variant: 'destructive' }),
  );
  const cover = coverPhoto(gallery.photos, gallery.storedCoverId);
  const code = animal.codes?.id ?? null;
  const target = useQrTarget(animal);
  const qr = useQrImage(target?.url ?? null, code);
  const address = code ? shortAddress(medalUrl(code)) : null;
  // The second poster: no number on it, for a household that prefers to be reached through Médaille.
  const [withoutPhone, setWithoutPhone] = useState(false);
  const contacts = withoutPhone ? [] : visibleContacts(animal);
  const first = contacts.filter((contact) => !isSecondContact(contact));
  const second = contacts.filter(isSecondContact);
  // The strips carry one number: the owner's, else the second contact's, as the scan page calls.
  const phone =
    contacts.find((contact) => contact.kind === 'phone') ?? contacts.find((contact) => contact.kind === 'second_phone');
  const facts = [
    [text.species, speciesLabel(animal.espece)],
    [text.breed, animal.race],
    [text.color, animal.couleur],
    [text.sex, sexLabel(animal.sexe)],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));

  return (
    <div className="poster-page">
      <Flex direction="column" gap="3" className="poster-toolbar">
        <Heading as="h1" size="6">
          {text.pageTitle(animal.nom)}
        </Heading>
        <Text as="p" size="2" color="gray">
          {text.printHint}
        </Text>
        {[
          animal.is_lost ? null : text.notLost(animal.nom, animal.sexe),
          contacts.length === 0 && !withoutPhone ? text.noContact : null,
          animal.codes?.suspended_at ? ANIMALS_COPY.medal.suspendedText(animal.nom) : null,
          qr === 'failed' ? ANIMALS_COPY.medal.qrFailed : null,
        ]
          .filter((warning) => warning !== null)
          .map((warning) => (
            <Callout.Root key={warning} color="orange">
              <Callout.Text>{warning}</Callout.Text>
            </Callout.Root>
          ))}
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <input type="checkbox" checked={withoutPhone} onChange={(event) => setWithoutPhone(event.target.checked)} />
            {text.withoutPhone}
          </Flex>
        </Text>
        <Flex gap="3" wrap="wrap">
          <Button size="3" onClick={() => window.print()}>
            {text.print}
          </Button>
          <Button asChild size="3" variant="soft">
            <Link to={editAnimalPath(animal.id)}>{text.back}</Link>
          </Button>
        </Flex>
      </Flex>
      <div className="poster-frame">
        <article className="poster-sheet print-sheet" aria-label={text.pageTitle(animal.nom)}>
          <p className="poster-lost">{text.lost(animal.sexe)}</p>
          {animal.is_lost && animal.lost_since ? (
            <p className="poster-since">{text.since(parisTime(animal.lost_since, 'date'))}</p>
          ) : null}
          <div className="poster-photo">
            {cover ? <img src={photoUrl(cover.path)} alt={COPY.photoOf(animal.nom)} /> : null}
          </div>
          <div className="poster-reach">
            <div className="poster-about">
              <h2 className="poster-name">{animal.nom}</h2>
              <p className="poster-facts">
                {facts.map(([label, value]) => (
                  <span key={label}>
                    {label} : <strong>{value}</strong>
                  </span>
                ))}
              </p>
              {contacts.length > 0 ? (
                <>
                  <p className="poster-contacts-title">{text.contactTitle(animal.sexe)}</p>
                  {first.map((contact) => (
                    <p key={contact.kind} className={`poster-contact poster-contact-${contact.kind}`}>
                      {contact.text}
                    </p>
                  ))}
                  {second.length > 0 ? (
                    <p className="poster-contact-other">
                      {ANIMALS_COPY.contacts.otherContact(secondContactName(animal))}
                    </p>
                  ) : null}
                  {second.map((contact) => (
                    <p key={contact.kind} className={`poster-contact poster-contact-${contact.kind}`}>
                      {contact.text}
                    </p>
                  ))}
                </>
              ) : (
                <p className="poster-contacts-title">{target?.search ? text.reportOnly : text.messageOnly}</p>
              )}
            </div>
            {code && address ? (
              <div className="poster-qr">
                <p className="poster-scan">{target?.search ? text.scanSearch(animal.sexe) : text.scan(animal.sexe)}</p>
                {qr && qr !== 'failed' ? <img src={qr} alt={text.qrAlt(code)} /> : <div className="poster-qr-space" />}
                <p className="poster-address">
                  {text.orVisit}{' '}
                  <strong>
                    <MedalAddress address={address} />
                  </strong>
                </p>
              </div>
            ) : null}
          </div>
          <ul className="poster-strips">
            {Array.from({ length: STRIPS }, (_, index) => (
              <Strip key={index} name={animal.nom} sex={animal.sexe} phone={phone} address={address} />
            ))}
          </ul>
        </article>
      </div>
    </div>
  );
}

/** One tear-off strip: the name, the phone if it is public, the medal's page. */
function Strip({
  name,
  sex,
  phone,
  address,
}: {
  name: string;
  sex: string | null;
  phone: VisibleContact | undefined;
  address: string | null;
}) {
  return (
    <li>
      <div className="poster-strip">
        <strong>{text.strip(name, sex)}</strong>
        {phone ? <span className="poster-strip-phone">{phone.text}</span> : null}
        {address ? (
          <span className="poster-strip-address">
            <MedalAddress address={address} />
          </span>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The medal's page, which a line may break only before its code (at the last '/'), never inside it: a code
 * cut in two ('MDL-' here, the rest below) cannot be typed.
 */
function MedalAddress({ address }: { address: string }) {
  const cut = address.lastIndexOf('/') + 1;
  return (
    <>
      <span className="poster-nowrap">{address.slice(0, cut)}</span>
      <wbr />
      <span className="poster-nowrap">{address.slice(cut)}</span>
    </>
  );
}
