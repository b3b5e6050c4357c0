import { toast } from '@medaille/design-system/toast';
import { animalHistoryPath } from '@medaille/routing';
import { Link } from '@medaille/routing/router';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { parisTime } from '../../ui/paris-time.ts';
import { FinderPhoto } from '../inbox/finder-photo.tsx';
import { LOST_COPY } from './copy.ts';
import { deleteSighting, readSightings, reportSighting, type Sighting, setSightingHidden } from './search-api.ts';

const text = LOST_COPY.search;

/**
 * What passers-by said on the search page, the latest first, with their position when they shared it (the
 * household's alone: the page shows a distance), and, for 'Je l'ai avec moi', the way to the conversation it
 * opened (the inbox). Any member hides one from the page or shows it again; the
 * owner and co-owners (`canDelete`) delete one.
 */
export function SightingsList({
  searchId,
  canDelete,
  onCentre,
}: {
  searchId: string;
  canDelete: boolean;
  /** Centres the search's area on a sighting's position. */
  onCentre: (lat: number, lon: number) => void;
}) {
  const [sightings, setSightings] = useState<Sighting[] | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    readSightings(searchId).then(
      (found) => current && setSightings(found),
      () => current && setSightings('failed'),
    );
    return () => {
      current = false;
    };
  }, [searchId]);

  if (sightings === 'failed') {
    return (
      <Text as="p" size="2" color="red" role="alert" mt="3">
        {text.sightingsFailed}
      </Text>
    );
  }
  if (!sightings) return null;

  const failed = () => toast({ topic: 'sighting', title: text.changeFailed, variant: 'destructive' });
  const hide = async (sighting: Sighting) => {
    const hidden = sighting.hidden_at === null;
    if (!(await setSightingHidden(sighting.id, hidden).catch(() => false))) return failed();
    const at = hidden ? new Date().toISOString() : null;
    setSightings(sightings.map((each) => (each.id === sighting.id ? { ...each, hidden_at: at } : each)));
  };
  const report = async (sighting: Sighting) => {
    if (!(await reportSighting(sighting.id).catch(() => false))) return failed();
    const at = new Date().toISOString();
    setSightings(
      sightings.map((each) => (each.id === sighting.id ? { ...each, hidden_at: at, reported_at: at } : each)),
    );
  };
  const remove = async (sighting: Sighting) => {
    if (!(await deleteSighting(sighting.id).catch(() => false))) return failed();
    setSightings(sightings.filter((each) => each.id !== sighting.id));
  };

  return (
    <section aria-labelledby={`sightings-${searchId}`} className="portal-sightings">
      <Heading id={`sightings-${searchId}`} as="h4" size="2" mt="4" mb="2">
        {text.sightingsTitle}
      </Heading>
      {sightings.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {text.noSightings}
        </Text>
      ) : (
        <ul>
          {sightings.map((sighting) => (
            <li key={sighting.id}>
              <Text as="p" size="2" weight="medium">
                {text.kinds[sighting.kind as keyof typeof text.kinds] ?? sighting.kind}{' '}
                {text.seenOn(parisTime(sighting.seen_at, 'dateTime'))}
                {sighting.place ? ` · ${sighting.place}` : ''}
              </Text>
              {sighting.words ? (
                <Text as="p" size="2" className="portal-sighting-words">
                  {sighting.words}
                </Text>
              ) : null}
              {sighting.photo_path ? <FinderPhoto path={sighting.photo_path} name="" words={text.photo} /> : null}
              {sighting.hidden_at ? (
                <Text as="p" size="1" color="gray">
                  {sighting.reported_at ? text.reportedTag : text.hiddenTag}
                </Text>
              ) : null}
              <Flex gap="2" wrap="wrap" mt="1">
                {sighting.conversation_id ? (
                  <Button asChild size="1">
                    <Link to={animalHistoryPath(sighting.animal_id)}>{text.answer}</Link>
                  </Button>
                ) : null}
                {sighting.lat !== null && sighting.lon !== null ? (
                  <Button asChild size="1" variant="soft">
                    <a
                      href={`https://www.openstreetmap.org/?mlat=${sighting.lat}&mlon=${sighting.lon}#map=17/${sighting.lat}/${sighting.lon}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {text.onMap}
                    </a>
                  </Button>
                ) : null}
                {sighting.lat !== null && sighting.lon !== null ? (
                  <Button
                    type="button"
                    size="1"
                    variant="soft"
                    onClick={() => onCentre(sighting.lat as number, sighting.lon as number)}
                  >
                    {text.centerHere}
                  </Button>
                ) : null}
                <Button type="button" size="1" variant="soft" onClick={() => void hide(sighting)}>
                  {sighting.hidden_at ? text.show : text.hide}
                </Button>
                {sighting.reported_at ? null : (
                  <Button type="button" size="1" variant="soft" color="orange" onClick={() => void report(sighting)}>
                    {text.report}
                  </Button>
                )}
                {canDelete ? (
                  <Button type="button" size="1" variant="soft" color="red" onClick={() => void remove(sighting)}>
                    {text.remove}
                  </Button>
                ) : null}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
