// The health booklet in SQL (schemas/booklet.sql): who reads and writes its records and documents, the rules a
// record or a document row must follow (each refused with its constraint's name, which the portal turns into
// French), the documents' files and their folder's limits, and the reminders, each claimed once. The same
// rights over HTTP are rows of tests/security/authorization-matrix.test.ts; the files over Storage and the
// e-mails over the functions are tests/functions/health-documents.test.ts and health-reminders.test.ts.
import { randomUUID } from 'node:crypto';
import { databaseErrorMessage, HEALTH_LIMITS } from '@medaille/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;
let stranger: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  [owner, stranger] = [await t.createOwner('carnet'), await t.createOwner('inconnu')];
});
afterAll(() => t?.close());

/** Today and other days in Paris's calendar, as the database counts them. */
async function parisDay(offsetDays: number): Promise<string> {
  const { rows } = await t.db.query<{ day: string }>('select (private.today_in_paris() + $1::int)::text as day', [
    offsetDays,
  ]);
  return rows[0]?.day as string;
}

/**
 * A new animal of the owner's with its household as accepted invitations make it: a co-owner, a keeper until
 * a few days ahead, a keeper whose last day was yesterday, and a co-owner who was then removed.
 */
async function household(keeperUntil?: string) {
  const { animalId } = await t.activateAnimal(owner, { nom: 'Filou' });
  const [coOwner, keeper, pastKeeper, leftMember] = [
    await t.createOwner('co'),
    await t.createOwner('gardien'),
    await t.createOwner('ancien-gardien'),
    await t.createOwner('parti'),
  ];
  await t.db.query(
    `insert into public.animal_members (animal_id, user_id, role, access_until)
     values ($1, $2, 'co_owner', null), ($1, $3, 'keeper', $4::date), ($1, $5, 'keeper', $6::date),
       ($1, $7, 'co_owner', null)`,
    [
      animalId,
      coOwner.id,
      keeper.id,
      keeperUntil ?? (await parisDay(3)),
      pastKeeper.id,
      await parisDay(-1),
      leftMember.id,
    ],
  );
  await t.as(owner, (tx) => tx.query('select public.remove_animal_member($1, $2)', [animalId, leftMember.id]));
  return { animalId, coOwner, keeper, pastKeeper, leftMember };
}

type Household = Awaited<ReturnType<typeof household>>;

const everyone = (h: Household): [string, Actor][] => [
  ['owner', owner],
  ['coOwner', h.coOwner],
  ['keeper', h.keeper],
  ['pastKeeper', h.pastKeeper],
  ['leftMember', h.leftMember],
  ['stranger', stranger],
  ['anon', 'anon'],
];

/** What one statement did as `actor`, rolled back: its row count, or its error's code. */
const outcome = async (actor: Actor, sql: string, params: unknown[], storageOperation?: string) => {
  const attempt = await t.attempt(actor, sql, params, { storageOperation });
  return attempt.error ? attempt.error.code : attempt.rowCount;
};

