/** A QR code's module matrix as the qrcode package gives it (`QRCode.create(...).modules`). */
export interface QrModules {
  size: number;
  get(row: number, column: number): number | boolean;
}

/** A horizontal run of dark modules: one filled rectangle, `length` modules wide. */
export interface DarkRun {
  row: number;
  column: number;
  length: number;
}

/**
 * The dark modules as filled rectangles, one per run in a row: what the printed sheet and the downloaded SVG
 * draw. Filled, never stroked: a stroke's width is a renderer's guess, and some draw it as blobs. A run as one
 * rectangle makes a smaller file and no hairline gaps between squares.
 */
export function darkRuns(modules: QrModules): DarkRun[] {
  const runs: DarkRun[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      let end = column;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end += 1;
      runs.push({ row, column, length: end - column + 1 });
      column = end + 1;
    }
  }
  return runs;
}
