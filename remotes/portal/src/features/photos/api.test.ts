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
vi.mock('./file-upload.ts', () => ({
  uploadFile: async (_client: unknown, path: string, _file: Blob, onProgress?: (sent: number) => void) => {
    calls.push(`upload animal-photos ${path}`);
    onProgress?.(0.5);
    onProgress?.(1);
  },
}));
vi.mock('./image-files.ts', () => ({
  resizeImage: async (_file: Blob, maxSide: number, type: string) => ({
    blob: new Blob(['x'], { type }),
    width: maxSide,
    height: 1,
    extension: type === 'image/png' ? 'png' : 'jpg',
  }),
}));

const { removePhoto, uploadAnimalPhoto, uploadAnimalPhotos } = await import('./api.ts');
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

describe('uploadAnimalPhotos', () => {
  const states = async (files: File[]) => {
    const seen: string[] = [];
    const outcome = await uploadAnimalPhotos('animal-1', files, 'gallery', (uploads) =>
      seen.push(uploads.map((upload) => `${upload.name} ${upload.outcome} ${upload.sent}`).join(', ')),
    );
    return { outcome, seen };
  };
  const cat = new File(['x'], 'chat.png', { type: 'image/png' });

  it('tells where each photo stands, one after the other', async () => {
    const { outcome, seen } = await states([png, cat]);
    expect(outcome).toEqual({ added: 2, failed: 0 });
    expect(seen[0]).toBe('rex.png waiting 0, chat.png waiting 0');
    expect(seen).toContain('rex.png sending 0.5, chat.png waiting 0');
    expect(seen).toContain('rex.png stored 1, chat.png sending 0.5');
    expect(seen.at(-1)).toBe('rex.png stored 1, chat.png stored 1');
  });

  it('skips a photo that cannot be stored, and says so', async () => {
    answers.insert = { data: { id: '' }, error: { message: 'refusé' } };
    const { outcome, seen } = await states([png]);
    expect(outcome).toEqual({ added: 0, failed: 1 });
    expect(seen.at(-1)).toBe('rex.png failed 1');
  });
});

describe('removePhoto', () => {
  it('deletes the row first, then the file', async () => {
    await removePhoto({ id: 'photo-1', path: 'animal-1/1_a.png' });
    expect(calls).toEqual(['delete animal_photos id=photo-1', 'remove animal-photos animal-1/1_a.png']);
  });
});