async function addRecord(animalId: string, fields: Record<string, unknown> = {}) {
  const values: Record<string, unknown> = {
    kind: 'vaccination',
    label: 'Rage',
    given_on: '2030-03-01',
    next_due_on: null,
    ...fields,
  };
  const { rows } = await t.db.query<{ id: string }>(
    `insert into public.health_records (animal_id, kind, label, given_on, next_due_on, weight_kg, notes, shown_to_finder)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      animalId,
      values.kind,
      values.label,
      values.given_on,
      values.next_due_on,
      values.weight_kg ?? null,
      values.notes ?? null,
      values.shown_to_finder ?? false,
    ],
  );
  return rows[0]?.id as string;
}

const insertRecord = `insert into public.health_records (animal_id, kind, label, given_on, next_due_on)
  values ($1, 'vaccination', 'Rage', '2030-03-01', '2031-03-01')`;

describe('the records of the booklet', () => {
  it('are read by the household, written by the owner and co-owners only', async () => {
    const h = await household();
    const record = await addRecord(h.animalId);
    const rights: Record<string, unknown[]> = {};
    for (const [who, actor] of everyone(h)) {
      rights[who] = [
        await outcome(actor, 'select id from public.health_records where animal_id = $1', [h.animalId]),
        await outcome(actor, insertRecord, [h.animalId]),
        await outcome(actor, "update public.health_records set label = 'Rage (rappel)' where id = $1", [record]),
        await outcome(actor, 'delete from public.health_records where id = $1', [record]),
      ];
    }
    expect(rights).toEqual({
      owner: [1, 1, 1, 1],
      coOwner: [1, 1, 1, 1],
      keeper: [1, '42501', 0, 0],
      pastKeeper: [0, '42501', 0, 0],
      leftMember: [0, '42501', 0, 0],
      stranger: [0, '42501', 0, 0],
      anon: ['42501', '42501', '42501', '42501'],
    });
  });

  it('know who wrote them and when they changed, which no client writes; a record stays with its animal', async () => {
    const h = await household();
    const { rows } = await t.as(h.coOwner, (tx) =>
      tx.query<{ id: string; created_by: string; updated_at: Date }>(
        `${insertRecord} returning id, created_by, updated_at`,
        [h.animalId],
      ),
    );
    const written = rows[0] as { id: string; created_by: string; updated_at: Date };
    expect(written.created_by).toBe(h.coOwner.id);
    expect(
      await outcome(
        owner,
        `insert into public.health_records (animal_id, kind, label, given_on, created_by)
         values ($1, 'visit', 'Visite annuelle', '2030-01-01', $2)`,
        [h.animalId, stranger.id],
      ),
    ).toBe('42501');
    const other = await t.activateAnimal(owner);
    expect(
      await outcome(owner, 'update public.health_records set animal_id = $2 where id = $1', [
        written.id,
        other.animalId,
      ]),
    ).toBe('42501');
    expect(
      await outcome(owner, 'update public.health_records set updated_at = now() where id = $1', [written.id]),
    ).toBe('42501');
    await t.as(owner, (tx) =>
      tx.query("update public.health_records set notes = 'Lot 4711' where id = $1", [written.id]),
    );
    const after = await t.db.query<{ updated_at: Date }>('select updated_at from public.health_records where id = $1', [
      written.id,
    ]);
    expect(after.rows[0]?.updated_at.getTime()).toBeGreaterThan(written.updated_at.getTime());
  });

  const long = (length: number) => 'a'.repeat(length);
  it.each([
    ['a kind it does not know', { kind: 'chirurgie' }, 'health_records_kind_valeurs', 'Type de soin invalide'],
    [
      'an empty label',
      { label: '   ' },
      'health_records_label_longueur',
      `Le nom du soin est requis (${HEALTH_LIMITS.labelMaxLength} caractères maximum)`,
    ],
    [
      'a label too long',
      { label: long(HEALTH_LIMITS.labelMaxLength + 1) },
      'health_records_label_longueur',
      `Le nom du soin est requis (${HEALTH_LIMITS.labelMaxLength} caractères maximum)`,
    ],
    [
      'a next due date before the care',
      { given_on: '2030-03-01', next_due_on: '2030-02-28' },
      'health_records_echeance_apres_soin',
      'La prochaine échéance ne peut pas précéder la date du soin',
    ],
    [
      'a weighing with a due date',
      { kind: 'weight', label: 'Pesée', weight_kg: 12, next_due_on: '2031-01-01' },
      'health_records_pesee_sans_echeance',
      "Une pesée n'a pas de prochaine échéance",
    ],
    [
      'a weighing without its weight',
      { kind: 'weight', label: 'Pesée' },
      'health_records_poids_pesee',
      'Le poids se note avec une pesée, et seulement avec elle',
    ],
    [
      'a weight on a vaccination',
      { weight_kg: 12 },
      'health_records_poids_pesee',
      'Le poids se note avec une pesée, et seulement avec elle',
    ],
    [
      'no weight at all',
      { kind: 'weight', label: 'Pesée', weight_kg: 0 },
      'health_records_poids_plage',
      'Le poids doit être compris entre 0 et 200 kg',
    ],
    [
      'a weight too high',
      { kind: 'weight', label: 'Pesée', weight_kg: HEALTH_LIMITS.weightMaxKg },
      'health_records_poids_plage',
      'Le poids doit être compris entre 0 et 200 kg',
    ],
    [
      'a visit or a weight shown to a finder',
      { kind: 'visit', label: 'Bilan annuel', shown_to_finder: true },
      'health_records_visible_soins',
      "Seuls un vaccin ou un traitement peuvent être montrés à qui trouve l'animal",
    ],
    [
      'notes too long',
      { notes: long(HEALTH_LIMITS.notesMaxLength + 1) },
      'health_records_notes_longueur',
      `Notes : ${HEALTH_LIMITS.notesMaxLength} caractères maximum`,
    ],
  ])('refuses %s, naming its rule', async (_, fields, constraint, message) => {
    const { animalId } = await t.activateAnimal(owner);
    const row = { kind: 'vaccination', label: 'Rage', given_on: '2030-03-01', ...fields } as Record<string, unknown>;
    const attempt = await t.attempt(
      owner,
      `insert into public.health_records
         (animal_id, kind, label, given_on, next_due_on, weight_kg, notes, shown_to_finder)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        animalId,
        row.kind,
        row.label,
        row.given_on,
        row.next_due_on ?? null,
        row.weight_kg ?? null,
        row.notes ?? null,
        row.shown_to_finder ?? false,
      ],
    );
    expect(attempt.error).toMatchObject({ code: '23514', constraint });
    expect(databaseErrorMessage(attempt.error ?? {})).toBe(message);
  });

  it('keeps the limits themselves: the longest label and notes, the lightest and heaviest weights', async () => {
    const { animalId } = await t.activateAnimal(owner);
    for (const [label, weight, notes] of [
      [long(HEALTH_LIMITS.labelMaxLength), 0.01, long(HEALTH_LIMITS.notesMaxLength)],
      ['Pesée', 199.99, null],
    ] as const) {
      expect(
        await outcome(
          owner,
          `insert into public.health_records (animal_id, kind, label, given_on, weight_kg, notes)
           values ($1, 'weight', $2, '2030-03-01', $3, $4)`,
          [animalId, label, weight, notes],
        ),
      ).toBe(1);
    }
    expect(await outcome(owner, insertRecord.replace("'2031-03-01'", "'2030-03-01'"), [animalId])).toBe(1);
  });
});

