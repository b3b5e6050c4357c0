import { toast } from '@medaille/design-system/toast';
import { Box, Button, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { COPY } from '../../copy.ts';
import { LOST_COPY } from './copy.ts';
import { type Search, type SearchArea, saveSearch } from './search-api.ts';

const text = LOST_COPY.search;
/** The radii the household chooses from: at least the database's 300 m, at most its 5 km. */
export const AREA_RADII = [300, 500, 1000, 2000, 5000] as const;
const DEFAULT_RADIUS = 500;

/**
 * Saves the search's area centred on a point (the household's phone there, or a sighting's position), with its
 * radius kept (500 m at first), and says so; answers the area saved, or null.
 */
export async function centreArea(search: Search, lat: number, lon: number): Promise<SearchArea | null> {
  return saveArea(search, { area_lat: lat, area_lon: lon, area_radius_m: search.area_radius_m ?? DEFAULT_RADIUS });
}

async function saveArea(search: Search, area: SearchArea): Promise<SearchArea | null> {
  const refused = await saveSearch(search.id, area).catch(() => COPY.unexpected);
  toast(
    refused
      ? { topic: 'search-area', title: text.areaFailed, description: refused, variant: 'destructive' }
      : { topic: 'search-area', title: text.areaSaved },
  );
  return refused ? null : area;
}

/**
 * 'Zone de recherche': the circle the search page shows (docs/product/search.md), centred where the household
 * says (its phone's position, there; or a sighting's, from the list below), of a radius it chooses; or none.
 */
export function AreaChooser({ search, onSaved }: { search: Search; onSaved: (area: SearchArea) => void }) {
  const id = useId();
  const { area_lat: lat, area_lon: lon, area_radius_m: radius } = search;
  const set = lat !== null && lon !== null && radius !== null;
  const save = async (area: SearchArea) => {
    const saved = await saveArea(search, area);
    if (saved) onSaved(saved);
  };
  const here = () => {
    if (!navigator.geolocation)
      return toast({ topic: 'search-area', title: text.positionUnavailable, variant: 'destructive' });
    navigator.geolocation.getCurrentPosition(
      async (found) => {
        const saved = await centreArea(search, found.coords.latitude, found.coords.longitude);
        if (saved) onSaved(saved);
      },
      () => toast({ topic: 'search-area', title: text.positionUnavailable, variant: 'destructive' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  };
  return (
    <Box asChild mt="4">
      <section aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} as="h4" size="2" mb="2">
          {text.areaTitle}
        </Heading>
        <Text as="p" size="2" color="gray" mb="2">
          {set ? text.areaSet(radius) : text.areaNone}
        </Text>
        <Flex gap="3" wrap="wrap" align="center">
          <Button type="button" variant="soft" onClick={here}>
            {text.areaHere}
          </Button>
          {set ? (
            <>
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  {text.areaRadius}
                  <select
                    style={{ minHeight: 44 }}
                    value={radius}
                    onChange={(event) =>
                      void save({ area_lat: lat, area_lon: lon, area_radius_m: Number(event.target.value) })
                    }
                  >
                    {AREA_RADII.map((metres) => (
                      <option key={metres} value={metres}>
                        {metres < 1000 ? `${metres} m` : `${metres / 1000} km`}
                      </option>
                    ))}
                  </select>
                </Flex>
              </Text>
              <Link
                size="2"
                href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {text.onMap}
              </Link>
              <Button
                type="button"
                variant="soft"
                color="gray"
                onClick={() => void save({ area_lat: null, area_lon: null, area_radius_m: null })}
              >
                {text.areaRemove}
              </Button>
            </>
          ) : null}
        </Flex>
      </section>
    </Box>
  );
}
