import '../../ui/print-sheet.css';
import './booklet-print.css';
import { HEALTH_DOCUMENT_KINDS, HEALTH_RECORD_KINDS, sexLabel, speciesLabel } from '@medaille/domain';
import { animalBookletPath } from '@medaille/routing';
import { Link } from '@medaille/routing/router';
import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { parisDay, parisTime } from '../../ui/paris-time.ts';
import { type MemberAnimal, MemberAnimalRoute } from '../animals/index.ts';
import { useHealthRecords } from './api.ts';
import { BOOKLET_COPY } from './copy.ts';
import { useHealthDocuments } from './documents.ts';

const text = BOOKLET_COPY.booklet;

/**
 * /mon-compte/animal/{id}/carnet/imprimer: the health booklet on A4 sheets, printed from the browser, for a
 * keeper or the vet: who the animal is and what its owner wrote of its health, then every record by kind, and
 * the list of its documents (their files are opened from the booklet's page).
 */
export function BookletPrintPage() {
  return <MemberAnimalRoute>{(animal) => <BookletPrint animal={animal} />}</MemberAnimalRoute>;
}

function BookletPrint({ animal }: { animal: MemberAnimal }) {
  const records = useHealthRecords(animal.id).load;
  const documents = useHealthDocuments(animal.id).load;
  const facts = [
    [text.print.species, speciesLabel(animal.espece)],
    [text.print.breed, animal.race],
    [text.print.sex, sexLabel(animal.sexe)],
    [text.print.birthYear, animal.annee_naissance === null ? null : String(animal.annee_naissance)],
    [text.print.chip, animal.puce_ou_tatouage],
    [text.print.allergies, animal.allergies],
    [text.print.medications, animal.medications],
    [text.print.vet, animal.informations_veterinaires],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  const failed = records.state === 'failed' || documents.state === 'failed';

  return (
    <div className="booklet-print-page">
      <Flex direction="column" gap="3" className="booklet-print-toolbar">
        <Text as="p" size="2" color="gray">
          {text.print.hint}
        </Text>
        {failed ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{text.loadFailed}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" wrap="wrap">
          <Button size="3" onClick={() => window.print()} disabled={records.state !== 'ready'}>
            {text.print.print}
          </Button>
          <Button asChild size="3" variant="soft">
            <Link to={animalBookletPath(animal.id)}>{text.print.back}</Link>
          </Button>
        </Flex>
      </Flex>
      <article className="booklet-sheet print-sheet" aria-labelledby="booklet-sheet-title">
        <Heading as="h1" id="booklet-sheet-title">
          {text.title(animal.nom)}
        </Heading>
        <p className="booklet-facts">
          {facts.map(([label, value], index) => (
            <span key={label}>
              {index > 0 ? ' · ' : null}
              {label} : <strong>{value}</strong>
            </span>
          ))}
        </p>
        {records.state === 'ready'
          ? HEALTH_RECORD_KINDS.map((kind) => {
              const rows = records.records.filter((record) => record.kind === kind.value);
              if (rows.length === 0) return null;
              return (
                <section key={kind.value}>
                  <h2>{text.sections[kind.value]}</h2>
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">{text.print.date}</th>
                        <th scope="col">{kind.value === 'weight' ? text.print.weight : text.print.what}</th>
                        {kind.value === 'weight' ? null : <th scope="col">{text.print.next}</th>}
                        <th scope="col">{text.notes}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((record) => (
                        <tr key={record.id}>
                          <td>{parisDay(record.given_on)}</td>
                          <td>
                            {record.kind === 'weight' && record.weight_kg !== null
                              ? text.weightOf(record.weight_kg)
                              : record.label}
                          </td>
                          {kind.value === 'weight' ? null : (
                            <td>{record.next_due_on ? parisDay(record.next_due_on) : '—'}</td>
                          )}
                          <td>{record.notes ?? ''}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
              );
            })
          : null}
        {documents.state === 'ready' && documents.documents.length > 0 ? (
          <section>
            <h2>{text.documents.title}</h2>
            <ul>
              {documents.documents.map((document) => (
                <li key={document.id}>
                  {document.title} ({HEALTH_DOCUMENT_KINDS.find((each) => each.value === document.kind)?.label},{' '}
                  {parisTime(document.created_at, 'date')})
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="booklet-printed">{text.print.printedOn(parisTime(new Date(), 'date'))}</p>
      </article>
    </div>
  );
}
