// Radix Themes ships its styles for all its components, every responsive prop at every breakpoint, every
// accent colour and both appearances (600 KB of CSS, the portal's largest file). The portal keeps what its
// pages can use: a PostCSS plugin, run by Rsbuild's own PostCSS, drops each rule that only styles a
// component the portal never renders, a responsive prop it never sets at that breakpoint, an accent colour it
// never names, or the dark appearance it never turns on. `radix-themes-css.test.ts` checks the sources
// against these lists, so that a page starting to use one of them fails the tests instead of losing styles.

/** Radix Themes components (their class prefixes after `rt-`) that neither the portal nor the design system render. */
export const UNUSED_COMPONENTS = [
  'Avatar',
  'Blockquote',
  'CheckboxCards',
  'CheckboxCard',
  'CheckboxGroup',
  'CheckboxRoot',
  'BaseCheckbox',
  'Code',
  'ContextMenu',
  'DataList',
  'DropdownMenu',
  'BaseMenu',
  'Em',
  'HoverCard',
  'Kbd',
  'Popover',
  'Quote',
  'RadioCards',
  'RadioGroup',
  'BaseRadio',
  'ScrollArea',
  'SegmentedControl',
  'Select',
  'Separator',
  'Skeleton',
  'Slider',
  'Strong',
  'TabNav',
  'Table',
  'ThemePanel',
  'Section',
] as const;

/** Breakpoints no responsive prop of the portal names: its props say `initial`, `sm` and `md` only. */
export const UNUSED_BREAKPOINTS = ['xs', 'lg', 'xl'] as const;

/** The props the portal sets per breakpoint, and the class each gives at sm and md (`md:rt-r-gtc`). */
export const RESPONSIVE_PROPS: Record<string, string> = { columns: 'gtc', gridColumn: 'gc' };

/** The accent colours the portal names (the theme's orange, and gray, red and green on some parts). */
export const USED_ACCENT_COLORS = ['orange', 'gray', 'red', 'green'];

const CLASS = /\.(?:(xs|sm|md|lg|xl)\\:)?rt-([A-Za-z][\w-]*)/g;
const RESPONSIVE_CLASSES = Object.values(RESPONSIVE_PROPS).map((family) => `r-${family}`);

/**
 * Whether a selector styles only what the portal never shows: the dark appearance, an accent colour it
 * never names, an unused component, a breakpoint it never sets, or a prop it never sets per breakpoint.
 */
export function stylesUnused(selector: string): boolean {
  if (/\.dark(-theme)?\b/.test(selector)) return true;
  for (const [, colour = ''] of selector.matchAll(/\[data-accent-color=["']?([a-z]+)["']?\]/g)) {
    if (!USED_ACCENT_COLORS.includes(colour)) return true;
  }
  for (const [, breakpoint, name = ''] of selector.matchAll(CLASS)) {
    if (breakpoint && (UNUSED_BREAKPOINTS as readonly string[]).includes(breakpoint)) return true;
    if (breakpoint && !RESPONSIVE_CLASSES.some((family) => name === family || name.startsWith(`${family}-`))) {
      return true;
    }
    if (UNUSED_COMPONENTS.some((component) => name.startsWith(component))) return true;
  }
  return false;
}

const RADIX_FILE = /@radix-ui[\\/]themes[\\/](components\.css|utilities\.css|tokens[\\/].+\.css)$/;

/** What the plugin sees of a PostCSS rule. */
interface CssRule {
  selectors: string[];
  source?: { input?: { file?: string } };
  parent?: { type: string; nodes?: unknown[]; remove(): void } | undefined;
  remove(): void;
}

/** The PostCSS plugin: Radix Themes' rules for what the portal never renders, left out. */
export const keepUsedRadixThemesCss = {
  postcssPlugin: 'medaille-keep-used-radix-themes-css',
  Rule(rule: CssRule) {
    if (!RADIX_FILE.test(rule.source?.input?.file ?? '')) return;
    const kept = rule.selectors.filter((selector) => !stylesUnused(selector));
    if (kept.length === rule.selectors.length) return;
    const parent = rule.parent;
    if (kept.length > 0) {
      rule.selectors = kept;
      return;
    }
    rule.remove();
    if (parent?.type === 'atrule' && parent.nodes?.length === 0) parent.remove();
  },
};