describe('what a finder sees of the booklet', () => {
  it('is the vaccinations and treatments its owner chose to show, while they are current, and nothing else', async () => {
    const { animalId, code } = await t.activateAnimal(owner, { nom: 'Pilou' });
    const [lastMonth, yesterday, today, nextYear] = await Promise.all([-30, -1, 0, 365].map(parisDay));
    await addRecord(animalId, { label: 'Rage', given_on: lastMonth, next_due_on: nextYear, shown_to_finder: true });
    await addRecord(animalId, {
      kind: 'treatment',
      label: 'Insuline matin et soir',
      given_on: lastMonth,
      notes: 'Lot SECRET-LOT, chez le Dr Martin',
      shown_to_finder: true,
    });
    // Due today is still current; due yesterday is past, so no longer true for a finder.
    await addRecord(animalId, {
      kind: 'treatment',
      label: 'Antiparasitaire',
      given_on: lastMonth,
      next_due_on: today,
      shown_to_finder: true,
    });
    await addRecord(animalId, {
      kind: 'treatment',
      label: 'Vermifuge',
      given_on: lastMonth,
      next_due_on: yesterday,
      shown_to_finder: true,
    });
    // Not chosen: the household's only.
    await addRecord(animalId, { label: 'Toux du chenil', given_on: lastMonth, next_due_on: nextYear });
    await addRecord(animalId, { kind: 'visit', label: 'Visite SECRET-VISITE', given_on: lastMonth });
    await addRecord(animalId, { kind: 'weight', label: 'Pesée', given_on: lastMonth, weight_kg: 31.4 });

    const { rows } = await t.db.query<{ profile: Record<string, unknown> }>(
      'select public.public_profile($1) as profile',
      [code],
    );
    const profile = rows[0]?.profile ?? {};
    // Treatments first, the newest first: what a finder must know at once.
    expect(profile.emergency_health).toEqual([
      { kind: 'treatment', label: 'Antiparasitaire', given_on: lastMonth, next_due_on: today },
      { kind: 'treatment', label: 'Insuline matin et soir', given_on: lastMonth, next_due_on: null },
      { kind: 'vaccination', label: 'Rage', given_on: lastMonth, next_due_on: nextYear },
    ]);
    for (const unseen of ['Vermifuge', 'Toux du chenil', 'SECRET', '31.4', 'Pesée']) {
      expect(JSON.stringify(profile)).not.toContain(unseen);
    }
  });

  it('is chosen by the owner and co-owners, not by a keeper, and shows nothing for an animal without it', async () => {
    const h = await household();
    const record = await addRecord(h.animalId, { label: 'Rage' });
    const show = 'update public.health_records set shown_to_finder = true where id = $1';
    expect(
      Object.fromEntries(
        await Promise.all(everyone(h).map(async ([who, actor]) => [who, await outcome(actor, show, [record])])),
      ),
    ).toEqual({ owner: 1, coOwner: 1, keeper: 0, pastKeeper: 0, leftMember: 0, stranger: 0, anon: '42501' });

    const { code } = await t.activateAnimal(owner);
    const { rows } = await t.db.query<{ profile: Record<string, unknown> }>(
      'select public.public_profile($1) as profile',
      [code],
    );
    expect(rows[0]?.profile.emergency_health).toEqual([]);
  });
});

