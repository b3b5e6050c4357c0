import { describe, expect, it, vi } from 'vitest';

const invoked: unknown[] = [];
let answer: { error: unknown } = { error: null };
vi.mock('@medaille/supabase', () => ({
  supabase: async () => ({
    functions: {
      invoke: async (name: string, options: unknown) => {
        invoked.push([name, options]);
        return { data: null, ...answer };
      },
    },
  }),
}));

const { deleteAnimal } = await import('./api.ts');

describe('deleteAnimal', () => {
  it('is one call to the delete-animal function', async () => {
    answer = { error: null };
    expect(await deleteAnimal('animal-1')).toEqual({ deleted: true });
    expect(invoked).toEqual([['delete-animal', { body: { animal_id: 'animal-1' } }]]);
  });

  it('answers the server’s French message when it refuses', async () => {
    const response = new Response(JSON.stringify({ code: 'not_found', error: 'Animal introuvable.' }), { status: 404 });
    answer = { error: { message: 'Edge Function returned a non-2xx status code', context: response } };
    expect(await deleteAnimal('animal-2')).toEqual({ deleted: false, message: 'Animal introuvable.' });
  });

  it('answers no message when no answer came back', async () => {
    answer = { error: { message: 'Failed to send a request to the Edge Function', context: new TypeError('fetch') } };
    expect(await deleteAnimal('animal-3')).toEqual({ deleted: false, message: null });
  });
});
