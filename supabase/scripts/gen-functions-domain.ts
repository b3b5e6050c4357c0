// `pnpm gen:functions-domain`: rewrites supabase/functions/_shared/domain from shared/domain/src.
import { writeFunctionsDomain } from './functions-domain.ts';

const written = await writeFunctionsDomain();
console.log(`supabase/functions/_shared/domain: ${written.join(', ')}`);
