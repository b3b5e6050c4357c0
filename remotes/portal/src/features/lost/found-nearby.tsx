import { speciesLabel } from '@medaille/domain';
import { claimFoundPath, foundPath } from '@medaille/routing';
import { Link as RouterLink } from '@medaille/routing/router';
import { supabase } from '@medaille/supabase';
import { Flex, Heading, Link, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { parisTime } from '../../ui/paris-time.ts';
import { LOST_COPY } from './copy.ts';

const text = LOST_COPY.search.foundNearby;

/** An animal found without a medal near the search's area, as found_reports_near_search gives it. */
interface FoundNearby {
  id: string;
  species: string;
  found_at: string;
  place: string | null;
  description: string | null;
  distance_m: number;
}

/**
 * 'Animaux trouvés près d'ici' (docs/product/found.md): the animals passers-by found without a medal near the
 * search's area, within its species' radius and since the loss began, its species first. Read again when the area
 * moves (`areaKey`). Never the finder's point or link: the database gives neither.
 */
export function FoundNearbyList({ searchId, areaKey }: { searchId: string; areaKey: string | null }) {
  const [found, setFound] = useState<FoundNearby[] | null | 'failed'>(null);
  useEffect(() => {
    if (areaKey === null) return;
    let current = true;
    supabase()
      .then((client) => client.rpc('found_reports_near_search', { p_search_id: searchId }))
      .then(
        ({ data, error }) => current && setFound(error ? 'failed' : ((data ?? []) as unknown as FoundNearby[])),
        () => current && setFound('failed'),
      );
    return () => {
      current = false;
    };
  }, [searchId, areaKey]);

  return (
    <section aria-labelledby={`found-nearby-${searchId}`} className="portal-sightings">
      <Heading id={`found-nearby-${searchId}`} as="h4" size="2" mt="4" mb="2">
        {text.title}
      </Heading>
      {areaKey === null ? (
        <Text as="p" size="2" color="gray">
          {text.noArea}
        </Text>
      ) : found === 'failed' ? (
        <Text as="p" size="2" color="red" role="alert">
          {text.failed}
        </Text>
      ) : found === null ? null : found.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {text.none}
        </Text>
      ) : (
        <ul>
          {found.map((report) => (
            <li key={report.id}>
              <Text as="p" size="2" weight="medium">
                {text.foundOn(speciesLabel(report.species), parisTime(report.found_at, 'dateTime'))}
                {report.place ? ` · ${report.place}` : ''}
              </Text>
              {report.description ? (
                <Text as="p" size="2" className="portal-sighting-words">
                  {report.description}
                </Text>
              ) : null}
              <Text as="p" size="1" color="gray">
                {text.away(report.distance_m)}
              </Text>
              <Flex gap="3" mt="1" wrap="wrap">
                {/* The found animal's page is the server's, outside the portal's router. */}
                <Link size="2" href={foundPath(report.id)}>
                  {text.page}
                </Link>
                <Link size="2" asChild>
                  <RouterLink to={claimFoundPath(report.id)}>{text.mine}</RouterLink>
                </Link>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
