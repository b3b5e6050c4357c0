import { describe, expect, it } from 'vitest';
import { ACCOUNT_COPY } from './copy.ts';
import { animalFolders } from './data-export.ts';

describe("the export's photo folders", () => {
  it('are named after each animal, accents kept, the same name told apart in the order given', () => {
    expect(animalFolders(['Mimi', 'Réglisse', 'mimi', 'Mimi'])).toEqual(['Mimi', 'Réglisse', 'mimi (2)', 'Mimi (3)']);
  });

  it('leave out what a file system refuses, and never are empty', () => {
    expect(animalFolders(['AC/DC', 'Qui ? Moi', ' .Tom. ', '...', 'Zoé\u0007'])).toEqual([
      'AC-DC',
      'Qui - Moi',
      'Tom',
      ACCOUNT_COPY.dataExport.unnamedAnimal,
      'Zoé-',
    ]);
  });
});
