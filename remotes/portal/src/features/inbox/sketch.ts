// The sketch's geometry: shared points placed by their distances to each other (an equirectangular
// projection, true to a few metres over the few kilometres a lost animal covers), fitted in a box.

const METRES_PER_DEGREE = 111_320;

export interface SketchPoint {
  x: number;
  y: number;
}

/**
 * Where each point goes in a `width` × `height` box with `margin` around, north up, at one scale in both
 * directions; `span` is the largest distance the box shows across, in metres. One point, or points at one
 * place, sit in the middle.
 */
export function placePoints(
  points: readonly { lat: number; lon: number }[],
  width: number,
  height: number,
  margin: number,
): { placed: SketchPoint[]; span: number } {
  if (points.length === 0) return { placed: [], span: 0 };
  const meanLat = points.reduce((sum, p) => sum + p.lat, 0) / points.length;
  const east = Math.cos((meanLat * Math.PI) / 180) * METRES_PER_DEGREE;
  const metres = points.map((p) => ({ x: p.lon * east, y: p.lat * METRES_PER_DEGREE }));
  const xs = metres.map((p) => p.x);
  const ys = metres.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const innerW = width - 2 * margin;
  const innerH = height - 2 * margin;
  const scale = spanX === 0 && spanY === 0 ? 0 : Math.min(innerW / (spanX || 1e-9), innerH / (spanY || 1e-9));
  const placed = metres.map((p) => ({
    x: width / 2 + (p.x - (minX + maxX) / 2) * scale,
    y: height / 2 - (p.y - (minY + maxY) / 2) * scale,
  }));
  return { placed, span: Math.max(spanX, spanY) };
}
