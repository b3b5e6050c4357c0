/**
 * The shell's pages without JavaScript: their body is an empty root the app renders into, so a
 * browser that runs no script showed a blank page. The host writes into each a `<noscript>` that such a browser
 * shows (and any other ignores): on the landing page, the form a finder types a medal's code into, which works
 * as a plain GET (`/?code=…`, sent on to the code's page by the host); on every other page, that the page needs
 * JavaScript, in French, with the way to that form. The shell's stylesheets come with it (the shell's scripts
 * add them otherwise). The landing form's words are the shell's own (hosts/shell/src/copy.ts, landing.found).
 */
import { escapeHtml } from '@medaille/domain';
import { pathOf } from '@medaille/routing';

const WORDS = {
  title: 'Vous avez trouvé un animal ?',
  label: 'Code de la médaille',
  hint: 'Saisissez le code imprimé sur la médaille, par exemple MDL-7KQ4-M9XP-3T.',
  submit: 'Voir sa fiche',
  empty: 'Saisissez le code imprimé sur la médaille.',
  noMedal: 'Pas de médaille ?',
  reportFound: 'J’ai trouvé un animal',
  /** What the landing's other ways in (activating, signing in) need. */
  landingNeedsScripts:
    'Pour activer une médaille, vous connecter ou gérer vos animaux, Médaille a besoin de JavaScript : activez-le dans votre navigateur, puis rechargez la page.',
  pageNeedsScripts: 'Cette page a besoin de JavaScript : activez-le dans votre navigateur, puis rechargez la page.',
  toFoundForm: 'Vous avez trouvé un animal ? Saisissez le code de sa médaille',
};

/** The landing's form as a plain GET to the landing itself; `empty`: it was sent without a code. */
function foundAnimalForm(empty: boolean): string {
  const described = empty ? 'scriptless-code-hint scriptless-code-error' : 'scriptless-code-hint';
  return (
    '<section class="landing-found" aria-labelledby="scriptless-found-title">' +
    `<h1 id="scriptless-found-title">${WORDS.title}</h1>` +
    '<form class="landing-found-form" method="get" action="/">' +
    `<label for="scriptless-code">${WORDS.label}</label>` +
    `<p id="scriptless-code-hint" class="landing-found-hint">${WORDS.hint}</p>` +
    '<div class="landing-found-row">' +
    `<input id="scriptless-code" name="code" type="text" autocapitalize="characters" autocomplete="off" spellcheck="false" placeholder="MDL-7KQ4-M9XP-3T" aria-describedby="${described}"${empty ? ' aria-invalid="true"' : ''}>` +
    `<button type="submit" class="md-button md-button-primary">${WORDS.submit}</button>` +
    '</div>' +
    (empty ? `<p id="scriptless-code-error" class="landing-found-error" role="alert">${WORDS.empty}</p>` : '') +
    '</form>' +
    `<p class="landing-found-hint">${WORDS.noMedal} <a href="${pathOf('reportFound')}">${WORDS.reportFound}</a></p>` +
    '</section>'
  );
}

/**
 * What a browser without JavaScript shows of a shell page, inside its body: for `/` the landing's form (`empty`:
 * sent without a code), for any other page that it needs JavaScript.
 */
export function scriptlessBody(pathname: string, { empty = false }: { empty?: boolean } = {}): string {
  const content =
    pathname === '/'
      ? `${foundAnimalForm(empty)}<p>${WORDS.landingNeedsScripts}</p>`
      : `<h1>Médaille</h1><p role="alert">${WORDS.pageNeedsScripts}</p><p><a href="/">${WORDS.toFoundForm}</a></p>`;
  return `<noscript><main class="landing">${content}</main></noscript>`;
}

/** The shell's stylesheets, for a browser without JavaScript (its scripts apply them otherwise), in the head. */
export function scriptlessStyles(stylesheets: readonly string[]): string {
  if (stylesheets.length === 0) return '';
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  return `<noscript>${links}</noscript>`;
}
