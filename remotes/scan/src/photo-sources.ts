/** Widths offered to the browser, which picks by the frame's size and the screen's density. */
const WIDTHS = [480, 800, 1200, 1600];
const STORED = '/storage/v1/object/public/';
const RESIZED = '/storage/v1/render/image/public/';

/**
 * A stored photo's sources sized for the screen, from Storage's image transformations when the
 * deployment has them (`resizes`, DeployConfig.imageTransformations): a phone on a weak signal downloads a 480 px image, not the uploaded 1600 px one.
 */
export function screenSizedSources(url: string, resizes: boolean): { src: string; srcSet?: string } {
  if (!resizes || !url.includes(STORED)) return { src: url };
  const resized = (width: number) => {
    const target = new URL(url.replace(STORED, RESIZED));
    target.searchParams.set('width', String(width));
    return target.href;
  };
  return { src: resized(800), srcSet: WIDTHS.map((width) => `${resized(width)} ${width}w`).join(', ') };
}
