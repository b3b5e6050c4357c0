import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { medalQrSvg, medalUrl } from './medal-qr-files.ts';

/** The dark squares an SVG draws, read back from its filled rectangles (in module units, quiet zone removed). */
function darkSquares(svg: string, quiet: number): Set<string> {
  const qr = new DOMParser().parseFromString(svg, 'image/svg+xml').querySelector('svg svg');
  if (!qr) throw new Error('no QR code in the SVG');
  const squares = new Set<string>();
  for (const rect of qr.querySelectorAll('rect')) {
    if (rect.getAttribute('fill') !== '#000000') continue;
    const at = (name: string) => Number(rect.getAttribute(name));
    const [x, y, width, height] = [at('x'), at('y'), at('width'), at('height')];
    for (let row = y; row < y + height; row += 1)
      for (let column = x; column < x + width; column += 1) squares.add(`${row - quiet},${column - quiet}`);
  }
  return squares;
}

describe("the medal's SVG QR code", () => {
  it("is drawn with filled squares only, exactly the code's dark modules: no stroke a renderer could widen into blobs", async () => {
    const svg = await medalQrSvg('MDL-NPCXSJ1J46');
    expect(svg).not.toMatch(/stroke|<path/);
    const { modules } = QRCode.create(medalUrl('MDL-NPCXSJ1J46'), { errorCorrectionLevel: 'Q' });
    const expected = new Set<string>();
    for (let row = 0; row < modules.size; row += 1)
      for (let column = 0; column < modules.size; column += 1)
        if (modules.get(row, column)) expected.add(`${row},${column}`);
    expect(darkSquares(svg, 4)).toEqual(expected);
    expect(svg).toContain('>MDL-NPCXSJ1J46</text>');
  });
});