/** A file of the animal's folder of health-documents, as Storage's row holds it. */
async function storeFile(animalId: string, fields: { ext?: string; type?: string; size?: number } = {}) {
  const { ext = 'pdf', type = 'application/pdf', size = 1000 } = fields;
  const name = `${animalId}/${randomUUID()}.${ext}`;
  await t.as('service', (tx) =>
    tx.query("insert into storage.objects (bucket_id, name, metadata) values ('health-documents', $1, $2)", [
      name,
      JSON.stringify({ mimetype: type, size }),
    ]),
  );
  return name;
}

const insertDocument = `insert into public.health_documents (animal_id, path, title, kind)
  values ($1, $2, 'Certificat de vaccination', 'vaccination')`;

describe('the documents of the booklet', () => {
  it('are read by the household, written by the owner and co-owners only', async () => {
    const h = await household();
    const path = await storeFile(h.animalId);
    const { rows } = await t.as(owner, (tx) =>
      tx.query<{ id: string }>(`${insertDocument} returning id`, [h.animalId, path]),
    );
    const document = rows[0]?.id as string;
    const rights: Record<string, unknown[]> = {};
    for (const [who, actor] of everyone(h)) {
      rights[who] = [
        await outcome(actor, 'select id from public.health_documents where animal_id = $1', [h.animalId]),
        await outcome(actor, insertDocument, [h.animalId, await storeFile(h.animalId)]),
        await outcome(actor, "update public.health_documents set title = 'Passeport' where id = $1", [document]),
        await outcome(actor, 'delete from public.health_documents where id = $1', [document]),
      ];
    }
    expect(rights).toEqual({
      owner: [1, 1, 1, 1],
      coOwner: [1, 1, 1, 1],
      keeper: [1, '42501', 0, 0],
      pastKeeper: [0, '42501', 0, 0],
      leftMember: [0, '42501', 0, 0],
      stranger: [0, '42501', 0, 0],
      anon: ['42501', '42501', '42501', '42501'],
    });
  });

  it('refuses a row whose file is not stored, and takes a stored file’s type and size, never the client’s', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const missing = await t.attempt(owner, insertDocument, [animalId, `${animalId}/${randomUUID()}.pdf`]);
    expect(missing.error).toMatchObject({ code: '23514', constraint: 'health_documents_fichier_enregistre' });
    expect(databaseErrorMessage(missing.error ?? {})).toBe(
      "Le fichier de ce document n'est pas enregistré : envoyez-le à nouveau.",
    );
    const path = await storeFile(animalId, { ext: 'png', type: 'image/png', size: 4321 });
    expect(
      await outcome(
        owner,
        `insert into public.health_documents (animal_id, path, title, kind, content_type, size_bytes)
         values ($1, $2, 'Passeport', 'passeport', 'application/pdf', 1)`,
        [animalId, path],
      ),
    ).toBe('42501');
    const { rows } = await t.as(owner, (tx) =>
      tx.query(`${insertDocument} returning content_type, size_bytes::integer as size_bytes, created_by`, [
        animalId,
        path,
      ]),
    );
    expect(rows).toEqual([{ content_type: 'image/png', size_bytes: 4321, created_by: owner.id }]);
  });

  it.each([
    [
      'a file of another animal’s folder',
      'health_documents_path_dossier',
      "Ce fichier n'est pas dans le dossier de cet animal",
    ],
    ['a file that has its row already', 'health_documents_path_key', 'Ce fichier a déjà sa fiche dans le carnet'],
    ['an empty title', 'health_documents_titre_longueur', 'Le titre du document est requis (120 caractères maximum)'],
    ['a kind it does not know', 'health_documents_kind_valeurs', 'Type de document invalide'],
  ])('refuses %s, naming its rule', async (what, constraint, message) => {
    const { animalId } = await t.activateAnimal(owner);
    const { animalId: otherAnimal } = await t.activateAnimal(owner);
    const path = await storeFile(otherAnimal);
    if (what.includes('its row')) await t.as(owner, (tx) => tx.query(insertDocument, [otherAnimal, path]));
    const [animal, title, kind] = {
      'a file of another animal’s folder': [animalId, 'Passeport', 'passeport'],
      'a file that has its row already': [otherAnimal, 'Passeport', 'passeport'],
      'an empty title': [otherAnimal, ' ', 'passeport'],
      'a kind it does not know': [otherAnimal, 'Ordonnance', 'ordonnance'],
    }[what] as string[];
    const attempt = await t.attempt(
      owner,
      'insert into public.health_documents (animal_id, path, title, kind) values ($1, $2, $3, $4)',
      [animal, path, title, kind],
    );
    expect(attempt.error).toMatchObject({ constraint });
    expect(databaseErrorMessage(attempt.error ?? {})).toBe(message);
  });

  it('lose their row with their file: removing the file through Storage removes the document', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const path = await storeFile(animalId);
    await t.as(owner, (tx) => tx.query(insertDocument, [animalId, path]));
    await t.as(owner, async (tx) => {
      await tx.query("select set_config('storage.allow_delete_query', 'true', true)");
      await tx.query("select set_config('storage.operation', 'storage.object.delete_many', true)");
      await tx.query("delete from storage.objects where bucket_id = 'health-documents' and name = $1", [path]);
    });
    const { rows } = await t.db.query('select 1 from public.health_documents where path = $1', [path]);
    expect(rows).toEqual([]);
  });
});

