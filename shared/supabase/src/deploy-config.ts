/**
 * The deploy-time configuration, declared once: the shell's host writes it into every page
 * (`window.__MEDAILLE_CONFIG__`, `/config.js`), the front-ends read it there (`./config.ts`), the finder's
 * functions' client and the scan's server render take the parts they need. A type only, so that a server
 * (the host, the launcher) can name it without the browser's globals.
 */
export interface DeployConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Each remote's mf-manifest.json URL. */
  remotes: { scan: string; portal: string };
  /**
   * True when the backend's Storage resizes images (/storage/v1/render/image: Supabase's Pro plan, or the
   * local stack). The scan page then asks for photos sized for the screen; without it, the stored photo.
   */
  imageTransformations?: boolean;
}
