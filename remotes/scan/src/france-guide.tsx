// What to do in France when nobody answers the phone (issue 17): plain steps, no legal advice. Loaded
// when the guide opens (at once when the animal is lost), so that the route's JavaScript stays within its
// budget; every language's steps are here, a few hundred bytes each.
import { OWNER_TEXT } from './copy.ts';
import type { Language } from './i18n.ts';

interface GuideSteps {
  owner: string;
  vet: string;
  icadBefore: string;
  icadLink: string;
  icadAfter: string;
  townHall: string;
}

const STEPS: Record<Language, GuideSteps> = {
  fr: {
    owner: 'Appelez ou écrivez à son propriétaire avec les boutons de cette page.',
    vet: "Personne ne répond ? N'importe quel vétérinaire peut lire gratuitement sa puce ou son tatouage.",
    icadBefore: 'Vous pouvez aussi déclarer l’animal trouvé auprès de l’',
    icadLink: 'I-CAD',
    icadAfter:
      ', le fichier national d’identification des chiens et chats : il prévient son propriétaire sans vous donner ses coordonnées.',
    townHall:
      'Sinon, adressez-vous à la mairie de la commune où vous l’avez trouvé, ou à la gendarmerie (ou au commissariat) : ils prennent le relais. La fourrière animale est placée sous la responsabilité du maire.',
  },
  en: {
    owner: 'Call or write to its owner with the buttons on this page.',
    vet: 'No answer? Any vet can read its microchip or tattoo free of charge.',
    icadBefore: 'You can also report the animal as found to ',
    icadLink: 'I-CAD',
    icadAfter:
      ', the French national register of dogs and cats: it will contact the owner without giving you their details.',
    townHall:
      "Otherwise, go to the town hall (mairie) of the place where you found it, or to the gendarmerie (or the police station): they will take over. The animal pound (fourrière) is the mayor's responsibility.",
  },
  es: {
    owner: 'Llame o escriba a su dueño con los botones de esta página.',
    vet: '¿No contesta nadie? Cualquier veterinario puede leer gratis su microchip o su tatuaje.',
    icadBefore: 'También puede declarar el animal encontrado ante el ',
    icadLink: 'I-CAD',
    icadAfter: ', el registro nacional francés de perros y gatos: avisará a su dueño sin darle a usted sus datos.',
    townHall:
      'Si no, diríjase al ayuntamiento (mairie) del municipio donde lo encontró, o a la gendarmería (o a la comisaría): ellos se encargarán. La perrera municipal (fourrière) depende del alcalde.',
  },
  de: {
    owner: 'Rufen Sie den Besitzer an oder schreiben Sie ihm über die Schaltflächen auf dieser Seite.',
    vet: 'Niemand meldet sich? Jeder Tierarzt liest den Chip oder die Tätowierung kostenlos aus.',
    icadBefore: 'Sie können das gefundene Tier auch bei ',
    icadLink: 'I-CAD',
    icadAfter:
      ' melden, dem französischen Register für Hunde und Katzen: Es benachrichtigt den Besitzer, ohne Ihnen dessen Daten zu geben.',
    townHall:
      'Sonst wenden Sie sich an das Rathaus (mairie) des Ortes, an dem Sie es gefunden haben, oder an die Gendarmerie (oder die Polizei): Sie übernehmen. Für die Tierauffangstation der Gemeinde (fourrière) ist der Bürgermeister zuständig.',
  },
  it: {
    owner: 'Chiama o scrivi al suo proprietario con i pulsanti di questa pagina.',
    vet: 'Non risponde nessuno? Qualsiasi veterinario può leggere gratuitamente il suo microchip o tatuaggio.',
    icadBefore: "Puoi anche segnalare l'animale trovato all'",
    icadLink: 'I-CAD',
    icadAfter: ', il registro nazionale francese di cani e gatti: avviserà il proprietario senza darti i suoi dati.',
    townHall:
      'Altrimenti rivolgiti al municipio (mairie) del comune in cui l’hai trovato, o alla gendarmeria (o al commissariato): se ne occuperanno loro. Il canile municipale (fourrière) è sotto la responsabilità del sindaco.',
  },
  nl: {
    owner: 'Bel of schrijf de eigenaar met de knoppen op deze pagina.',
    vet: 'Neemt niemand op? Elke dierenarts leest de chip of tatoeage gratis uit.',
    icadBefore: 'U kunt het gevonden dier ook melden bij ',
    icadLink: 'I-CAD',
    icadAfter:
      ', het Franse nationale register van honden en katten: dat waarschuwt de eigenaar zonder u diens gegevens te geven.',
    townHall:
      'Anders kunt u terecht bij het gemeentehuis (mairie) van de plaats waar u het vond, of bij de gendarmerie (of het politiebureau): zij nemen het over. Het gemeentelijk dierenasiel (fourrière) valt onder de verantwoordelijkheid van de burgemeester.',
  },
};

export default function FranceGuideSteps({ language }: { language: Language }) {
  const steps = STEPS[language];
  return (
    <ol>
      <li>{steps.owner}</li>
      <li>{steps.vet}</li>
      <li>
        {steps.icadBefore}
        <a href={OWNER_TEXT.icadUrl} target="_blank" rel="noopener noreferrer">
          {steps.icadLink}
        </a>
        {steps.icadAfter}
      </li>
      <li>{steps.townHall}</li>
    </ol>
  );
}