describe('the files of the health-documents bucket', () => {
  const upload = (actor: Actor, name: string, metadata: Record<string, unknown> = { mimetype: 'application/pdf' }) =>
    t.attempt(actor, "insert into storage.objects (bucket_id, name, metadata) values ('health-documents', $1, $2)", [
      name,
      JSON.stringify(metadata),
    ]);

  it('are written by the owner and co-owners in the animal’s folder, downloaded by its household, signed by none of them, removed by the writers', async () => {
    const h = await household();
    const stored = await storeFile(h.animalId);
    const select = "select 1 from storage.objects where bucket_id = 'health-documents' and name = $1";
    const rights: Record<string, unknown[]> = {};
    for (const [who, actor] of everyone(h)) {
      // As Storage uploads: the row inserted, and read back (RETURNING), under the upload's operation.
      const write = await t.attempt(
        actor,
        "insert into storage.objects (bucket_id, name, metadata) values ('health-documents', $1, $2) returning id",
        [`${h.animalId}/${randomUUID()}.pdf`, JSON.stringify({ mimetype: 'application/pdf' })],
        { storageOperation: 'storage.object.upload' },
      );
      rights[who] = [
        write.error?.code ?? write.rowCount,
        await outcome(actor, select, [stored], 'storage.object.get_authenticated'),
        await outcome(actor, select, [stored], 'storage.object.sign'),
        await outcome(actor, select, [stored], 'storage.object.sign_many'),
        await outcome(actor, select, [stored], 'storage.object.list'),
        await outcome(actor, select, [stored]),
        (
          await t.attempt(
            actor,
            "delete from storage.objects where bucket_id = 'health-documents' and name = $1 returning id",
            [stored],
            {
              asStorageApi: true,
              storageOperation: 'storage.object.delete_many',
            },
          )
        ).rowCount,
        await outcome(actor, "update storage.objects set metadata = '{}' where name = $1", [stored]),
      ];
    }
    // Nobody replaces a stored document (no update policy): it is removed and another is uploaded. Nobody signs
    // a URL of one through Storage (health-document-link does, for a minute), nor lists them, nor reads them
    // outside Storage.
    expect(rights).toEqual({
      owner: [1, 1, 0, 0, 0, 0, 1, 0],
      coOwner: [1, 1, 0, 0, 0, 0, 1, 0],
      keeper: ['42501', 1, 0, 0, 0, 0, 0, 0],
      pastKeeper: ['42501', 0, 0, 0, 0, 0, 0, 0],
      leftMember: ['42501', 0, 0, 0, 0, 0, 0, 0],
      stranger: ['42501', 0, 0, 0, 0, 0, 0, 0],
      anon: ['42501', 0, 0, 0, 0, 0, 0, 0],
    });
  });

  it('answer health_document_path: the path to a member of the household today, else not_found; no account, session_expired', async () => {
    const h = await household();
    const path = await storeFile(h.animalId);
    await t.db.query(
      "insert into public.health_documents (animal_id, path, title, kind) values ($1, $2, 'Passeport', 'passeport')",
      [h.animalId, path],
    );
    const { rows } = await t.db.query<{ id: string }>('select id from public.health_documents where path = $1', [path]);
    const id = rows[0]?.id as string;
    const answers: Record<string, unknown> = {};
    for (const [who, actor] of everyone(h)) {
      const attempt = await t.attempt<{ value: unknown }>(actor, 'select public.health_document_path($1) as value', [
        id,
      ]);
      answers[who] = attempt.error?.code ?? attempt.rows[0]?.value;
    }
    expect(answers).toEqual({
      owner: { path },
      coOwner: { path },
      keeper: { path },
      pastKeeper: { reason: 'not_found' },
      leftMember: { reason: 'not_found' },
      stranger: { reason: 'not_found' },
      anon: '42501',
    });
    expect((await t.attempt('service', 'select public.health_document_path($1)', [id])).error?.code).toBe('42501');
    // A token of an account since deleted.
    const gone = await t.createOwner('parti');
    await t.db.query('delete from auth.users where id = $1', [gone.id]);
    const ghost = await t.attempt<{ value: unknown }>(gone, 'select public.health_document_path($1) as value', [id]);
    expect(ghost.rows[0]?.value).toEqual({ reason: 'session_expired' });
  });

  it('are named {animal_id}/{uuid}.{ext}, the extension that of their type', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const id = randomUUID();
    for (const [name, metadata, message] of [
      [`${animalId}/carnet.pdf`, {}, 'A health document is stored as {animal_id}/{uuid}.pdf, .jpg, .png or .webp'],
      [`${animalId}/${id}.gif`, {}, 'A health document is stored as {animal_id}/{uuid}.pdf, .jpg, .png or .webp'],
      [`${animalId}/sub/${id}.pdf`, {}, 'A health document is stored as {animal_id}/{uuid}.pdf, .jpg, .png or .webp'],
      [`${animalId}/${id}.pdf`, { mimetype: 'image/png' }, 'A file named .pdf cannot be image/png'],
      [`${animalId}/${id}.jpg`, { mimetype: 'application/pdf' }, 'A file named .jpg cannot be application/pdf'],
    ] as const) {
      expect((await upload(owner, name, metadata)).error, name).toMatchObject({ code: '42501', message });
    }
    for (const [ext, mimetype] of [
      ['pdf', 'application/pdf'],
      ['jpg', 'image/jpeg'],
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ]) {
      expect((await upload(owner, `${animalId}/${randomUUID()}.${ext}`, { mimetype })).error, ext).toBeUndefined();
    }
  });

  it(`hold at most ${HEALTH_LIMITS.documentsPerAnimal} files and ${HEALTH_LIMITS.documentBytesPerAnimal / 1024 / 1024} MB per animal, whoever writes them`, async () => {
    const { animalId } = await t.activateAnimal(owner);
    for (let i = 0; i < HEALTH_LIMITS.documentsPerAnimal; i += 1) await storeFile(animalId, { size: 10 });
    const full = await upload('service', `${animalId}/${randomUUID()}.pdf`, { mimetype: 'application/pdf', size: 1 });
    expect(full.error).toMatchObject({
      code: '42501',
      message: `The folder ${animalId}/ already holds ${HEALTH_LIMITS.documentsPerAnimal} files, the most it may hold`,
    });

    const { animalId: heavy } = await t.activateAnimal(owner);
    for (let i = 0; i < 5; i += 1) await storeFile(heavy, { size: HEALTH_LIMITS.documentMaxBytes });
    expect((await upload(owner, `${heavy}/${randomUUID()}.pdf`, { size: 1 })).error).toMatchObject({
      code: '42501',
      message: `The folder ${heavy}/ may hold 50 MB in all`,
    });
    // The size a client declares before its body counts too (Storage's trial insert).
    const { animalId: declared } = await t.activateAnimal(owner);
    await storeFile(declared, { size: HEALTH_LIMITS.documentBytesPerAnimal - 10 });
    expect((await upload(owner, `${declared}/${randomUUID()}.pdf`, { contentLength: 11 })).error).toMatchObject({
      code: '42501',
    });
    expect((await upload(owner, `${declared}/${randomUUID()}.pdf`, { contentLength: 10 })).error).toBeUndefined();
  });
});

