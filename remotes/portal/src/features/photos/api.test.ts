import { beforeEach, describe, expect, it, vi } from 'vitest';

// The calls the photos api makes, in order: storage and table calls recorded by a stand-in client.
const calls: string[] = [];
const answers = { insert: { data: { id: 'photo-1' }, error: null as { message: string } | null } };
const client = {
  storage: {
    from: (bucket: string) => ({
      upload: async (path: string) => {
        calls.push(`upload ${bucket} ${path}`);
        return { error: null };
      },
      remove: async (paths: string[]) => {
        calls.push(`remove ${bucket} ${paths.join(',')}`);
        return { error: null };
      },
    }),
  },
  from: (table: string) => ({
    insert: (row: Record<string, unknown>) => {
      calls.push(`insert ${table} ${JSON.stringify(row)}`);
      return { select: () => ({ single: async () => answers.insert }) };
    },
    delete: () => ({
      eq: async (column: string, value: string) => {
        calls.push(`delete ${table} ${column}=${value}`);
        return { error: null };
      },
    }),
  }),
};

vi.mock('@medaille/supabase', () => ({ supabase: async () => client }));
vi.mock('./image-files.ts', () => ({
  resizeImage: async (_file: Blob, maxSide: number, type: string) => ({
    blob: new Blob(['x'], { type }),
    width: maxSide,
    height: 1,
    extension: type === 'image/png' ? 'png' : 'jpg',
  }),
}));

const { removePhoto, uploadAnimalPhoto } = await import('./api.ts');
const png = new File(['x'], 'rex.png', { type: 'image/png' });

beforeEach(() => {
  calls.length = 0;
  answers.insert = { data: { id: 'photo-1' }, error: null };
});

describe('uploadAnimalPhoto', () => {
  it('stores {animalId}/{timestamp}_{random}.{ext} and records the row without a position', async () => {
    await uploadAnimalPhoto('animal-1', png, 'gallery');
    expect(calls[0]).toMatch(/^upload animal-photos animal-1\/\d{13}_[0-9a-f]{8}\.png$/);
    const path = calls[0]?.split(' ')[2];
    expect(calls[1]).toBe(
      `insert animal_photos ${JSON.stringify({ animal_id: 'animal-1', path, width: 1600, height: 1 })}`,
    );
  });

  it('resizes to 1920 px JPEG at activation', async () => {
    await uploadAnimalPhoto('animal-1', png, 'activation');
    expect(calls[0]).toMatch(/\.jpg$/);
    expect(calls[1]).toContain('"width":1920');
  });

  it('removes the file when the row cannot be written', async () => {
    answers.insert = { data: { id: '' }, error: { message: 'refusé' } };
    await expect(uploadAnimalPhoto('animal-1', png, 'gallery')).rejects.toEqual({ message: 'refusé' });
    const path = calls[0]?.split(' ')[2];
    expect(calls.slice(1)).toEqual([expect.stringMatching(/^insert /), `remove animal-photos ${path}`]);
  });
});

describe('removePhoto', () => {
  it('deletes the row first, then the file', async () => {
    await removePhoto({ id: 'photo-1', path: 'animal-1/1_a.png' });
    expect(calls).toEqual(['delete animal_photos id=photo-1', 'remove animal-photos animal-1/1_a.png']);
  });
});
