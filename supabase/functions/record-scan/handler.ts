// record-scan {codeId, animalId, lat, lon, accuracy, userAgent, consent: true}: a finder shares where
// the animal is, with consent. Stored as the animal's last known location and e-mailed to the owner (the
// point on the map, and the animal's history), at most once per code and client every 2 minutes.
import { clientHash } from '../_shared/client.ts';
import { call, serviceDatabase } from '../_shared/database.ts';
import { mapsPointUrl, normalizeCode, withoutControlCharacters } from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, isUuid, json, readJsonObject } from '../_shared/http.ts';
import { animalHistoryPath, animalHistoryUrl } from '../_shared/links.ts';
import { ownerMail } from '../_shared/mail-layout.ts';
import { alertHousehold, type OwnerMailDecision } from '../_shared/owner-digest.ts';
import { readPosition } from '../_shared/position.ts';

type ScanResult =
  | { status: 'not_found' | 'animal_mismatch' }
  | { status: 'cooldown'; retry_after_seconds: number }
  | ({
      status: 'recorded';
      code: string;
      animal_id: string;
      animal_name: string;
      recipients: string[];
    } & OwnerMailDecision);

export default function recordScan(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('record-scan', async () => {
    const input = await readJsonObject(request);
    if (!input) return failure('invalid_request');
    if (input.consent !== true) return failure('consent_required');
    const position = readPosition(input.lat, input.lon, input.accuracy);
    if (!position) return failure('invalid_location');
    const { lat, lon, accuracy } = position;
    const code = normalizeCode(typeof input.codeId === 'string' ? input.codeId : '');
    if (!code) return failure('code_not_found');
    const animalId = input.animalId ?? null;
    if (animalId !== null && !isUuid(animalId)) return failure('animal_mismatch');
    // Without the gateway's address, finders share one 2-minute cooldown per code (finderIdentity).
    const client = await clientHash(request, env);
    const userAgent = typeof input.userAgent === 'string' ? input.userAgent : request.headers.get('user-agent');

    const result = await call<ScanResult>(serviceDatabase(env), 'record_scan', {
      p_code: code,
      p_animal_id: animalId,
      p_lat: lat,
      p_lon: lon,
      p_accuracy: accuracy,
      p_user_agent: userAgent === null ? null : withoutControlCharacters(userAgent),
      p_client_hash: client,
    });
    switch (result.status) {
      case 'not_found':
        return failure('code_not_found');
      case 'animal_mismatch':
        return failure('animal_mismatch');
      case 'cooldown':
        return failure('scan_cooldown', { 'Retry-After': String(result.retry_after_seconds) });
      case 'recorded':
        await alertHousehold(env, result, (to) => locationMail(env, to, result, lat, lon, accuracy), {
          title: `Position partagée pour ${result.animal_name}`,
          body: `Quelqu'un a scanné la médaille de ${result.animal_name} et a partagé sa position.`,
          url: animalHistoryPath(result.animal_id),
          tag: `position-${result.animal_id}`,
        });
        return json({ ok: true });
    }
  })(request);
}

function locationMail(
  env: FunctionEnv,
  to: string,
  scan: { code: string; animal_id: string; animal_name: string },
  lat: number,
  lon: number,
  accuracy: number | null,
) {
  const precision = accuracy === null ? '' : ` (précision : environ ${Math.round(accuracy)} m)`;
  // The button opens the point itself: where the animal is, what the owner needs first.
  return ownerMail({
    to,
    subject: `Position partagée pour ${scan.animal_name}`,
    paragraphs: [
      { text: `Quelqu'un a scanné la médaille de ${scan.animal_name} (${scan.code}) et a partagé sa position.` },
      { text: `Position partagée${precision}, à voir sur OpenStreetMap :` },
    ],
    action: { label: 'Voir sur la carte', href: mapsPointUrl(lat, lon) },
    after: [
      {
        text: 'Toutes les positions partagées sont gardées dans votre espace :',
        link: { label: "Voir l'historique des positions", href: animalHistoryUrl(env, scan.animal_id) },
      },
    ],
  });
}