interface Reminder {
  record_id: string;
  email: string;
  animal_id: string;
  animal_name: string;
  label: string;
  record_kind: string;
  kind: 'before' | 'on_day';
  due_on: string;
}

/** A day of its own for each test, far ahead: the claims of one test never meet another's records. */
let nextDay = 0;
const aDay = () => {
  nextDay += 40;
  return new Date(Date.UTC(2040, 0, 1) + nextDay * 86_400_000).toISOString().slice(0, 10);
};
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function claim(asOf: string | null, limit = 100, actor: Actor = 'service') {
  const { rows } = await t.as(actor, (tx) =>
    tx.query<{ reminders: Reminder[] }>('select public.claim_health_reminders($1::date, 7, $2) as reminders', [
      asOf,
      limit,
    ]),
  );
  return rows[0]?.reminders ?? [];
}

const summary = (reminders: Reminder[]) => reminders.map((r) => `${r.kind} ${r.label} ${r.email}`).sort();

describe('the reminders', () => {
  it('go 7 days before a due date and on the day, once, to each member who chose them and may still see the animal', async () => {
    const asOf = aDay();
    const h = await household(plusDays(asOf, 3));
    // The keeper's access ends after the first reminder's day and before the second's.
    const switchedOff = await t.createOwner('sans-rappels');
    await t.db.query(
      "insert into public.animal_members (animal_id, user_id, role, reminders_email) values ($1, $2, 'co_owner', false)",
      [h.animalId, switchedOff.id],
    );
    await t.db.query('update public.animal_members set access_until = $3 where animal_id = $1 and user_id = $2', [
      h.animalId,
      h.pastKeeper.id,
      plusDays(asOf, -1),
    ]);
    const record = await addRecord(h.animalId, { given_on: '2039-01-01', next_due_on: plusDays(asOf, 7) });
    await addRecord(h.animalId, { label: 'Vermifuge', kind: 'treatment', next_due_on: plusDays(asOf, 3) });
    await addRecord(h.animalId, { kind: 'weight', label: 'Pesée', weight_kg: 8.5 });

    const before = await claim(asOf);
    expect(summary(before)).toEqual(
      [`before Rage ${owner.email}`, `before Rage ${h.coOwner.email}`, `before Rage ${h.keeper.email}`].sort(),
    );
    expect(before[0]).toMatchObject({
      record_id: record,
      animal_id: h.animalId,
      animal_name: 'Filou',
      record_kind: 'vaccination',
      due_on: plusDays(asOf, 7),
    });
    expect(await claim(asOf)).toEqual([]);

    expect(await claim(plusDays(asOf, 1))).toEqual([]);
    const onDay = await claim(plusDays(asOf, 7));
    expect(summary(onDay)).toEqual([`on_day Rage ${owner.email}`, `on_day Rage ${h.coOwner.email}`].sort());
    expect(await claim(plusDays(asOf, 7))).toEqual([]);
    const { rows } = await t.db.query('select kind from public.health_reminders_sent where record_id = $1', [record]);
    expect(rows).toHaveLength(5);
  });

  it('tell a keeper on their last day, and a member who switched reminders back on', async () => {
    const asOf = aDay();
    const h = await household(asOf);
    await t.db.query('update public.animal_members set reminders_email = false where animal_id = $1 and user_id = $2', [
      h.animalId,
      h.coOwner.id,
    ]);
    await addRecord(h.animalId, { next_due_on: asOf });
    expect(summary(await claim(asOf))).toEqual([`on_day Rage ${owner.email}`, `on_day Rage ${h.keeper.email}`].sort());
    await t.as(h.coOwner, (tx) =>
      tx.query('update public.animal_members set reminders_email = true where animal_id = $1 and user_id = $2', [
        h.animalId,
        h.coOwner.id,
      ]),
    );
    expect(summary(await claim(asOf))).toEqual([`on_day Rage ${h.coOwner.email}`]);
  });

  it('follow a due date that moves, and go nowhere for a deleted animal or a member who left', async () => {
    const asOf = aDay();
    const h = await household();
    const record = await addRecord(h.animalId, { next_due_on: plusDays(asOf, 7) });
    expect(await claim(asOf)).toHaveLength(2);
    await t.db.query('update public.health_records set next_due_on = $2 where id = $1', [record, plusDays(asOf, 8)]);
    expect(summary(await claim(plusDays(asOf, 1)))).toEqual(
      [`before Rage ${owner.email}`, `before Rage ${h.coOwner.email}`].sort(),
    );

    await t.as(h.coOwner, (tx) => tx.query('select public.remove_animal_member($1, $2)', [h.animalId, h.coOwner.id]));
    await t.db.query('update public.health_records set next_due_on = $2 where id = $1', [record, plusDays(asOf, 9)]);
    expect(summary(await claim(plusDays(asOf, 2)))).toEqual([`before Rage ${owner.email}`]);

    await t.db.query('update public.health_records set next_due_on = $2 where id = $1', [record, plusDays(asOf, 10)]);
    await t.as(owner, (tx) => tx.query('select public.delete_animal($1)', [h.animalId]));
    expect(await claim(plusDays(asOf, 3))).toEqual([]);
    const { rows } = await t.db.query('select 1 from public.health_reminders_sent where record_id = $1', [record]);
    expect(rows).toEqual([]);
  });

  it('come a few at a time when asked so, each once, even from two runs at once', async () => {
    const asOf = aDay();
    const animals = await Promise.all([1, 2, 3].map(() => t.activateAnimal(owner)));
    for (const { animalId } of animals) {
      await addRecord(animalId, { next_due_on: asOf });
      await addRecord(animalId, { label: 'Vermifuge', kind: 'treatment', next_due_on: plusDays(asOf, 7) });
    }
    expect(await claim(asOf, 2)).toHaveLength(2);
    const [first, second] = await Promise.all([claim(asOf, 100), claim(asOf, 100)]);
    const records = [...(first ?? []), ...(second ?? [])].map((r) => `${r.record_id} ${r.kind}`);
    expect(records).toHaveLength(4);
    expect(new Set(records).size).toBe(4);
    expect(await claim(asOf)).toEqual([]);
  });

  it('are today’s in Paris unless told otherwise', async () => {
    const { animalId } = await t.activateAnimal(owner, { nom: 'Aujourd’hui' });
    await addRecord(animalId, { given_on: await parisDay(-300), next_due_on: await parisDay(7) });
    const mine = (await claim(null)).filter((r) => r.animal_id === animalId);
    expect(mine).toMatchObject([{ kind: 'before', due_on: await parisDay(7) }]);
  });

  it('are claimed by the service role alone', async () => {
    const h = await household();
    for (const actor of ['anon', owner, h.coOwner] as Actor[]) {
      const attempt = await t.attempt(actor, 'select public.claim_health_reminders()', []);
      expect(attempt.error?.code).toBe('42501');
      expect(await outcome(actor, 'select 1 from public.health_reminders_sent', [])).toBe('42501');
    }
  });
});
