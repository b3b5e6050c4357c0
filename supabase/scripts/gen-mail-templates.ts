// `pnpm gen:mail-templates`: rewrites supabase/templates/*.html from the e-mails' layout.
import { writeAuthTemplates } from './mail-templates.ts';

const written = await writeAuthTemplates();
console.log(`supabase/templates: ${written.map((name) => `${name}.html`).join(', ')}`);
