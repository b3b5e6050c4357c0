import { Text } from '@radix-ui/themes';
import type { Position } from './api.ts';
import { INBOX_COPY } from './copy.ts';
import { distanceText, whenText } from './format.ts';
import { placePoints } from './sketch.ts';

const text = INBOX_COPY.inbox.positions;
const WIDTH = 320;
const HEIGHT = 200;
const MARGIN = 16;

/**
 * The shown positions drawn where they are relative to each other, joined oldest to newest, the newest in
 * the accent colour: a picture made here, with no map tiles (nothing is asked of a tile server, which would
 * learn where the animal was seen, and no map library to download). Each point links to OpenStreetMap in
 * the list below. Nothing to draw under two positions.
 */
export function PositionsSketch({ positions }: { positions: readonly Position[] }) {
  if (positions.length < 2) return null;
  const { placed, span } = placePoints(positions, WIDTH, HEIGHT, MARGIN);
  const spanText = distanceText(span);
  // Newest first in the list; the line goes the way the animal went.
  const path = [...placed]
    .reverse()
    .map((p, index) => `${index === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`)
    .join(' ');
  return (
    <figure style={{ margin: '0 0 var(--space-4)' }}>
      <svg
        className="portal-inbox-sketch"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={text.sketchLabel(positions.length, spanText)}
      >
        <path d={path} fill="none" stroke="var(--gray-8)" strokeWidth="1.5" strokeDasharray="4 3" />
        {placed.map((p, index) => (
          <circle
            key={positions[index]?.id}
            cx={p.x}
            cy={p.y}
            r={index === 0 ? 7 : 5}
            fill={index === 0 ? 'var(--accent-9)' : 'var(--gray-10)'}
            stroke="white"
            strokeWidth="1.5"
          >
            <title>{text.sketchPoint(whenText(positions[index]?.created_at ?? ''))}</title>
          </circle>
        ))}
        <text x={WIDTH - 8} y={14} textAnchor="end" fontSize="11" fill="var(--gray-11)">
          N ↑
        </text>
      </svg>
      <figcaption>
        <Text as="p" size="1" color="gray" mt="1">
          {text.sketchNote(spanText)}
        </Text>
      </figcaption>
    </figure>
  );
}
