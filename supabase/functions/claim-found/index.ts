// The Edge Function's entry: the logic lives in handler.ts, which the local stack runs as well.
import type { FunctionEnv } from '../_shared/env.ts';
import handler from './handler.ts';

Deno.serve((request) => handler(request, Deno.env.toObject() as unknown as FunctionEnv));
