// The authorization matrix over HTTP with supabase-js. Who (anonymous, owner A, another owner B,
// the service role, a validly signed token of a user that does not exist, and five forged tokens) may do
// what (every table, RPC, storage call and function of the product) to owner A's data. Each cell sends one
// request as that caller and asserts what an attacker would see: the answer, and that none of A's data
// leaked or changed unless the cell is 'allowed'. The expected outcomes are the table MATRIX below.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type CallerContext,
  claimsOf,
  clientWithToken,
  describeExchange,
  type Exchange,
  type Outcome,
  outcomeOf,
  type Service,
  STACK_JWT_SECRET,
  signHs256,
  unsignedJwt,
  WRONG_SECRET,
  withEditedPayload,
} from './support.ts';

const CALLERS = [
  'anon', // the anon key alone, as a finder's browser sends it
  'ownerA', // the owner of every target below, with the access token of a password sign-in
  'ownerB', // another owner, signed in the same way, with an animal of their own
  'coOwner', // a co-owner of A's animals (everything but deleting one, its members or giving it away)
  'keeper', // a keeper of A's animals, before their last day (sees, changes only the lost mode)
  'pastKeeper', // a keeper of A's animals the day after their last day
  'leftMember', // someone who was a co-owner of A's animal and was removed
  'service', // the service_role key, as the server functions have it
  'ghost', // a token signed with the project's secret for a user that does not exist
  'wrongSecret', // A's claims signed with another secret
  'algNone', // A's claims with alg "none" and no signature
  'expired', // A's claims, signed with the project's secret, expired an hour ago
  'roleResigned', // A's token with role service_role, re-signed with another secret
  'roleEdited', // A's token with role service_role written into the payload, signature kept
] as const;
type Caller = (typeof CALLERS)[number];

const OK = 'allowed';
const EMPTY = 'empty';
const DENIED = 'denied';
const REFUSED = 'refused';

/** The expected outcome of every operation for every caller (the words are defined on `Outcome`). */
// biome-ignore format: the matrix reads as a table, one column per caller.
const MATRIX: [operation: string, ...outcomes: Outcome[]][] = [
  // operation                                     anon    ownerA  ownerB  coOwner keeper  pastKpr left    service ghost   | wrongSecret algNone expired roleResigned roleEdited
  ['animals select',                              DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animals insert (owned by A)',                 DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animals update',                              DENIED,  OK,      EMPTY,   OK,      DENIED,  EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animals delete',                              DENIED,  OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animals re-own to B',                         DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_photos select',                        DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_photos insert',                        DENIED,  OK,      DENIED,  OK,      DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_photos update',                        DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_photos delete',                        DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_photos move to B’s animal',            DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  400,     DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['codes select',                                DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['codes insert',                                DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['codes update (release A’s code)',             DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['codes delete',                                DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['finder_messages select',                      DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['finder_messages insert',                      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['finder_messages update',                      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['finder_messages delete',                      DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['scan_events select',                          DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['scan_events insert',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['scan_events update',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['scan_events delete',                          DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['profile_views select',                        DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['profile_views insert',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['profile_views update',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['profile_views delete',                        DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // A loss's search page: its household reads and words it (a keeper too, while their access lasts); the lost switch
  // alone makes and ends it; the public reads it through the search function (public_search).
  ['searches select',                             DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['searches insert',                             DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['searches update',                             DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['searches delete',                             DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc public_search',                           DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // A theft: its household sees it (a keeper too, while their access lasts); its owner and co-owners declare, word
  // and end it, and give it a public page or take it off (set_theft_page); get_public_profile tells its openings
  // (public_profile_for_client decides, in the same call as the page).
  ['thefts select',                               DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['thefts insert',                               DENIED,  OK,      DENIED,  OK,      DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['thefts update',                               DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['thefts delete',                               DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc set_theft_page',                          DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // Animals found without a medal: nobody reads or writes them but the functions (report-found, the found
  // page's, deliver-outbox); a household reads the reports near its own search (found_reports_near_search).
  ['found_reports select',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['found_reports insert',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['found_reports update',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['found_reports delete',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['found_matches select',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['found_matches insert',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['found_matches update',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['found_matches delete',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc record_found_report',                       DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc public_found_report',                       DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc close_found_report',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc claim_found_matches',                       DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // A report's photos and the abuse reports on it: the found function's alone (its page shows the photos by URL).
  ['found_report_photos select',                    DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['found_report_photos insert',                    DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['found_report_abuse select',                     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc report_found_abuse',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc want_found_mail',                           DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc orphan_found_photo_files',                  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc found_reports_near_search',                 DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // 'C'est le mien': the animal's owner or a co-owner opens the conversation with the finder (claim_found_report
  // with the caller's token); the finder's address for its first e-mail is the service role's alone.
  ['rpc claim_found_report',                        DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc finder_mail_for_claim',                     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // What passers-by said on a search page: the household reads them (never who said them), any member hides
  // one, its editors delete one; only report-sighting writes them (record_sighting).
  ['sightings select',                            DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['sightings insert',                            DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['sightings update (hide)',                     DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['sightings delete',                            DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc record_sighting',                         DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc open_sighting_conversation',             DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc sighting_photo_folder',                  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // A search's followers (an address or a browser's subscription): nobody reads them, the household neither; only
  // the functions (follow-search, deliver-outbox).
  ['search_followers select',                     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['search_followers insert',                     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['search_followers update',                     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['search_followers delete',                     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc follow_search',                           DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc search_follow_by_token',                  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc unfollow_search_push',                    DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc claim_search_news',                       DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rate_limit_hits select',                      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rate_limit_hits insert',                      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rate_limit_hits update',                      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rate_limit_hits delete',                      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // The owners' e-mails waiting for the provider (addresses and finders' words): the functions' alone.
  ['mail_outbox select',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['mail_outbox insert',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['mail_outbox update',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['mail_outbox delete',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // E-mails to a finder's address: who stopped them, and each address's window (salted hashes, no address): the
  // functions' alone; anyone holding a stop link may use it (stop-finder-mail, its token names the address).
  ['finder_mail_addresses select',                DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['finder_mail_addresses update',                DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc pass_finder_mail',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc finder_mail_stop',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc claim_due_mails',                         DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc retry_mail_later',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc claim_suspension_notices',                DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // Schemas other than public are not exposed (PGRST106), not even to the service role.
  ['auth.users select',                           406,     406,     406,     406,     406,     406,     406,     406,     406,      REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage.objects select over REST',            406,     406,     406,     406,     406,     406,     406,     406,     406,      REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['private.client_hash_salt select',             406,     406,     406,     406,     406,     406,     406,     406,     406,      REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['private.finder_message_keys select',          406,     406,     406,     406,     406,     406,     406,     406,     406,      REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // RPCs: code_status is public; register_animal_with_code needs a signed-in user; the rest are the
  // server functions' own (service_role only) or run under row level security.
  ['rpc code_status',                             OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc register_animal_with_code (A’s code)',    DENIED,  EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc register_animal_with_code (free code)',   DENIED,  OK,      OK,      OK,      OK,      OK,      OK,      EMPTY,   409,      REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc public_profile',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc public_profile_for_client',               DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc record_finder_message',                   DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc finder_message_sent',                     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc record_scan',                             DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc hit_rate_limit',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc purge_old_scan_events',                   DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc reorder_animal_photos',                   DENIED,  OK,      404,     OK,      403,     404,     404,     OK,      404,      REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // Deleting an animal is its signed-in owner's alone; listing orphan files is the sweep's (service_role).
  ['rpc delete_animal',                           DENIED,  OK,      404,     403,     403,     404,     404,     DENIED,  404,      REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc orphan_photo_files',                      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // The finder's photos: where one goes and which are orphans are post_finder_message's and the sweep's.
  ['rpc finder_photo_folder',                     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc orphan_finder_photo_files',               DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // Medals: minting, looking up and suspending any code are the operators' tool's (service_role); an owner
  // suspends only the medal of their own animal.
  ['rpc mint_medal_codes',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc medal_info',                              DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc set_medal_suspended',                     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc set_my_medal_suspended',                  DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // The owner's inbox: marking read and counting unread act on the caller's own animals only; recording a
  // lost page's opening is get_public_profile's (service_role).
  ['rpc mark_messages_read',                      DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc unread_message_counts',                   DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc record_lost_profile_view',                DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc touch_date_modification (trigger)',       DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  400,     DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc enforce_photo_limit (trigger)',           DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  400,     DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // Storage, bucket animal-photos. Public files need no key at all, so a bad token changes nothing there.
  ['storage upload to A’s animal folder',         DENIED,  OK,      DENIED,  OK,      DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage upload to A’s user folder',           DENIED,  OK,      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage download public',                     OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  // The authenticated route checks the token even for a public bucket's object, as Storage does.
  ['storage download, authenticated route',       OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage list A’s animal folder',              EMPTY,   OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage remove A’s photo',                    EMPTY,   OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage replace A’s photo',                   DENIED,  OK,      DENIED,  OK,      DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage replace A’s user-folder photo',       DENIED,  OK,      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // Bucket finder-photos, private: only the animal's owner reads, lists or removes a finder's photo; only
  // the service role (post_finder_message) stores one. Storage answers an object the caller may not see
  // as not found (400), on the public route too.
  ['storage download A’s finder photo',           400,     OK,      400,     OK,      OK,      400,     400,     OK,      400,      REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage download A’s finder photo, public',   400,     400,     400,     400,     400,     400,     400,     400,     400,      400,     400,     400,     400,     400],
  ['storage list A’s finder photos',              EMPTY,   OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage remove A’s finder photo',             EMPTY,   OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage upload to A’s finder photos',         DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // The finder's functions are public (config.toml: verify_jwt = false, as finders have no account and
  // publishable keys are no JWTs): the gateway reads no token, a forged one is let through and opens
  // nothing, since the functions act for nobody but themselves and leak nothing private (checked below).
  ['function get_public_profile',                 OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  ['function post_finder_message',                OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  ['function record-scan',                        OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  ['function search',                             OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  ['function search-card',                        OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  ['function report-found',                       OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  ['function found',                              OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  ['function report-sighting',                    OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  ['function follow-search',                      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  ['function stop-finder-mail',                   OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  // delete-animal has no gateway JWT check (verify_jwt = false: it knows only the legacy secret, and would
  // refuse the owners' ES256 sessions); it calls delete_animal with the caller's token, which PostgREST
  // refuses when forged or expired (the function's 401): 401 for no user or a refused token, 403 for the
  // service role, 404 for anyone else's animal.
  ['function delete-animal',                      401,     OK,      404,     403,     403,     404,     404,     403,     404,      401,     401,     401,     401,     401],
  // sweep-photos takes any caller at the gateway (pg_cron sends a secret key, no JWT) and lists the files
  // with the caller's own key: PostgREST refuses a forged token (401), and only the service role may list.
  ['function sweep-photos',                       401,     403,     403,     403,     403,     403,     403,     OK,      403,      401,     401,     401,     401,     401],
  // deliver-outbox too (pg_cron, every minute): it claims the outbox with the caller's own key.
  ['function deliver-outbox',                       401,     403,     403,     403,     403,     403,     403,     OK,      403,      401,     401,     401,     401,     401],
  // Auth: whose account a token opens. The anon key alone is no user token (401 no_authorization); the
  // service key has no sub (403 bad_jwt); a valid token of no user opens nothing (403 user_not_found).
  ['auth getUser',                                401,     OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   REFUSED, 403,      REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // The health booklet (docs/decisions/0016-household.md): its records and documents, read by the household and written
  // by the owner and co-owners; its files in the private health-documents bucket, opened through signed URLs only and
  // never replaced; each member's reminders switch; what the reminders function (service role) alone claims and sends.
  ['health_records select',                       DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_records insert',                       DENIED,  OK,      DENIED,  OK,      DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_records update',                       DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_records delete',                       DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_records move to B’s animal',           DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_documents select',                     DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_documents insert',                     DENIED,  OK,      DENIED,  OK,      DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_documents update',                     DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_documents delete',                     DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_members update own reminders',         DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_reminders_sent select',                DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_reminders_sent insert',                DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_reminders_sent update',                DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['health_reminders_sent delete',                DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc claim_health_reminders',                  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc orphan_health_document_files',            DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage upload to A’s health documents',      DENIED,  OK,      DENIED,  OK,      DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // Members sign no URL through Storage, whose signer chooses how long it opens the document (a year, past their
  // access): health-document-link gives a current member a link of one minute, signed by the service role.
  ['storage sign A’s health document',            400,     400,     400,     400,     400,     400,     400,     OK,      400,      REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage download A’s health document',        400,     OK,      400,     OK,      OK,      400,     400,     OK,      400,      REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage list A’s health documents',           EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc health_document_path',                    DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // 401 for no user, a refused token or an account that no longer exists; 403 for the service role, which is
  // no member; 404 for anyone who is not a member today.
  ['function health-document-link',               401,     OK,      404,     OK,      OK,      404,     404,     403,     401,      401,     401,     401,     401,     401],
  ['storage download A’s health document, public', 400,     400,     400,     400,     400,     400,     400,     400,     400,      400,     400,     400,     400,     400],
  ['storage remove A’s health document',          EMPTY,   OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['storage replace A’s health document',         DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['function health-reminders',                   401,     403,     403,     403,     403,     403,     403,     OK,      403,      401,     401,     401,     401,     401],
  // The household (docs/decisions/0016-household.md): co-owner, keeper before and after their last day, a member who
  // left.
  ['animals update lost switch',                  DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_members select',                       DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_members insert (join A’s animal)',     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_members update (extend a keeper’s access)',  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_members update own alerts',            DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_members delete',                       DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_invitations select',                   DENIED,  OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_invitations insert',                   DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_invitations update',                   DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_invitations delete (revoke)',          DENIED,  OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc invite_animal_member',                    DENIED,  OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc accept_animal_invitation (sent to B)',    DENIED,  EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc invite_animal_member (offer the animal)', DENIED,  OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc accept_animal_invitation (the animal offered to B)',DENIED,  EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc animal_household',                        DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc set_animal_member_role',                  DENIED,  OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc remove_animal_member (the keeper)',       DENIED,  OK,      EMPTY,   EMPTY,   OK,      EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['function invite-member',                      401,     OK,      403,     403,     403,     403,     403,     403,     403,      401,     401,     401,     401,     401],
  // The link of an invitation: read and refused with its token alone, its only credential (what it
  // shows, the sender's address among it as in the e-mail, is tests/functions/household-invitations.test.ts's);
  // accepted with the invited person's session only: 401 for no user or a refused token, 403 for anyone else.
  ['rpc animal_invitation_offer',                 DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc refuse_animal_invitation',                DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['function answer-invitation (refuse)',         OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  ['function answer-invitation (accept, sent to B)', 401,  403,     OK,      403,     403,     403,     403,     403,     403,      401,     401,     401,     401,     401],
  ['animal_activity select',                      DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_activity insert',                      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_activity update',                      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['animal_activity delete',                      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // Conversations (docs/decisions/0017-finder-owner-conversation.md): the household reads them and answers through
  // answer_conversation (a keeper until their last day too), the owner and co-owners block; the finder's link (the
  // conversation function, whose token is its only credential) reads and writes through the service role's functions
  // alone.
  ['conversations select',                        DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['conversations select the finder’s link',      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['conversations insert',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['conversations update (unblock)',              DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['conversations delete',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['conversation_replies select',                 DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['conversation_replies insert',                 DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['conversation_replies update',                 DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['conversation_replies delete',                 DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc answer_conversation',                     DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc block_conversation',                      DENIED,  OK,      EMPTY,   OK,      EMPTY,   EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc finder_conversation',                     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc record_conversation_message',             DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc delete_finder_conversation_message',      DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc finder_mail_for_reply',                   DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc want_finder_mail',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['reunions select',                             DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['reunions insert',                             DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['reunions update',                             DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['reunions delete',                             DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc set_reunion_channel',                     DENIED,  OK,      EMPTY,   OK,      OK,      EMPTY,   EMPTY,   DENIED,  EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc reunion_stats',                           DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc claim_found_notices',                     DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['push_subscriptions select',                   DENIED,  OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['push_subscriptions select the device’s keys', DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['push_subscriptions insert',                   DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['push_subscriptions update (take A’s device)', DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['push_subscriptions delete',                   DENIED,  OK,      EMPTY,   EMPTY,   EMPTY,   EMPTY,   EMPTY,   OK,      EMPTY,    REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['push_outbox select',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['push_outbox insert',                          DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  // A renews their own device with new keys (a browser subscribed anew); nobody else takes it with theirs.
  ['rpc save_push_subscription (A’s endpoint, other keys)', DENIED, OK, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, DENIED, DENIED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc push_targets',                            DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['rpc claim_due_pushes',                        DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  DENIED,  OK,      DENIED,   REFUSED, REFUSED, REFUSED, REFUSED, REFUSED],
  ['function conversation',                       OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,      OK,       OK,      OK,      OK,      OK,      OK],
  ['function answer-conversation',                401,     OK,      404,     OK,      OK,      404,     404,     403,     404,      401,     401,     401,     401,     401],
  // claim-found likewise: 403 for whoever is not the animal's owner or co-owner (claim_found_report's not_allowed)
  // and for the service role (not granted).
  ['function claim-found',                        401,     OK,      403,     OK,      403,     403,     403,     403,     403,      401,     401,     401,     401,     401],
];

// What only A (and the service role) may ever see: any answer to anyone else containing one of these leaks.
const PRIVATE_EMAIL = 'prive-a@example.fr';
// As stored (E.164): a leak would carry this form.
const PRIVATE_PHONE = '+33699000001';
const HIDDEN_PUBLIC_PHONE = '+33611000002';
const HIDDEN_SECOND_EMAIL = 'second-cache-a@example.fr';
const JPEG = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });
const OTHER_JPEG = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 9, 9])], { type: 'image/jpeg' });
const BUCKET = 'animal-photos';
const FINDER_BUCKET = 'finder-photos';

let stack: TestStack;
let service: SupabaseClient;
let ownerA: Awaited<ReturnType<TestStack['signedInOwner']>>;
let ownerB: Awaited<ReturnType<TestStack['signedInOwner']>>;
/** A's household on every animal of A's: a co-owner, a keeper, a keeper whose last day has passed. */
let household: Record<
  'coOwner' | 'keeper' | 'pastKeeper' | 'leftMember',
  Awaited<ReturnType<TestStack['signedInOwner']>>
>;
let tokens: Record<Caller, string>;
/** A's data shared by the cells that read it; cells that write make their own with `fresh`. */
let f: {
  animal: string;
  code: string;
  photo: string;
  photoPath: string;
  message: string;
  event: string;
  rateBucket: string;
  queuedMail: string;
  animalOfB: string;
  search: string;
};

const marker = () => `intrus-${randomUUID()}`;
/** 64 random hex characters, as a conversation's links are. */
const hex64 = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');

async function must<T>(query: PromiseLike<{ data: T; error: unknown }>): Promise<T> {
  const { data, error } = await query;
  if (error) throw new Error(`fixture: ${JSON.stringify(error)}`);
  return data;
}

/** Makes the household members of one of A's animals (as accepting invitations would). */
async function addHousehold(animalId: string) {
  await stack.db.query(
    `insert into public.animal_members (animal_id, user_id, role, access_until)
     values ($1, $2, 'co_owner', null), ($1, $3, 'keeper', current_date + 30), ($1, $4, 'keeper', current_date - 2)`,
    [animalId, household.coOwner.userId, household.keeper.userId, household.pastKeeper.userId],
  );
}

/** A's data made for one cell, so that what one cell may change never touches another. */
const fresh = {
  async animal() {
    const animal = await stack.activatedAnimal(ownerA.client, { nom: 'Frais' });
    await addHousehold(animal.animalId);
    return animal;
  },
  /** The open search of a new animal of A's, marked lost (the lost switch makes it). */
  async search() {
    const { animalId } = await fresh.animal();
    await stack.db.query('update public.animals set is_lost = true where id = $1', [animalId]);
    const { rows } = await stack.db.query<{ id: string }>('select id from public.searches where animal_id = $1', [
      animalId,
    ]);
    return rows[0]?.id as string;
  },
  /** The open theft of a new animal of A's, declared an hour ago. */
  async theft() {
    const { animalId } = await fresh.animal();
    const { rows } = await stack.db.query<{ id: string }>(
      "insert into public.thefts (animal_id, stolen_at) values ($1, now() - interval '1 hour') returning id",
      [animalId],
    );
    return rows[0]?.id as string;
  },
  /** An open found report with no point (matched with nothing); its link's hash is `hash-{id}`. */
  async foundReport() {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.found_reports (species, found_at, place, token_hash)
       values ('cat', now(), $1, $1) returning id`,
      [marker()],
    );
    const id = rows[0]?.id as string;
    await stack.db.query("update public.found_reports set token_hash = 'hash-' || id where id = $1", [id]);
    return id;
  },
  /** A found report 300 m from the area of the open search of a new animal of A's, matched with it, untold. */
  async foundMatch() {
    const search = await fresh.search();
    await stack.db.query(
      'update public.searches set area_lat = 47.2, area_lon = -1.55, area_radius_m = 500 where id = $1',
      [search],
    );
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.found_reports (species, found_at, lat, lon, token_hash)
       values ('cat', now(), 47.2, -1.546, $1) returning id`,
      [marker()],
    );
    const report = rows[0]?.id as string;
    await stack.db.query(
      'insert into public.found_matches (found_report_id, search_id, distance_m) values ($1, $2, 300)',
      [report, search],
    );
    return { report, search };
  },
  /** A confirmed follower by e-mail of the open search of a new animal of A's, as follow-search stores one. */
  async follower() {
    const search = await fresh.search();
    const token = hex64();
    const email = `suivi-${randomUUID()}@example.fr`;
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.search_followers (search_id, token, email, confirmed_at) values ($1, $2, $3, now()) returning id`,
      [search, token, email],
    );
    return { id: rows[0]?.id as string, search, token, email };
  },
  /** A sighting on the open search of a new animal of A's, as report-sighting stores it. */
  async sighting() {
    const search = await fresh.search();
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.sightings (search_id, animal_id, kind, words, client_hash)
       select id, animal_id, 'seen', 'Vu au parc', 'client' from public.searches where id = $1 returning id`,
      [search],
    );
    return rows[0]?.id as string;
  },
  async photo(animalId?: string) {
    const animal = animalId ?? (await fresh.animal()).animalId;
    const row = await must(
      ownerA.client
        .from('animal_photos')
        .insert({ animal_id: animal, path: `${animal}/${randomUUID()}.jpg`, position: 0 })
        .select('id')
        .single(),
    );
    return { animalId: animal, photoId: (row as { id: string }).id };
  },
  /** A file of A's, in a new animal's folder unless a folder is given. */
  async file(folder?: string) {
    const path = `${folder ?? (await fresh.animal()).animalId}/${randomUUID()}.jpg`;
    await must(ownerA.client.storage.from(BUCKET).upload(path, JPEG(), { contentType: 'image/jpeg' }));
    return path;
  },
  /** A finder's photo of one of A's animals, stored as post_finder_message stores it (service role). */
  async finderPhoto() {
    const path = `${(await fresh.animal()).animalId}/${randomUUID()}.jpg`;
    await must(service.storage.from(FINDER_BUCKET).upload(path, JPEG(), { contentType: 'image/jpeg' }));
    return path;
  },
  /** A file of A's that no row uses, written two hours ago: what the sweep removes. */
  async agedOrphan() {
    const path = await fresh.file();
    // Storage sets updated_at to now() on every update of a row (its update_objects_updated_at trigger): the
    // row is written again instead, two hours old, its guard on deletes lifted as Storage lifts it.
    await stack.db.transaction(async (tx) => {
      await tx.query("select set_config('storage.allow_delete_query', 'true', true)");
      const { rows } = await tx.query('delete from storage.objects where bucket_id = $1 and name = $2 returning *', [
        BUCKET,
        path,
      ]);
      await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version, created_at, updated_at)
         select id, bucket_id, name, owner, owner_id, metadata, version, now() - interval '2 hours', now() - interval '2 hours'
         from json_populate_record(null::storage.objects, $1::json)`,
        [JSON.stringify(rows[0])],
      );
    });
    return path;
  },
  async row(table: 'finder_messages' | 'scan_events', fields: Record<string, unknown> = {}) {
    const base = { animal_id: f.animal, code_id: f.code };
    const values: Record<string, unknown> =
      table === 'finder_messages'
        ? { ...base, message: 'Vu près du parc', ...fields }
        : { ...base, lat: 45.76, lon: 4.83, consent: true, ...fields };
    const row = await must(service.from(table).insert(values).select('id').single());
    return (row as { id: string }).id;
  },
  /** An opening of A's animal's page, as get_public_profile records it while the animal is lost. */
  async view() {
    const row = await must(
      service.from('profile_views').insert({ animal_id: f.animal, code_id: f.code }).select('id').single(),
    );
    return (row as { id: string }).id;
  },
  /** A finder's address the functions have e-mailed: answers the token of its stop link. */
  async finderMailToken() {
    return (await must(
      service.rpc('pass_finder_mail', { p_address: `${marker()}@example.fr`, p_link: true }),
    )) as string;
  },
  /** An owner's e-mail waiting in the outbox, due now or (not due) in an hour: answers its id. */
  async queuedMail(due = false) {
    const id = randomUUID();
    const next = new Date(Date.now() + (due ? -1000 : 3_600_000)).toISOString();
    await must(
      service.from('mail_outbox').insert({
        id,
        // An account's address: the outbox drops unsent what is addressed to no account.
        recipient: ownerA.email,
        subject: `Matrice ${marker()}`,
        text_body: 'Bonjour',
        html_body: '<p>Bonjour</p>',
        next_attempt_at: next,
      }),
    );
    return id;
  },
  /** A medal of A's that an operator has just suspended: its owner not told yet. Answers its code. */
  async suspendedMedal() {
    const { code } = await fresh.animal();
    await must(service.rpc('set_medal_suspended', { p_code: code, p_suspended: true }));
    return code;
  },
  async rateBucket() {
    const bucket = `test:${randomUUID()}`;
    await must(service.from('rate_limit_hits').insert({ bucket, window_start: new Date().toISOString(), hits: 3 }));
    return bucket;
  },
};

/** What the service role reads of one row right now (null when there is none). */
async function rowOf(table: string, column: string, value: unknown): Promise<Record<string, unknown> | null> {
  const { data, error } = await service.from(table).select('*').eq(column, value).maybeSingle();
  if (error) throw new Error(`check: ${JSON.stringify(error)}`);
  return data;
}
const exists = async (table: string, column: string, value: unknown) => (await rowOf(table, column, value)) !== null;

/** The bytes of a public file, or null when there is no such file. */
async function publicFile(path: string): Promise<Buffer | null> {
  const response = await fetch(service.storage.from(BUCKET).getPublicUrl(path).data.publicUrl);
  return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
}
const sameBytes = async (bytes: Buffer | null, blob: Blob) =>
  bytes?.equals(Buffer.from(await blob.arrayBuffer())) === true;

interface Operation<T> {
  service: Service;
  /** A's data this cell may change; cells that only read use the shared fixture. */
  prepare?: () => Promise<T>;
  /** Sends the request as the caller; answers the data supabase-js returned. */
  act: (caller: CallerContext, target: T) => PromiseLike<{ data: unknown }>;
  /** Whether the request did what it asked: read A's data, or changed it (checked with the service role). */
  tookEffect: (target: T, data: unknown) => boolean | Promise<boolean>;
  /** Anything in an answer that must never be there, whoever asks. */
  violations?: (data: unknown) => string[];
  /** Frees what the cell added where space is counted (a storage folder holds at most 8 files). */
  cleanup?: (target: T) => Promise<unknown>;
}

const operation = <T>(o: Operation<T>) => o as Operation<unknown>;
const rows = (data: unknown) => (Array.isArray(data) ? (data as Record<string, unknown>[]) : []);
const hasRow = (data: unknown, column: string, value: unknown) => rows(data).some((row) => row[column] === value);

/**
 * A select of A's row by id, over REST, of every column unless told: on tables whose columns owners are granted
 * one by one, the columns the portal names (select=* is refused there, as it names the finder's columns; see finder-columns).
 */
const selectOne = (table: string, id: () => string, columns = '*') =>
  operation({
    service: 'rest',
    act: ({ db }) => db.from(table).select(columns).eq('id', id()),
    tookEffect: (_, data) => hasRow(data, 'id', id()),
  });

/** An update of one of A's rows (by `key`): it took effect when the row is no longer what it was before. */
const updateOne = (table: string, prepare: () => Promise<string>, changes: () => Record<string, unknown>, key = 'id') =>
  operation({
    service: 'rest',
    prepare: async () => {
      const value = await prepare();
      return { value, changes: changes(), before: JSON.stringify(await rowOf(table, key, value)) };
    },
    act: ({ db }, t) => db.from(table).update(t.changes).eq(key, t.value).select(),
    tookEffect: async (t) => JSON.stringify(await rowOf(table, key, t.value)) !== t.before,
  });

const deleteOne = (table: string, prepare: () => Promise<string>) =>
  operation({
    service: 'rest',
    prepare,
    act: ({ db }, id) => db.from(table).delete().eq('id', id).select('id'),
    tookEffect: async (id) => !(await exists(table, 'id', id)),
  });

/** An insert whose row carries a unique mark, so that the check finds exactly this cell's row. */
const insertMarked = (table: string, column: string, values: (mark: string) => Record<string, unknown>) =>
  operation({
    service: 'rest',
    prepare: async () => values(marker()),
    act: ({ db }, row) => db.from(table).insert(row),
    tookEffect: (row) => exists(table, column, row[column]),
  });

const rpcOnlyForService = (
  fn: string,
  args: (mark: string) => Record<string, unknown>,
  effect: (mark: string, data: unknown) => boolean | Promise<boolean>,
) =>
  operation({
    service: 'rest',
    prepare: async () => marker(),
    act: ({ db }, mark) => db.rpc(fn, args(mark)),
    tookEffect: effect,
  });

/** Whether the address behind a stop link's token gets no more e-mail. */
async function finderMailStopped(token: string) {
  const { rows } = await stack.db.query(
    'select 1 from public.finder_mail_addresses where unsubscribe_token = $1 and unsubscribed_at is not null',
    [token],
  );
  return rows.length === 1;
}

/** A member's role on one of A's animals, or null. */
async function roleOf(animalId: string, userId: string) {
  const { rows } = await stack.db.query<{ role: string }>(
    'select role from public.animal_members where animal_id = $1 and user_id = $2',
    [animalId, userId],
  );
  return rows[0]?.role ?? null;
}

/** An invitation of A's to a new animal, waiting; answers its id and the token its e-mail would carry. */
async function pendingInvitation(email = `${marker()}@example.fr`, role = 'co_owner') {
  const { animalId } = await fresh.animal();
  // 64 hexadecimal digits, as invite_animal_member draws them.
  const token = (randomUUID() + randomUUID()).replaceAll('-', '');
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.animal_invitations (animal_id, email, role, token_hash, invited_by)
     values ($1, lower($2), $5, encode(sha256(convert_to($3, 'UTF8')), 'hex'), $4) returning id`,
    [animalId, email, token, ownerA.userId, role],
  );
  return { animalId, token, id: rows[0]?.id as string };
}

/**
 * A finder's conversation about a new animal of A's, opened as post_finder_message opens it; with an answer. A
 * finder who left an address has opened the link e-mailed to it, so that e-mails to it may go.
 */
async function conversation(finderEmail: string | null = null) {
  const { code } = await fresh.animal();
  const opened = await must(
    service.rpc('record_finder_message', {
      p_code: code,
      p_message: marker(),
      p_contact: null,
      p_finder_email: finderEmail,
    }),
  );
  const token = (opened as { conversation_token: string }).conversation_token;
  const { rows } = await stack.db.query<{ id: string; message_id: string; reply_id: string; mail_token: string }>(
    `with opened as (
       update public.conversations set finder_mail_wanted_at = now() where token = $1 and finder_email is not null
     ), reply as (
       insert into public.conversation_replies (conversation_id, author_id, body)
       select id, $2, 'Merci !' from public.conversations where token = $1 returning id, conversation_id
     )
     select r.conversation_id as id, m.id as message_id, r.id as reply_id, c.mail_token
     from reply r join public.finder_messages m on m.conversation_id = r.conversation_id
     join public.conversations c on c.id = r.conversation_id`,
    [token, ownerA.userId],
  );
  const row = rows[0] as { id: string; message_id: string; reply_id: string; mail_token: string };
  // mailToken: the token of the links e-mailed to the finder, which only they have.
  return { token, id: row.id, messageId: row.message_id, replyId: row.reply_id, mailToken: row.mail_token };
}

/** A reunion of a new animal of A's, as marking it found records it; and a found word due to its finder. */
async function reunion() {
  const c = await conversation(`${marker()}@example.org`);
  const { rows } = await stack.db.query<{ id: string; animal_id: string }>(
    `with found as (
       insert into public.conversation_replies (conversation_id, kind, mail_due) values ($1, 'found', true)
     )
     insert into public.reunions (animal_id, lost_since)
     select animal_id, now() - interval '1 hour' from public.conversations where id = $1 returning id, animal_id`,
    [c.id],
  );
  const row = rows[0] as { id: string; animal_id: string };
  return { ...c, reunionId: row.id, animalId: row.animal_id };
}

/** A device of A's, turned on for alerts, and a push of it waiting to be retried. */
async function pushDevice() {
  const endpoint = `https://fcm.googleapis.com/fcm/send/${marker()}`;
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
  const { rows } = await stack.db.query<{ id: string; outbox: string }>(
    `with device as (
       insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4) returning id
     ), waiting as (
       insert into public.push_outbox (subscription_id, payload) select id, '{"title":"Rex"}' from device returning id
     )
     select device.id, waiting.id as outbox from device, waiting`,
    [ownerA.userId, endpoint, keys.p256dh, keys.auth],
  );
  const row = rows[0] as { id: string; outbox: string };
  return { id: row.id, outbox: row.outbox, endpoint, keys };
}

/** The health booklet's data of A's, for the cells that read or change it. */
const HEALTH_BUCKET = 'health-documents';
const PDF = () => new Blob([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], { type: 'application/pdf' });
const OTHER_PDF = () => new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' });
let bookletDays = 0;
const booklet = {
  /** A record of A's animal (a new one unless given), due on a day of its own, far ahead (a reminder's day). */
  async record(animalId?: string) {
    const animal = animalId ?? (await fresh.animal()).animalId;
    bookletDays += 1;
    const dueOn = new Date(Date.UTC(2100, 0, 1) + bookletDays * 86_400_000).toISOString().slice(0, 10);
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.health_records (animal_id, kind, label, given_on, next_due_on)
       values ($1, 'vaccination', 'Rage', '2099-01-01', $2) returning id`,
      [animal, dueOn],
    );
    return { animalId: animal, recordId: rows[0]?.id as string, dueOn };
  },
  /** A document's file in a new animal's folder (each folder holds 20), stored without its row. */
  async file() {
    const { animalId } = await fresh.animal();
    const path = `${animalId}/${randomUUID()}.pdf`;
    await must(service.storage.from(HEALTH_BUCKET).upload(path, PDF(), { contentType: 'application/pdf' }));
    return { animalId, path };
  },
  /** A document of A's: its file and its row. */
  async document() {
    const { animalId, path } = await booklet.file();
    const { rows } = await stack.db.query<{ id: string }>(
      "insert into public.health_documents (animal_id, path, title, kind) values ($1, $2, 'Passeport', 'passeport') returning id",
      [animalId, path],
    );
    return { animalId, path, id: rows[0]?.id as string };
  },
  /** A reminder recorded as sent to A: answers its record's id. */
  async sentReminder() {
    const { recordId, dueOn } = await booklet.record(f.animal);
    await stack.db.query(
      "insert into public.health_reminders_sent (record_id, user_id, due_on, kind) values ($1, $2, $3, 'before')",
      [recordId, ownerA.userId, dueOn],
    );
    return recordId;
  },
  async stored(path: string) {
    const { rows } = await stack.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      HEALTH_BUCKET,
      path,
    ]);
    return rows.length > 0;
  },
};

const OPERATIONS: Record<string, Operation<unknown>> = {
  'animals select': selectOne('animals', () => f.animal),
  'animals insert (owned by A)': insertMarked('animals', 'nom', (nom) => ({ nom, proprietaire_id: ownerA.userId })),
  'animals update': updateOne(
    'animals',
    async () => (await fresh.animal()).animalId,
    () => ({ nom: marker() }),
  ),
  'animals delete': deleteOne('animals', async () => (await fresh.animal()).animalId),
  'animals re-own to B': updateOne(
    'animals',
    async () => (await fresh.animal()).animalId,
    () => ({ proprietaire_id: ownerB.userId }),
  ),

  'animals update lost switch': updateOne(
    'animals',
    async () => (await fresh.animal()).animalId,
    () => ({ is_lost: true }),
  ),

  'animal_members select': operation({
    service: 'rest',
    act: ({ db }) => db.from('animal_members').select('user_id, role').eq('animal_id', f.animal),
    tookEffect: (_, data) => hasRow(data, 'user_id', ownerA.userId),
  }),
  'animal_members insert (join A’s animal)': operation({
    service: 'rest',
    prepare: async () => (await fresh.animal()).animalId,
    act: ({ db }, animalId) =>
      db.from('animal_members').insert({ animal_id: animalId, user_id: ownerB.userId, role: 'co_owner' }),
    tookEffect: async (animalId) => (await roleOf(animalId, ownerB.userId)) !== null,
  }),
  'animal_members update (extend a keeper’s access)': operation({
    service: 'rest',
    prepare: async () => (await fresh.animal()).animalId,
    act: ({ db }, animalId) =>
      db.from('animal_members').update({ access_until: '2099-12-31' }).eq('animal_id', animalId).eq('role', 'keeper'),
    tookEffect: async (animalId) => {
      const { rows } = await stack.db.query(
        "select 1 from public.animal_members where animal_id = $1 and access_until = '2099-12-31'",
        [animalId],
      );
      return rows.length > 0;
    },
  }),
  'animal_members update own alerts': operation({
    service: 'rest',
    prepare: async () => (await fresh.animal()).animalId,
    act: ({ db }, animalId) =>
      db.from('animal_members').update({ alert_email: false }).eq('animal_id', animalId).select(),
    tookEffect: async (animalId) => {
      const { rows } = await stack.db.query(
        'select 1 from public.animal_members where animal_id = $1 and not alert_email',
        [animalId],
      );
      return rows.length > 0;
    },
  }),
  'animal_members delete': operation({
    service: 'rest',
    prepare: async () => (await fresh.animal()).animalId,
    act: ({ db }, animalId) => db.from('animal_members').delete().eq('animal_id', animalId).eq('role', 'co_owner'),
    tookEffect: async (animalId) => (await roleOf(animalId, household.coOwner.userId)) === null,
  }),

  'animal_invitations select': operation({
    service: 'rest',
    prepare: () => pendingInvitation(),
    act: ({ db }, t) => db.from('animal_invitations').select('id, email').eq('id', t.id),
    tookEffect: (t, data) => hasRow(data, 'id', t.id),
  }),
  'animal_invitations insert': insertMarked('animal_invitations', 'token_hash', (token_hash) => ({
    animal_id: f.animal,
    email: `${token_hash}@example.fr`,
    role: 'co_owner',
    token_hash,
    invited_by: ownerA.userId,
  })),
  'animal_invitations update': updateOne(
    'animal_invitations',
    async () => (await pendingInvitation()).id,
    () => ({ role: 'keeper', access_until: '2099-01-01' }),
  ),
  'animal_invitations delete (revoke)': deleteOne('animal_invitations', async () => (await pendingInvitation()).id),

  'animal_activity select': operation({
    service: 'rest',
    act: ({ db }) => db.from('animal_activity').select('kind, subject_id').eq('animal_id', f.animal),
    tookEffect: (_, data) => hasRow(data, 'subject_id', household.leftMember.userId),
  }),
  'animal_activity insert': insertMarked('animal_activity', 'id', () => ({
    id: randomUUID(),
    animal_id: f.animal,
    actor_id: ownerB.userId,
    kind: 'lost',
  })),
  'animal_activity update': updateOne(
    'animal_activity',
    async () => {
      const { rows } = await stack.db.query<{ id: string }>(
        "insert into public.animal_activity (animal_id, kind) values ($1, 'profile') returning id",
        [f.animal],
      );
      return rows[0]?.id as string;
    },
    () => ({ actor_id: ownerB.userId }),
  ),
  'animal_activity delete': deleteOne('animal_activity', async () => {
    const { rows } = await stack.db.query<{ id: string }>(
      "insert into public.animal_activity (animal_id, kind) values ($1, 'profile') returning id",
      [f.animal],
    );
    return rows[0]?.id as string;
  }),

  'animal_photos select': selectOne('animal_photos', () => f.photo),
  'animal_photos insert': operation({
    service: 'rest',
    prepare: async () => (await fresh.animal()).animalId,
    act: ({ db }, animal) => db.from('animal_photos').insert({ animal_id: animal, path: `${animal}/intrus.jpg` }),
    tookEffect: (animal) => exists('animal_photos', 'animal_id', animal),
  }),
  'animal_photos update': updateOne(
    'animal_photos',
    async () => (await fresh.photo()).photoId,
    () => ({ position: 7 }),
  ),
  'animal_photos delete': deleteOne('animal_photos', async () => (await fresh.photo()).photoId),
  'animal_photos move to B’s animal': updateOne(
    'animal_photos',
    async () => (await fresh.photo()).photoId,
    () => ({ animal_id: f.animalOfB }),
  ),

  'codes select': selectOne('codes', () => f.code),
  'codes insert': insertMarked('codes', 'id', (mark) => ({ id: `MDL-${mark.slice(7, 19).toUpperCase()}` })),
  'codes update (release A’s code)': updateOne(
    'codes',
    async () => (await fresh.animal()).code,
    () => ({ animal_id: null, used: false }),
  ),
  'codes delete': operation({
    service: 'rest',
    prepare: () => fresh.animal(),
    act: ({ db }, t) => db.from('codes').delete().eq('id', t.code).select(),
    tookEffect: async (t) => !(await exists('codes', 'id', t.code)),
  }),

  'finder_messages select': selectOne('finder_messages', () => f.message),
  'finder_messages insert': insertMarked('finder_messages', 'message', (message) => ({
    animal_id: f.animal,
    code_id: f.code,
    message,
  })),
  'finder_messages update': updateOne(
    'finder_messages',
    () => fresh.row('finder_messages'),
    () => ({ message: marker() }),
  ),
  'finder_messages delete': deleteOne('finder_messages', () => fresh.row('finder_messages')),

  'scan_events select': selectOne('scan_events', () => f.event, 'id, lat, lon, accuracy_m, created_at'),
  'scan_events insert': insertMarked('scan_events', 'user_agent', (user_agent) => ({
    animal_id: f.animal,
    code_id: f.code,
    lat: 1,
    lon: 2,
    consent: true,
    user_agent,
  })),
  'scan_events update': updateOne(
    'scan_events',
    () => fresh.row('scan_events'),
    () => ({ user_agent: marker() }),
  ),
  'scan_events delete': deleteOne('scan_events', () => fresh.row('scan_events')),

  'profile_views select': operation({
    service: 'rest',
    prepare: () => fresh.view(),
    act: ({ db }, id) => db.from('profile_views').select('id, created_at').eq('id', id),
    tookEffect: (id, data) => hasRow(data, 'id', id),
  }),
  'profile_views insert': insertMarked('profile_views', 'client_hash', (client_hash) => ({
    animal_id: f.animal,
    code_id: f.code,
    client_hash,
  })),
  'profile_views update': updateOne(
    'profile_views',
    () => fresh.view(),
    () => ({ client_hash: marker() }),
  ),
  'profile_views delete': deleteOne('profile_views', () => fresh.view()),

  'searches select': selectOne('searches', () => f.search),
  'searches insert': operation({
    service: 'rest',
    prepare: async () => ({ animal_id: (await fresh.animal()).animalId, description: marker() }),
    act: ({ db }, row) => db.from('searches').insert(row),
    tookEffect: (row) => exists('searches', 'description', row.description),
  }),
  'searches update': updateOne(
    'searches',
    () => fresh.search(),
    () => ({ description: marker() }),
  ),
  'searches delete': deleteOne('searches', () => fresh.search()),

  'thefts select': operation({
    service: 'rest',
    prepare: () => fresh.theft(),
    act: ({ db }, id) => db.from('thefts').select('id').eq('id', id),
    tookEffect: (id, data) => hasRow(data, 'id', id),
  }),
  'thefts insert': operation({
    service: 'rest',
    prepare: async () => ({
      animal_id: (await fresh.animal()).animalId,
      stolen_at: new Date(Date.now() - 3_600_000).toISOString(),
      complaint_reference: marker(),
    }),
    act: ({ db }, row) => db.from('thefts').insert(row),
    tookEffect: (row) => exists('thefts', 'complaint_reference', row.complaint_reference),
  }),
  'thefts update': updateOne(
    'thefts',
    () => fresh.theft(),
    () => ({ complaint_reference: marker() }),
  ),
  'thefts delete': deleteOne('thefts', () => fresh.theft()),
  'rpc set_theft_page': operation({
    service: 'rest',
    prepare: () => fresh.theft(),
    act: ({ db }, id) => db.rpc('set_theft_page', { p_theft_id: id, p_public: true }),
    tookEffect: async (id) => (await rowOf('thefts', 'id', id))?.search_id != null,
  }),

  'found_reports select': operation({
    service: 'rest',
    prepare: () => fresh.foundReport(),
    act: ({ db }, id) => db.from('found_reports').select('id, place').eq('id', id),
    tookEffect: (id, data) => hasRow(data, 'id', id),
  }),
  'found_reports insert': operation({
    service: 'rest',
    prepare: async () => ({
      species: 'cat',
      found_at: new Date().toISOString(),
      place: marker(),
      token_hash: marker(),
    }),
    act: ({ db }, row) => db.from('found_reports').insert(row),
    tookEffect: (row) => exists('found_reports', 'place', row.place),
  }),
  'found_reports update': updateOne(
    'found_reports',
    () => fresh.foundReport(),
    () => ({ words: marker() }),
  ),
  'found_reports delete': deleteOne('found_reports', () => fresh.foundReport()),
  'found_matches select': operation({
    service: 'rest',
    prepare: () => fresh.foundMatch(),
    act: ({ db }, t) => db.from('found_matches').select('found_report_id').eq('found_report_id', t.report),
    tookEffect: (t, data) => hasRow(data, 'found_report_id', t.report),
  }),
  'found_matches insert': operation({
    service: 'rest',
    prepare: async () => ({ report: await fresh.foundReport(), search: await fresh.search() }),
    act: ({ db }, t) =>
      db.from('found_matches').insert({ found_report_id: t.report, search_id: t.search, distance_m: 100 }),
    tookEffect: (t) => exists('found_matches', 'found_report_id', t.report),
  }),
  'found_matches update': operation({
    service: 'rest',
    prepare: () => fresh.foundMatch(),
    act: ({ db }, t) =>
      db.from('found_matches').update({ told_at: new Date().toISOString() }).eq('found_report_id', t.report),
    tookEffect: async (t) => (await rowOf('found_matches', 'found_report_id', t.report))?.told_at != null,
  }),
  'found_matches delete': operation({
    service: 'rest',
    prepare: () => fresh.foundMatch(),
    act: ({ db }, t) => db.from('found_matches').delete().eq('found_report_id', t.report),
    tookEffect: async (t) => !(await exists('found_matches', 'found_report_id', t.report)),
  }),
  'rpc record_found_report': rpcOnlyForService(
    'record_found_report',
    (mark) => ({
      p_species: 'cat',
      p_found_at: new Date().toISOString(),
      p_place: mark,
      p_lat: null,
      p_lon: null,
      p_description: null,
      p_words: null,
      p_language: 'fr',
      p_token_hash: mark,
      p_client_hash: mark,
    }),
    (mark) => exists('found_reports', 'place', mark),
  ),
  'rpc public_found_report': operation({
    service: 'rest',
    prepare: () => fresh.foundReport(),
    act: ({ db }, id) => db.rpc('public_found_report', { p_id: id }),
    tookEffect: (_, data) => (data as { status?: string } | null)?.status === 'open',
  }),
  'rpc close_found_report': operation({
    service: 'rest',
    prepare: () => fresh.foundReport(),
    act: ({ db }, id) => db.rpc('close_found_report', { p_id: id, p_token_hash: `hash-${id}` }),
    tookEffect: async (id) => (await rowOf('found_reports', 'id', id))?.closed_at != null,
  }),
  'found_report_photos select': operation({
    service: 'rest',
    prepare: async () => {
      const report = await fresh.foundReport();
      await stack.db.query(
        'insert into public.found_report_photos (found_report_id, path, width, height, position) values ($1, $2, 4, 3, 0)',
        [report, `${report}/photo.jpg`],
      );
      return report;
    },
    act: ({ db }, report) => db.from('found_report_photos').select('path').eq('found_report_id', report),
    tookEffect: (report, data) => hasRow(data, 'path', `${report}/photo.jpg`),
  }),
  'found_report_photos insert': operation({
    service: 'rest',
    prepare: async () => ({ report: await fresh.foundReport(), path: `${marker()}/photo.jpg` }),
    act: ({ db }, t) =>
      db
        .from('found_report_photos')
        .insert({ found_report_id: t.report, path: t.path, width: 4, height: 3, position: 0 }),
    tookEffect: (t) => exists('found_report_photos', 'path', t.path),
  }),
  'found_report_abuse select': operation({
    service: 'rest',
    prepare: async () => {
      const report = await fresh.foundReport();
      await stack.db.query('insert into public.found_report_abuse (found_report_id, client_hash) values ($1, $2)', [
        report,
        'client',
      ]);
      return report;
    },
    act: ({ db }, report) => db.from('found_report_abuse').select('client_hash').eq('found_report_id', report),
    tookEffect: (_, data) => hasRow(data, 'client_hash', 'client'),
  }),
  'rpc report_found_abuse': operation({
    service: 'rest',
    prepare: () => fresh.foundReport(),
    act: ({ db }, id) => db.rpc('report_found_abuse', { p_id: id, p_client_hash: marker() }),
    tookEffect: (_, data) => data === 'recorded',
  }),
  'rpc want_found_mail': operation({
    service: 'rest',
    prepare: async () => {
      const id = await fresh.foundReport();
      await stack.db.query(
        "update public.found_reports set finder_email = 'trouveur@example.org', mail_token_hash = 'mail-' || id where id = $1",
        [id],
      );
      return id;
    },
    act: ({ db }, id) => db.rpc('want_found_mail', { p_id: id, p_mail_token_hash: `mail-${id}` }),
    tookEffect: async (id) => (await rowOf('found_reports', 'id', id))?.finder_mail_wanted_at != null,
  }),
  'rpc orphan_found_photo_files': operation({
    service: 'rest',
    act: ({ db }) => db.rpc('orphan_found_photo_files', { p_limit: 1 }),
    tookEffect: (_, data) => Array.isArray(data),
  }),
  'rpc claim_found_matches': operation({
    service: 'rest',
    prepare: () => fresh.foundMatch(),
    act: ({ db }) => db.rpc('claim_found_matches'),
    tookEffect: async (t) => (await rowOf('found_matches', 'found_report_id', t.report))?.told_at != null,
  }),
  'rpc claim_found_report': operation({
    service: 'rest',
    prepare: async () => ({
      report: await fresh.foundReport(),
      animal: (await fresh.animal()).animalId,
      words: marker(),
    }),
    act: ({ db }, t) =>
      db.rpc('claim_found_report', { p_report_id: t.report, p_animal_id: t.animal, p_words: t.words }),
    tookEffect: (t) => exists('conversation_replies', 'body', t.words),
  }),
  'rpc finder_mail_for_claim': operation({
    service: 'rest',
    prepare: async () => {
      const { code, animalId } = await fresh.animal();
      const report = await fresh.foundReport();
      const { rows } = await stack.db.query<{ id: string }>(
        `insert into public.conversations
           (animal_id, code_id, token, finder_email, mail_token, found_report_id, finder_mail_wanted_at)
         values ($1, $2, $3, 'trouveur@example.org', $4, $5, now()) returning id`,
        [animalId, code, hex64(), hex64(), report],
      );
      return rows[0]?.id as string;
    },
    act: ({ db }, id) => db.rpc('finder_mail_for_claim', { p_conversation_id: id }),
    tookEffect: (_, data) => (data as { to?: string } | null)?.to === 'trouveur@example.org',
  }),
  'rpc found_reports_near_search': operation({
    service: 'rest',
    prepare: () => fresh.foundMatch(),
    act: ({ db }, t) => db.rpc('found_reports_near_search', { p_search_id: t.search }),
    tookEffect: (t, data) => hasRow(data, 'id', t.report),
  }),

  'sightings select': operation({
    service: 'rest',
    prepare: () => fresh.sighting(),
    act: ({ db }, id) => db.from('sightings').select('id, words').eq('id', id),
    tookEffect: (id, data) => hasRow(data, 'id', id),
  }),
  'sightings insert': operation({
    service: 'rest',
    prepare: async () => {
      const search = await fresh.search();
      const { rows } = await stack.db.query<{ animal_id: string }>(
        'select animal_id from public.searches where id = $1',
        [search],
      );
      return { search_id: search, animal_id: rows[0]?.animal_id, kind: 'seen', words: marker() };
    },
    act: ({ db }, row) => db.from('sightings').insert(row),
    tookEffect: (row) => exists('sightings', 'words', row.words),
  }),
  // Its columns are granted one by one (never client_hash): the update names what it reads back, as the portal does.
  'sightings update (hide)': operation({
    service: 'rest',
    prepare: () => fresh.sighting(),
    act: ({ db }, id) => db.from('sightings').update({ hidden_at: new Date().toISOString() }).eq('id', id).select('id'),
    tookEffect: async (id) => (await rowOf('sightings', 'id', id))?.hidden_at !== null,
  }),
  'sightings delete': deleteOne('sightings', () => fresh.sighting()),

  'rate_limit_hits select': operation({
    service: 'rest',
    act: ({ db }) => db.from('rate_limit_hits').select('*').eq('bucket', f.rateBucket),
    tookEffect: (_, data) => hasRow(data, 'bucket', f.rateBucket),
  }),
  'rate_limit_hits insert': insertMarked('rate_limit_hits', 'bucket', (bucket) => ({
    bucket,
    window_start: new Date().toISOString(),
    hits: 0,
  })),
  'rate_limit_hits update': updateOne(
    'rate_limit_hits',
    () => fresh.rateBucket(),
    () => ({ hits: 0 }),
    'bucket',
  ),
  'rate_limit_hits delete': operation({
    service: 'rest',
    prepare: () => fresh.rateBucket(),
    act: ({ db }, bucket) => db.from('rate_limit_hits').delete().eq('bucket', bucket).select(),
    tookEffect: async (bucket) => !(await exists('rate_limit_hits', 'bucket', bucket)),
  }),

  'mail_outbox select': operation({
    service: 'rest',
    prepare: () => fresh.queuedMail(),
    act: ({ db }, id) => db.from('mail_outbox').select('*').eq('id', id),
    tookEffect: (id, data) => hasRow(data, 'id', id),
  }),
  'mail_outbox insert': insertMarked('mail_outbox', 'recipient', (recipient) => ({
    id: randomUUID(),
    recipient,
    subject: 'Intrus',
    text_body: 'Intrus',
    html_body: '<p>Intrus</p>',
  })),
  'mail_outbox update': updateOne(
    'mail_outbox',
    () => fresh.queuedMail(),
    () => ({ recipient: `${marker()}@test.medaille.fr` }),
  ),
  'mail_outbox delete': deleteOne('mail_outbox', () => fresh.queuedMail()),
  // Another test file's retrier (on a shared PostgreSQL) could take a due mail first: the effects are read
  // from the answers, which only the caller's own call makes.
  'finder_mail_addresses select': operation({
    service: 'rest',
    prepare: () => fresh.finderMailToken(),
    act: ({ db }, token) => db.from('finder_mail_addresses').select('*').eq('unsubscribe_token', token),
    tookEffect: (token, data) => hasRow(data, 'unsubscribe_token', token),
  }),
  'finder_mail_addresses update': operation({
    service: 'rest',
    prepare: () => fresh.finderMailToken(),
    act: ({ db }, token) =>
      db
        .from('finder_mail_addresses')
        .update({ unsubscribed_at: new Date().toISOString() })
        .eq('unsubscribe_token', token),
    tookEffect: (token) => finderMailStopped(token),
  }),
  'rpc pass_finder_mail': rpcOnlyForService(
    'pass_finder_mail',
    (mark) => ({ p_address: `${mark}@example.fr`, p_link: true }),
    (_, data) => typeof data === 'string' && /^[0-9a-f]{64}$/.test(data),
  ),
  'rpc finder_mail_stop': operation({
    service: 'rest',
    prepare: () => fresh.finderMailToken(),
    act: ({ db }, token) => db.rpc('finder_mail_stop', { p_token: token, p_stop: true }),
    tookEffect: (token) => finderMailStopped(token),
  }),
  'rpc claim_due_mails': operation({
    service: 'rest',
    prepare: () => fresh.queuedMail(true),
    act: ({ db }) => db.rpc('claim_due_mails', { p_limit: 1000 }),
    tookEffect: (id, data) => hasRow((data as { mails?: unknown } | null)?.mails, 'id', id),
  }),
  'rpc claim_suspension_notices': operation({
    service: 'rest',
    prepare: () => fresh.suspendedMedal(),
    act: ({ db }) => db.rpc('claim_suspension_notices', { p_limit: 1000 }),
    tookEffect: (code, data) => hasRow(data, 'code', code),
  }),
  'rpc retry_mail_later': rpcOnlyForService(
    'retry_mail_later',
    (mark) => ({ p_id: f.queuedMail, p_error: mark }),
    async (mark) => (await rowOf('mail_outbox', 'id', f.queuedMail))?.last_error === mark,
  ),

  'auth.users select': operation({
    service: 'rest',
    act: ({ db }) => db.schema('auth').from('users').select('id, email'),
    tookEffect: (_, data) => hasRow(data, 'id', ownerA.userId),
  }),
  'storage.objects select over REST': operation({
    service: 'rest',
    act: ({ db }) => db.schema('storage').from('objects').select('name'),
    tookEffect: (_, data) => hasRow(data, 'name', f.photoPath),
  }),
  'private.client_hash_salt select': operation({
    service: 'rest',
    act: ({ db }) => db.schema('private').from('client_hash_salt').select('*'),
    tookEffect: (_, data) => rows(data).length > 0,
  }),

  'private.finder_message_keys select': operation({
    service: 'rest',
    act: ({ db }) => db.schema('private').from('finder_message_keys').select('*'),
    tookEffect: (_, data) => rows(data).length > 0,
  }),

  'rpc code_status': operation({
    service: 'rest',
    act: ({ db }) => db.rpc('code_status', { p_code: f.code }),
    tookEffect: (_, data) => data === 'activated',
  }),
  'rpc register_animal_with_code (A’s code)': operation({
    service: 'rest',
    prepare: async () => marker(),
    act: ({ db }, nom) => db.rpc('register_animal_with_code', { p_code: f.code, p_animal: { nom } }),
    tookEffect: async (nom) =>
      (await exists('animals', 'nom', nom)) || (await rowOf('codes', 'id', f.code))?.animal_id !== f.animal,
  }),
  'rpc register_animal_with_code (free code)': operation({
    service: 'rest',
    prepare: () => stack.newCode(),
    act: ({ db }, code) => db.rpc('register_animal_with_code', { p_code: code, p_animal: { nom: 'Nouveau' } }),
    tookEffect: async (code) => (await rowOf('codes', 'id', code))?.used === true,
  }),
  'rpc public_profile': rpcOnlyForService(
    'public_profile',
    () => ({ p_code: f.code }),
    (_, data) => (data as { name?: string } | null)?.name === 'Rex',
  ),
  'rpc public_search': rpcOnlyForService(
    'public_search',
    () => ({ p_id: f.search }),
    (_, data) => (data as { status?: string } | null)?.status === 'searching',
  ),
  'search_followers select': operation({
    service: 'rest',
    prepare: () => fresh.follower(),
    act: ({ db }, t) => db.from('search_followers').select('id, email').eq('id', t.id),
    tookEffect: (t, data) => hasRow(data, 'id', t.id),
  }),
  'search_followers insert': operation({
    service: 'rest',
    prepare: async () => ({ search: await fresh.search(), email: `${marker()}@example.fr` }),
    act: ({ db }, t) =>
      db.from('search_followers').insert({ search_id: t.search, token: 'a'.repeat(64), email: t.email }),
    tookEffect: (t) => exists('search_followers', 'email', t.email),
  }),
  'search_followers update': operation({
    service: 'rest',
    prepare: () => fresh.follower(),
    act: ({ db }, t) => db.from('search_followers').update({ email: 'pris@example.fr' }).eq('id', t.id),
    tookEffect: async (t) => !(await exists('search_followers', 'email', t.email)),
  }),
  'search_followers delete': operation({
    service: 'rest',
    prepare: () => fresh.follower(),
    act: ({ db }, t) => db.from('search_followers').delete().eq('id', t.id),
    tookEffect: async (t) => !(await exists('search_followers', 'id', t.id)),
  }),
  'rpc follow_search': operation({
    service: 'rest',
    prepare: async () => ({ search: await fresh.search(), email: `${marker()}@example.fr` }),
    act: ({ db }, t) =>
      db.rpc('follow_search', {
        p_search_id: t.search,
        p_email: t.email,
        p_endpoint: null,
        p_p256dh: null,
        p_auth: null,
        p_language: 'fr',
      }),
    tookEffect: (t) => exists('search_followers', 'email', t.email),
  }),
  'rpc search_follow_by_token': operation({
    service: 'rest',
    prepare: () => fresh.follower(),
    act: ({ db }, t) => db.rpc('search_follow_by_token', { p_search_id: t.search, p_token: t.token, p_action: 'stop' }),
    tookEffect: async (t) => !(await exists('search_followers', 'id', t.id)),
  }),
  'rpc unfollow_search_push': operation({
    service: 'rest',
    prepare: async () => {
      const search = await fresh.search();
      const endpoint = `https://fcm.googleapis.com/fcm/send/${marker()}`;
      await stack.db.query(
        `insert into public.search_followers (search_id, token, endpoint, p256dh, auth, confirmed_at)
         values ($1, $2, $3, $4, $5, now())`,
        [search, randomUUID().replaceAll('-', '').repeat(2), endpoint, 'B'.repeat(87), 'a'.repeat(22)],
      );
      return { search, endpoint };
    },
    act: ({ db }, t) => db.rpc('unfollow_search_push', { p_search_id: t.search, p_endpoint: t.endpoint }),
    tookEffect: async (t) => !(await exists('search_followers', 'endpoint', t.endpoint)),
  }),
  'rpc claim_search_news': operation({
    service: 'rest',
    prepare: async () => {
      const follower = await fresh.follower();
      await stack.db.query(
        `insert into public.sightings (search_id, animal_id, kind, words)
         select id, animal_id, 'seen', 'Vu au parc' from public.searches where id = $1`,
        [follower.search],
      );
      return follower;
    },
    act: ({ db }) => db.rpc('claim_search_news', { p_limit: 1000 }),
    tookEffect: (t, data) => hasRow((data as { digests?: unknown } | null)?.digests ?? null, 'token', t.token),
  }),
  'rpc sighting_photo_folder': operation({
    service: 'rest',
    prepare: async () => (await rowOf('searches', 'id', f.search))?.animal_id as string,
    act: ({ db }) => db.rpc('sighting_photo_folder', { p_search_id: f.search }),
    tookEffect: (animalId, data) => data === animalId,
  }),
  'rpc open_sighting_conversation': operation({
    service: 'rest',
    prepare: async () => {
      const search = await fresh.search();
      const { rows } = await stack.db.query<{ id: string }>(
        `insert into public.sightings (search_id, animal_id, kind, words, client_hash)
         select id, animal_id, 'with_me', 'Il est avec moi', 'client' from public.searches where id = $1 returning id`,
        [search],
      );
      return rows[0]?.id as string;
    },
    act: ({ db }, id) => db.rpc('open_sighting_conversation', { p_sighting_id: id, p_language: 'fr' }),
    tookEffect: async (id) => (await rowOf('sightings', 'id', id))?.conversation_id != null,
  }),
  'rpc record_sighting': operation({
    service: 'rest',
    prepare: async () => ({ search: await fresh.search(), words: marker() }),
    act: ({ db }, t) =>
      db.rpc('record_sighting', {
        p_search_id: t.search,
        p_kind: 'seen',
        p_place: null,
        p_seen_at: null,
        p_words: t.words,
        p_lat: null,
        p_lon: null,
        p_client_hash: 'matrix',
      }),
    tookEffect: (t) => exists('sightings', 'words', t.words),
  }),
  'rpc public_profile_for_client': rpcOnlyForService(
    'public_profile_for_client',
    (mark) => ({ p_code: f.code, p_client_hash: mark, p_misses_per_minute: 100 }),
    (_, data) => (data as { name?: string } | null)?.name === 'Rex',
  ),
  'rpc record_finder_message': rpcOnlyForService(
    'record_finder_message',
    (mark) => ({ p_code: f.code, p_message: mark, p_contact: null }),
    (mark) => exists('finder_messages', 'message', mark),
  ),
  // What a send key stored, with the finder's link token: the functions' alone.
  'rpc finder_message_sent': operation({
    service: 'rest',
    prepare: async () => {
      const key = randomUUID();
      await must(
        service.rpc('record_finder_message', { p_code: f.code, p_message: marker(), p_contact: null, p_send_key: key }),
      );
      return key;
    },
    act: ({ db }, key) => db.rpc('finder_message_sent', { p_send_key: key }),
    tookEffect: (_, data) => typeof (data as { conversation_token?: unknown } | null)?.conversation_token === 'string',
  }),
  'rpc record_scan': rpcOnlyForService(
    'record_scan',
    (mark) => ({
      p_code: f.code,
      p_animal_id: null,
      p_lat: 48.85,
      p_lon: 2.35,
      p_accuracy: 10,
      p_user_agent: mark,
      p_client_hash: mark,
    }),
    (mark) => exists('scan_events', 'user_agent', mark),
  ),
  'rpc hit_rate_limit': rpcOnlyForService(
    'hit_rate_limit',
    (mark) => ({ p_bucket: mark, p_limit: 5, p_window_seconds: 60 }),
    (mark) => exists('rate_limit_hits', 'bucket', mark),
  ),
  'rpc purge_old_scan_events': operation({
    service: 'rest',
    // One of A's shared positions old enough to be purged: calling the purge destroys it.
    prepare: () => fresh.row('scan_events', { created_at: new Date(Date.now() - 100 * 86_400_000).toISOString() }),
    act: ({ db }) => db.rpc('purge_old_scan_events'),
    tookEffect: async (id) => !(await exists('scan_events', 'id', id)),
  }),
  'rpc reorder_animal_photos': operation({
    service: 'rest',
    prepare: async () => {
      const first = await fresh.photo();
      const second = await fresh.photo(first.animalId);
      await must(service.from('animal_photos').update({ position: 1 }).eq('id', second.photoId));
      return { animalId: first.animalId, first: first.photoId, second: second.photoId };
    },
    act: ({ db }, t) => db.rpc('reorder_animal_photos', { p_animal_id: t.animalId, p_photo_ids: [t.second, t.first] }),
    tookEffect: async (t) => (await rowOf('animal_photos', 'id', t.second))?.position === 0,
  }),
  'rpc delete_animal': operation({
    service: 'rest',
    prepare: async () => {
      const { animalId } = await fresh.animal();
      return { animalId, file: await fresh.file(animalId) };
    },
    act: ({ db }, t) => db.rpc('delete_animal', { p_animal_id: t.animalId }),
    tookEffect: async (t) => !(await exists('animals', 'id', t.animalId)),
    // The RPC names the files for the caller to remove; this cell removes them itself.
    cleanup: (t) => service.storage.from(BUCKET).remove([t.file]),
  }),
  'rpc orphan_photo_files': operation({
    service: 'rest',
    prepare: () => fresh.agedOrphan(),
    act: ({ db }) => db.rpc('orphan_photo_files', { p_limit: 1_000_000 }),
    tookEffect: (path, data) => Array.isArray(data) && data.includes(path),
    cleanup: (path) => service.storage.from(BUCKET).remove([path]),
  }),
  'rpc finder_photo_folder': rpcOnlyForService(
    'finder_photo_folder',
    () => ({ p_code: f.code }),
    (_, data) => data === f.animal,
  ),
  'rpc orphan_finder_photo_files': operation({
    service: 'rest',
    // A finder's photo whose animal is gone: an orphan at once.
    prepare: async () => {
      const path = await fresh.finderPhoto();
      await must(
        service
          .from('animals')
          .delete()
          .eq('id', path.split('/')[0] as string)
          .select(),
      );
      return path;
    },
    act: ({ db }) => db.rpc('orphan_finder_photo_files', { p_limit: 1_000_000 }),
    tookEffect: (path, data) => Array.isArray(data) && data.includes(path),
    cleanup: (path) => service.storage.from(FINDER_BUCKET).remove([path]),
  }),
  'rpc mint_medal_codes': rpcOnlyForService(
    'mint_medal_codes',
    // The batch's one code is made from the mark, so that each cell mints a code of its own.
    (mark) => ({ p_codes: [`MDL-${mark.replace(/\W/g, '').toUpperCase()}`.slice(0, 60)], p_batch: mark }),
    (mark) => exists('codes', 'batch', mark),
  ),
  'rpc medal_info': rpcOnlyForService(
    'medal_info',
    () => ({ p_code: f.code }),
    (_, data) => (data as { code?: string } | null)?.code === f.code,
  ),
  'rpc set_medal_suspended': operation({
    service: 'rest',
    prepare: () => stack.newCode(),
    act: ({ db }, code) => db.rpc('set_medal_suspended', { p_code: code, p_suspended: true, p_reason: null }),
    tookEffect: async (code) => (await rowOf('codes', 'id', code))?.suspended_at != null,
  }),
  'rpc set_my_medal_suspended': operation({
    service: 'rest',
    prepare: async () => (await fresh.animal()).animalId,
    act: ({ db }, animalId) => db.rpc('set_my_medal_suspended', { p_animal_id: animalId, p_suspended: true }),
    tookEffect: async (animalId) => (await rowOf('codes', 'animal_id', animalId))?.suspended_at != null,
  }),
  'rpc mark_messages_read': operation({
    service: 'rest',
    prepare: () => fresh.row('finder_messages'),
    act: ({ db }) => db.rpc('mark_messages_read', { p_animal_id: f.animal }),
    tookEffect: async (id) => (await rowOf('finder_messages', 'id', id))?.read_at != null,
  }),
  'rpc unread_message_counts': operation({
    service: 'rest',
    prepare: () => fresh.row('finder_messages'),
    act: ({ db }) => db.rpc('unread_message_counts'),
    tookEffect: (_, data) => hasRow(data, 'animal_id', f.animal),
  }),
  'rpc record_lost_profile_view': operation({
    service: 'rest',
    prepare: async () => {
      const animal = await fresh.animal();
      await must(ownerA.client.from('animals').update({ is_lost: true }).eq('id', animal.animalId).select());
      return { code: animal.code, mark: marker() };
    },
    act: ({ db }, t) => db.rpc('record_lost_profile_view', { p_code: t.code, p_client_hash: t.mark }),
    tookEffect: (t) => exists('profile_views', 'client_hash', t.mark),
  }),
  'rpc invite_animal_member': operation({
    service: 'rest',
    prepare: async () => ({ animalId: (await fresh.animal()).animalId, email: `${marker()}@example.fr` }),
    act: ({ db }, t) =>
      db.rpc('invite_animal_member', {
        p_animal_id: t.animalId,
        p_email: t.email,
        p_role: 'co_owner',
        p_access_until: null,
      }),
    tookEffect: (t) => exists('animal_invitations', 'email', t.email),
  }),
  'rpc accept_animal_invitation (sent to B)': operation({
    service: 'rest',
    prepare: () => pendingInvitation(ownerB.email),
    act: ({ db }, t) => db.rpc('accept_animal_invitation', { p_token: t.token }),
    tookEffect: async (t) => (await roleOf(t.animalId, ownerB.userId)) === 'co_owner',
  }),
  'rpc invite_animal_member (offer the animal)': operation({
    service: 'rest',
    prepare: async () => ({ animalId: (await fresh.animal()).animalId, email: `${marker()}@example.fr` }),
    act: ({ db }, t) =>
      db.rpc('invite_animal_member', {
        p_animal_id: t.animalId,
        p_email: t.email,
        p_role: 'owner',
        p_access_until: null,
      }),
    tookEffect: (t) => exists('animal_invitations', 'email', t.email),
  }),
  'rpc accept_animal_invitation (the animal offered to B)': operation({
    service: 'rest',
    prepare: () => pendingInvitation(ownerB.email, 'owner'),
    act: ({ db }, t) => db.rpc('accept_animal_invitation', { p_token: t.token }),
    tookEffect: async (t) => (await rowOf('animals', 'id', t.animalId))?.proprietaire_id === ownerB.userId,
  }),
  'rpc animal_household': operation({
    service: 'rest',
    act: ({ db }) => db.rpc('animal_household', { p_animal_id: f.animal }),
    tookEffect: (_, data) => hasRow(data, 'user_id', ownerA.userId),
  }),
  'rpc set_animal_member_role': operation({
    service: 'rest',
    prepare: async () => (await fresh.animal()).animalId,
    act: ({ db }, animalId) =>
      db.rpc('set_animal_member_role', {
        p_animal_id: animalId,
        p_user_id: household.keeper.userId,
        p_role: 'co_owner',
        p_access_until: null,
      }),
    tookEffect: async (animalId) => (await roleOf(animalId, household.keeper.userId)) === 'co_owner',
  }),
  'rpc remove_animal_member (the keeper)': operation({
    service: 'rest',
    prepare: async () => (await fresh.animal()).animalId,
    act: ({ db }, animalId) =>
      db.rpc('remove_animal_member', { p_animal_id: animalId, p_user_id: household.keeper.userId }),
    tookEffect: async (animalId) => (await roleOf(animalId, household.keeper.userId)) === null,
  }),
  'rpc touch_date_modification (trigger)': operation({
    service: 'rest',
    act: ({ db }) => db.rpc('touch_date_modification'),
    tookEffect: () => false,
  }),
  'rpc enforce_photo_limit (trigger)': operation({
    service: 'rest',
    act: ({ db }) => db.rpc('enforce_photo_limit'),
    tookEffect: () => false,
  }),

  'storage upload to A’s animal folder': operation({
    service: 'storage',
    prepare: async () => `${(await fresh.animal()).animalId}/${randomUUID()}.jpg`,
    act: ({ db }, path) => db.storage.from(BUCKET).upload(path, JPEG(), { contentType: 'image/jpeg' }),
    tookEffect: async (path) => (await publicFile(path)) !== null,
  }),
  'storage upload to A’s user folder': operation({
    service: 'storage',
    prepare: async () => `${ownerA.userId}/${randomUUID()}.jpg`,
    act: ({ db }, path) => db.storage.from(BUCKET).upload(path, JPEG(), { contentType: 'image/jpeg' }),
    tookEffect: async (path) => (await publicFile(path)) !== null,
    cleanup: (path) => service.storage.from(BUCKET).remove([path]),
  }),
  'storage download public': operation({
    service: 'storage',
    // The public URL as the pages use it, fetched with the caller's headers.
    act: async ({ db, get }) => {
      const response = await get(db.storage.from(BUCKET).getPublicUrl(f.photoPath).data.publicUrl);
      return { data: response.ok ? Buffer.from(await response.arrayBuffer()) : null };
    },
    tookEffect: (_, data) => sameBytes(data as Buffer | null, JPEG()),
  }),
  'storage download, authenticated route': operation({
    service: 'storage',
    act: async ({ db }) => {
      const { data, error } = await db.storage.from(BUCKET).download(f.photoPath);
      return { data: data ? Buffer.from(await data.arrayBuffer()) : null, error };
    },
    tookEffect: (_, data) => sameBytes(data as Buffer | null, JPEG()),
  }),
  'storage download A’s finder photo': operation({
    service: 'storage',
    prepare: () => fresh.finderPhoto(),
    act: async ({ db }, path) => {
      const { data, error } = await db.storage.from(FINDER_BUCKET).download(path);
      return { data: data ? Buffer.from(await data.arrayBuffer()) : null, error };
    },
    tookEffect: (_, data) => sameBytes(data as Buffer | null, JPEG()),
  }),
  'storage download A’s finder photo, public': operation({
    service: 'storage',
    prepare: () => fresh.finderPhoto(),
    act: async ({ db, get }, path) => {
      const response = await get(db.storage.from(FINDER_BUCKET).getPublicUrl(path).data.publicUrl);
      return { data: response.ok ? Buffer.from(await response.arrayBuffer()) : null };
    },
    tookEffect: (_, data) => sameBytes(data as Buffer | null, JPEG()),
  }),
  'storage list A’s finder photos': operation({
    service: 'storage',
    prepare: () => fresh.finderPhoto(),
    act: ({ db }, path) => db.storage.from(FINDER_BUCKET).list(path.split('/')[0]),
    tookEffect: (path, data) => hasRow(data, 'name', path.split('/')[1]),
  }),
  'storage remove A’s finder photo': operation({
    service: 'storage',
    prepare: () => fresh.finderPhoto(),
    act: ({ db }, path) => db.storage.from(FINDER_BUCKET).remove([path]),
    tookEffect: async (path) =>
      (await stack.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [FINDER_BUCKET, path]))
        .rows.length === 0,
  }),
  'storage upload to A’s finder photos': operation({
    service: 'storage',
    prepare: async () => `${(await fresh.animal()).animalId}/${randomUUID()}.jpg`,
    act: ({ db }, path) => db.storage.from(FINDER_BUCKET).upload(path, JPEG(), { contentType: 'image/jpeg' }),
    tookEffect: async (path) =>
      (await stack.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [FINDER_BUCKET, path]))
        .rows.length > 0,
    cleanup: (path) => service.storage.from(FINDER_BUCKET).remove([path]),
  }),
  'storage list A’s animal folder': operation({
    service: 'storage',
    act: ({ db }) => db.storage.from(BUCKET).list(f.animal),
    tookEffect: (_, data) => hasRow(data, 'name', f.photoPath.split('/')[1]),
  }),
  'storage remove A’s photo': operation({
    service: 'storage',
    prepare: () => fresh.file(),
    act: ({ db }, path) => db.storage.from(BUCKET).remove([path]),
    tookEffect: async (path) => (await publicFile(path)) === null,
  }),
  'storage replace A’s photo': operation({
    service: 'storage',
    prepare: () => fresh.file(),
    act: ({ db }, path) => db.storage.from(BUCKET).update(path, OTHER_JPEG(), { contentType: 'image/jpeg' }),
    tookEffect: async (path) => !(await sameBytes(await publicFile(path), JPEG())),
  }),
  'storage replace A’s user-folder photo': operation({
    service: 'storage',
    prepare: () => fresh.file(ownerA.userId),
    act: ({ db }, path) => db.storage.from(BUCKET).update(path, OTHER_JPEG(), { contentType: 'image/jpeg' }),
    tookEffect: async (path) => !(await sameBytes(await publicFile(path), JPEG())),
    cleanup: (path) => service.storage.from(BUCKET).remove([path]),
  }),

  'function get_public_profile': operation({
    service: 'functions',
    act: ({ db }) => db.functions.invoke('get_public_profile', { body: { code: f.code } }),
    tookEffect: (_, data) => (data as { name?: string } | null)?.name === 'Rex',
    violations: (data) =>
      ['proprietaire_id', 'email_proprietaire', 'telephone_proprietaire', 'public_phone', 'second_contact_email']
        .filter((field) => data !== null && typeof data === 'object' && field in data)
        .map((field) => `the public profile carries ${field}`),
  }),
  'function search': operation({
    service: 'functions',
    act: ({ db }) => db.functions.invoke('search', { body: { id: f.search } }),
    tookEffect: (_, data) => (data as { status?: string } | null)?.status === 'searching',
    violations: (data) =>
      ['proprietaire_id', 'email_proprietaire', 'telephone_proprietaire', 'public_phone', 'area_lat']
        .filter((field) => data !== null && typeof data === 'object' && field in data)
        .map((field) => `the search page carries ${field}`),
  }),
  // Read by GET without any key, as link previews read a picture: it shows what the page shows.
  'function search-card': operation({
    service: 'functions',
    act: ({ db }) => db.functions.invoke(`search-card?id=${f.search}`, { method: 'GET' }),
    // supabase-js reads an image/jpeg answer as text: the JPEG's JFIF header shows through.
    tookEffect: (_, data) => typeof data === 'string' && data.includes('JFIF'),
  }),
  'function report-found': operation({
    service: 'functions',
    prepare: async () => marker(),
    act: ({ db }, place) => db.functions.invoke('report-found', { body: { species: 'cat', place } }),
    tookEffect: (place) => exists('found_reports', 'place', place),
    violations: (data) =>
      Object.keys((data as Record<string, unknown> | null) ?? {})
        .filter((key) => !['status', 'id', 'token'].includes(key))
        .map((key) => `report-found answers ${key}`),
  }),
  'function found': operation({
    service: 'functions',
    prepare: () => fresh.foundReport(),
    act: ({ db }, id) => db.functions.invoke('found', { body: { id } }),
    tookEffect: (_, data) => (data as { status?: string } | null)?.status === 'open',
    violations: (data) =>
      ['token_hash', 'client_hash', 'finder_email', 'lat', 'lon']
        .filter((field) => data !== null && typeof data === 'object' && field in data)
        .map((field) => `the found page carries ${field}`),
  }),
  'function report-sighting': operation({
    service: 'functions',
    prepare: async () => ({ search: await fresh.search(), words: marker() }),
    act: ({ db }, t) =>
      db.functions.invoke('report-sighting', { body: { id: t.search, kind: 'seen', words: t.words } }),
    tookEffect: (t) => exists('sightings', 'words', t.words),
  }),
  'function post_finder_message': operation({
    service: 'functions',
    prepare: async () => marker(),
    act: ({ db }, message) => db.functions.invoke('post_finder_message', { body: { code: f.code, message } }),
    tookEffect: (message) => exists('finder_messages', 'message', message),
  }),
  'function follow-search': operation({
    service: 'functions',
    prepare: async () => ({ search: await fresh.search(), email: `${marker()}@example.fr` }),
    act: ({ db }, t) =>
      db.functions.invoke('follow-search', { body: { id: t.search, email: t.email, language: 'fr' } }),
    tookEffect: (t) => exists('search_followers', 'email', t.email),
  }),
  // The one-click POST of RFC 8058, which mail clients send without a key or token.
  'function stop-finder-mail': operation({
    service: 'functions',
    prepare: () => fresh.finderMailToken(),
    act: ({ db }, token) =>
      db.functions.invoke(`stop-finder-mail?token=${token}`, { body: 'List-Unsubscribe=One-Click' }),
    tookEffect: (token) => finderMailStopped(token),
  }),
  'function record-scan': operation({
    service: 'functions',
    prepare: async () => marker(),
    act: ({ db }, userAgent) =>
      db.functions.invoke('record-scan', {
        body: { codeId: f.code, animalId: f.animal, lat: 43.6, lon: 1.44, accuracy: 20, userAgent, consent: true },
      }),
    tookEffect: (userAgent) => exists('scan_events', 'user_agent', userAgent),
  }),

  'function delete-animal': operation({
    service: 'functions',
    prepare: async () => {
      const { animalId } = await fresh.animal();
      return { animalId, file: await fresh.file(animalId) };
    },
    act: ({ db }, t) => db.functions.invoke('delete-animal', { body: { animal_id: t.animalId } }),
    // Deleted with its files: the animal and every file it had.
    tookEffect: async (t) => !(await exists('animals', 'id', t.animalId)) && (await publicFile(t.file)) === null,
    cleanup: (t) => service.storage.from(BUCKET).remove([t.file]),
  }),
  'function invite-member': operation({
    service: 'functions',
    prepare: async () => ({ animalId: (await fresh.animal()).animalId, email: `${marker()}@example.fr` }),
    act: ({ db }, t) =>
      db.functions.invoke('invite-member', { body: { animal_id: t.animalId, email: t.email, role: 'co_owner' } }),
    tookEffect: (t) => exists('animal_invitations', 'email', t.email),
  }),
  'rpc animal_invitation_offer': operation({
    service: 'rest',
    prepare: () => pendingInvitation(ownerB.email),
    act: ({ db }, t) => db.rpc('animal_invitation_offer', { p_token: t.token }),
    tookEffect: (_, data) => (data as { state?: string } | null)?.state === 'pending',
  }),
  'rpc refuse_animal_invitation': operation({
    service: 'rest',
    prepare: () => pendingInvitation(ownerB.email),
    act: ({ db }, t) => db.rpc('refuse_animal_invitation', { p_token: t.token }),
    tookEffect: async (t) => !(await exists('animal_invitations', 'id', t.id)),
  }),
  'function answer-invitation (refuse)': operation({
    service: 'functions',
    prepare: () => pendingInvitation(ownerB.email),
    act: ({ db }, t) => db.functions.invoke('answer-invitation', { body: { token: t.token, answer: 'refuse' } }),
    tookEffect: async (t) => !(await exists('animal_invitations', 'id', t.id)),
  }),
  'function answer-invitation (accept, sent to B)': operation({
    service: 'functions',
    prepare: () => pendingInvitation(ownerB.email),
    act: ({ db }, t) => db.functions.invoke('answer-invitation', { body: { token: t.token, answer: 'accept' } }),
    tookEffect: async (t) => (await roleOf(t.animalId, ownerB.userId)) === 'co_owner',
  }),
  'function sweep-photos': operation({
    service: 'functions',
    prepare: () => fresh.agedOrphan(),
    act: ({ db }) => db.functions.invoke('sweep-photos', { body: {} }),
    tookEffect: async (path) => (await publicFile(path)) === null,
    cleanup: (path) => service.storage.from(BUCKET).remove([path]),
  }),

  'function deliver-outbox': operation({
    service: 'functions',
    prepare: () => fresh.queuedMail(true),
    act: ({ db }) => db.functions.invoke('deliver-outbox', { body: {} }),
    tookEffect: (_, data) => ((data as { sent?: number } | null)?.sent ?? 0) > 0,
  }),

  'auth getUser': operation({
    service: 'auth',
    act: ({ db, token }) => db.auth.getUser(token),
    tookEffect: (_, data) => (data as { user?: { id?: string } } | null)?.user?.id === ownerA.userId,
  }),

  // The health booklet: its tables, its bucket, the reminders' switch, claim and function.
  'health_records select': operation({
    service: 'rest',
    prepare: async () => (await booklet.record(f.animal)).recordId,
    act: ({ db }, id) => db.from('health_records').select('id, label, next_due_on').eq('id', id),
    tookEffect: (id, data) => hasRow(data, 'id', id),
  }),
  'health_records insert': insertMarked('health_records', 'label', (label) => ({
    animal_id: f.animal,
    kind: 'treatment',
    label,
    given_on: '2030-01-01',
  })),
  'health_records update': updateOne(
    'health_records',
    async () => (await booklet.record(f.animal)).recordId,
    () => ({ label: marker() }),
  ),
  'health_records delete': deleteOne('health_records', async () => (await booklet.record(f.animal)).recordId),
  'health_records move to B’s animal': updateOne(
    'health_records',
    async () => (await booklet.record(f.animal)).recordId,
    () => ({ animal_id: f.animalOfB }),
  ),
  'health_documents select': operation({
    service: 'rest',
    prepare: async () => (await booklet.document()).id,
    act: ({ db }, id) => db.from('health_documents').select('id, title, content_type, size_bytes').eq('id', id),
    tookEffect: (id, data) => hasRow(data, 'id', id),
  }),
  'health_documents insert': operation({
    service: 'rest',
    prepare: () => booklet.file(),
    act: ({ db }, t) =>
      db
        .from('health_documents')
        .insert({ animal_id: t.animalId, path: t.path, title: 'Passeport', kind: 'passeport' }),
    tookEffect: (t) => exists('health_documents', 'path', t.path),
  }),
  'health_documents update': updateOne(
    'health_documents',
    async () => (await booklet.document()).id,
    () => ({ title: marker() }),
  ),
  'health_documents delete': deleteOne('health_documents', async () => (await booklet.document()).id),
  'animal_members update own reminders': operation({
    service: 'rest',
    prepare: async () => (await fresh.animal()).animalId,
    act: ({ db }, animalId) =>
      db.from('animal_members').update({ reminders_email: false }).eq('animal_id', animalId).select(),
    tookEffect: async (animalId) => {
      const { rows } = await stack.db.query(
        'select 1 from public.animal_members where animal_id = $1 and not reminders_email',
        [animalId],
      );
      return rows.length > 0;
    },
  }),
  'health_reminders_sent select': operation({
    service: 'rest',
    prepare: () => booklet.sentReminder(),
    act: ({ db }, id) => db.from('health_reminders_sent').select('*').eq('record_id', id),
    tookEffect: (id, data) => hasRow(data, 'record_id', id),
  }),
  'health_reminders_sent insert': operation({
    service: 'rest',
    prepare: () => booklet.record(f.animal),
    act: ({ db }, t) =>
      db
        .from('health_reminders_sent')
        .insert({ record_id: t.recordId, user_id: ownerA.userId, due_on: t.dueOn, kind: 'before' }),
    tookEffect: (t) => exists('health_reminders_sent', 'record_id', t.recordId),
  }),
  'health_reminders_sent update': updateOne(
    'health_reminders_sent',
    () => booklet.sentReminder(),
    () => ({ kind: 'on_day' }),
    'record_id',
  ),
  'health_reminders_sent delete': operation({
    service: 'rest',
    prepare: () => booklet.sentReminder(),
    act: ({ db }, id) => db.from('health_reminders_sent').delete().eq('record_id', id).select(),
    tookEffect: async (id) => !(await exists('health_reminders_sent', 'record_id', id)),
  }),
  // A record due on its own day: claiming that day answers A's reminder of it (and uses it up).
  'rpc claim_health_reminders': operation({
    service: 'rest',
    prepare: () => booklet.record(f.animal),
    act: ({ db }, t) => db.rpc('claim_health_reminders', { p_as_of: t.dueOn, p_limit: 1000 }),
    tookEffect: (t, data) => hasRow(data, 'record_id', t.recordId),
  }),
  'rpc orphan_health_document_files': operation({
    service: 'rest',
    // A document's file whose animal is gone: an orphan at once.
    prepare: async () => {
      const { animalId, path } = await booklet.file();
      await stack.db.query('delete from public.animals where id = $1', [animalId]);
      return path;
    },
    act: ({ db }) => db.rpc('orphan_health_document_files', { p_limit: 1_000_000 }),
    tookEffect: (path, data) => Array.isArray(data) && data.includes(path),
    cleanup: (path) => service.storage.from(HEALTH_BUCKET).remove([path]),
  }),
  'storage upload to A’s health documents': operation({
    service: 'storage',
    prepare: async () => `${(await fresh.animal()).animalId}/${randomUUID()}.pdf`,
    act: ({ db }, path) => db.storage.from(HEALTH_BUCKET).upload(path, PDF(), { contentType: 'application/pdf' }),
    tookEffect: (path) => booklet.stored(path),
  }),
  // A signed URL opens the document to whoever holds it, until it expires: the service role's alone to make.
  'storage sign A’s health document': operation({
    service: 'storage',
    prepare: () => booklet.file(),
    act: async ({ db }, t) => {
      const { data, error } = await db.storage.from(HEALTH_BUCKET).createSignedUrl(t.path, 60);
      return { data: data?.signedUrl ?? null, error };
    },
    tookEffect: async (_, url) =>
      typeof url === 'string' && sameBytes(Buffer.from(await (await fetch(url)).arrayBuffer()), PDF()),
  }),
  'rpc health_document_path': operation({
    service: 'rest',
    prepare: () => booklet.document(),
    act: ({ db }, t) => db.rpc('health_document_path', { p_document_id: t.id }),
    tookEffect: (t, data) => (data as { path?: string } | null)?.path === t.path,
  }),
  // The household's way to open a document: a link of one minute.
  'function health-document-link': operation({
    service: 'functions',
    prepare: () => booklet.document(),
    act: ({ db }, t) => db.functions.invoke('health-document-link', { body: { document_id: t.id } }),
    tookEffect: async (_, data) => {
      const url = (data as { signed_url?: string } | null)?.signed_url;
      return typeof url === 'string' && sameBytes(Buffer.from(await (await fetch(url)).arrayBuffer()), PDF());
    },
  }),
  'storage download A’s health document': operation({
    service: 'storage',
    prepare: () => booklet.file(),
    act: async ({ db }, t) => {
      const { data, error } = await db.storage.from(HEALTH_BUCKET).download(t.path);
      return { data: data ? Buffer.from(await data.arrayBuffer()) : null, error };
    },
    tookEffect: (_, data) => sameBytes(data as Buffer | null, PDF()),
  }),
  'storage download A’s health document, public': operation({
    service: 'storage',
    prepare: () => booklet.file(),
    act: async ({ db, get }, t) => {
      const response = await get(db.storage.from(HEALTH_BUCKET).getPublicUrl(t.path).data.publicUrl);
      return { data: response.ok ? Buffer.from(await response.arrayBuffer()) : null };
    },
    tookEffect: (_, data) => sameBytes(data as Buffer | null, PDF()),
  }),
  'storage list A’s health documents': operation({
    service: 'storage',
    prepare: () => booklet.file(),
    act: ({ db }, t) => db.storage.from(HEALTH_BUCKET).list(t.animalId),
    tookEffect: (t, data) => hasRow(data, 'name', t.path.split('/')[1]),
  }),
  // Removing the file removes its document's row with it.
  'storage remove A’s health document': operation({
    service: 'storage',
    prepare: () => booklet.document(),
    act: ({ db }, t) => db.storage.from(HEALTH_BUCKET).remove([t.path]),
    tookEffect: async (t) => !(await booklet.stored(t.path)) && !(await exists('health_documents', 'id', t.id)),
  }),
  'storage replace A’s health document': operation({
    service: 'storage',
    prepare: () => booklet.file(),
    act: ({ db }, t) => db.storage.from(HEALTH_BUCKET).update(t.path, OTHER_PDF(), { contentType: 'application/pdf' }),
    tookEffect: async (t) => {
      const { data } = await service.storage.from(HEALTH_BUCKET).download(t.path);
      return !(await sameBytes(data ? Buffer.from(await data.arrayBuffer()) : null, PDF()));
    },
  }),
  'function health-reminders': operation({
    service: 'functions',
    prepare: () => booklet.record(f.animal),
    act: ({ db }, t) => db.functions.invoke('health-reminders', { body: { as_of: t.dueOn } }),
    tookEffect: (_, data) => ((data as { sent?: number } | null)?.sent ?? 0) > 0,
  }),
  'conversations select': operation({
    service: 'rest',
    prepare: () => conversation(),
    act: ({ db }, c) => db.from('conversations').select('id, animal_id, blocked_at').eq('id', c.id),
    tookEffect: (c, data) => hasRow(data, 'id', c.id),
  }),
  'conversations select the finder’s link': operation({
    service: 'rest',
    prepare: () => conversation('trouveur@example.org'),
    act: ({ db }, c) => db.from('conversations').select('token, finder_email').eq('id', c.id),
    tookEffect: (c, data) => hasRow(data, 'token', c.token),
  }),
  'conversations insert': operation({
    service: 'rest',
    prepare: async () => randomUUID().replaceAll('-', '').repeat(2),
    act: ({ db }, token) => db.from('conversations').insert({ animal_id: f.animal, code_id: f.code, token }),
    tookEffect: (token) => exists('conversations', 'token', token),
  }),
  'conversations update (unblock)': operation({
    service: 'rest',
    prepare: async () => {
      const c = await conversation();
      await stack.db.query('update public.conversations set blocked_at = now() where id = $1', [c.id]);
      return c;
    },
    act: ({ db }, c) => db.from('conversations').update({ blocked_at: null }).eq('id', c.id).select('id'),
    tookEffect: async (c) => (await rowOf('conversations', 'id', c.id))?.blocked_at === null,
  }),
  'conversations delete': operation({
    service: 'rest',
    prepare: () => conversation(),
    act: ({ db }, c) => db.from('conversations').delete().eq('id', c.id).select('id'),
    tookEffect: async (c) => !(await exists('conversations', 'id', c.id)),
  }),
  'conversation_replies select': operation({
    service: 'rest',
    prepare: () => conversation(),
    act: ({ db }, c) => db.from('conversation_replies').select('*').eq('conversation_id', c.id),
    tookEffect: (c, data) => hasRow(data, 'id', c.replyId),
  }),
  'conversation_replies insert': operation({
    service: 'rest',
    prepare: async () => ({ ...(await conversation()), body: marker() }),
    act: ({ db }, c) => db.from('conversation_replies').insert({ conversation_id: c.id, body: c.body }),
    tookEffect: (c) => exists('conversation_replies', 'body', c.body),
  }),
  'conversation_replies update': operation({
    service: 'rest',
    prepare: async () => ({ ...(await conversation()), body: marker() }),
    act: ({ db }, c) => db.from('conversation_replies').update({ body: c.body }).eq('id', c.replyId).select('id'),
    tookEffect: (c) => exists('conversation_replies', 'body', c.body),
  }),
  'conversation_replies delete': operation({
    service: 'rest',
    prepare: () => conversation(),
    act: ({ db }, c) => db.from('conversation_replies').delete().eq('id', c.replyId).select('id'),
    tookEffect: async (c) => !(await exists('conversation_replies', 'id', c.replyId)),
  }),
  'rpc answer_conversation': operation({
    service: 'rest',
    prepare: async () => ({ ...(await conversation()), body: marker() }),
    act: ({ db }, c) => db.rpc('answer_conversation', { p_conversation_id: c.id, p_body: c.body }),
    tookEffect: (c) => exists('conversation_replies', 'body', c.body),
  }),
  'rpc block_conversation': operation({
    service: 'rest',
    prepare: () => conversation(),
    act: ({ db }, c) => db.rpc('block_conversation', { p_conversation_id: c.id }),
    tookEffect: async (c) => (await rowOf('conversations', 'id', c.id))?.blocked_at != null,
  }),
  'rpc finder_conversation': operation({
    service: 'rest',
    prepare: () => conversation(),
    act: ({ db }, c) => db.rpc('finder_conversation', { p_token: c.token }),
    tookEffect: (_, data) => (data as { status?: string } | null)?.status === 'open',
  }),
  'rpc record_conversation_message': operation({
    service: 'rest',
    prepare: async () => ({ ...(await conversation()), message: marker() }),
    act: ({ db }, c) => db.rpc('record_conversation_message', { p_token: c.token, p_message: c.message }),
    tookEffect: (c) => exists('finder_messages', 'message', c.message),
  }),
  'rpc delete_finder_conversation_message': operation({
    service: 'rest',
    prepare: () => conversation(),
    act: ({ db }, c) => db.rpc('delete_finder_conversation_message', { p_token: c.token, p_message_id: c.messageId }),
    tookEffect: async (c) => !(await exists('finder_messages', 'id', c.messageId)),
  }),
  'rpc finder_mail_for_reply': operation({
    service: 'rest',
    prepare: () => conversation('trouveur@example.org'),
    act: ({ db }, c) => db.rpc('finder_mail_for_reply', { p_reply_id: c.replyId }),
    tookEffect: (_, data) => (data as { to?: string } | null)?.to === 'trouveur@example.org',
  }),
  'rpc want_finder_mail': operation({
    service: 'rest',
    prepare: () => conversation(`${marker()}@example.org`),
    act: ({ db }, c) => db.rpc('want_finder_mail', { p_token: c.mailToken }),
    tookEffect: (_, data) => data === 'on',
  }),
  'function conversation': operation({
    service: 'functions',
    prepare: async () => ({ ...(await conversation()), message: marker() }),
    act: ({ db }, c) => db.functions.invoke('conversation', { body: { token: c.token, message: c.message } }),
    tookEffect: (c) => exists('finder_messages', 'message', c.message),
  }),
  'reunions select': operation({
    service: 'rest',
    prepare: () => reunion(),
    act: ({ db }, r) => db.from('reunions').select('id, channel').eq('id', r.reunionId),
    tookEffect: (r, data) => hasRow(data, 'id', r.reunionId),
  }),
  'reunions insert': operation({
    service: 'rest',
    prepare: async () => (await fresh.animal()).animalId,
    act: ({ db }, animalId) => db.from('reunions').insert({ animal_id: animalId, channel: 'phone' }),
    tookEffect: (animalId) => exists('reunions', 'animal_id', animalId),
  }),
  'reunions update': operation({
    service: 'rest',
    prepare: () => reunion(),
    act: ({ db }, r) => db.from('reunions').update({ channel: 'other' }).eq('id', r.reunionId).select('id'),
    tookEffect: async (r) => (await rowOf('reunions', 'id', r.reunionId))?.channel === 'other',
  }),
  'reunions delete': operation({
    service: 'rest',
    prepare: () => reunion(),
    act: ({ db }, r) => db.from('reunions').delete().eq('id', r.reunionId).select('id'),
    tookEffect: async (r) => !(await exists('reunions', 'id', r.reunionId)),
  }),
  'rpc set_reunion_channel': operation({
    service: 'rest',
    prepare: () => reunion(),
    act: ({ db }, r) => db.rpc('set_reunion_channel', { p_animal_id: r.animalId, p_channel: 'phone' }),
    tookEffect: async (r) => (await rowOf('reunions', 'id', r.reunionId))?.channel === 'phone',
  }),
  // Figures of every household together: any answer at all is what only the operators may read.
  'rpc reunion_stats': operation({
    service: 'rest',
    prepare: () => reunion(),
    act: ({ db }) => db.rpc('reunion_stats', {}),
    tookEffect: (_, data) => ((data as { reunions?: number } | null)?.reunions ?? 0) > 0,
  }),
  'rpc claim_found_notices': operation({
    service: 'rest',
    prepare: () => reunion(),
    act: ({ db }) => db.rpc('claim_found_notices', { p_limit: 1000 }),
    tookEffect: (r, data) => hasRow(data, 'token', r.mailToken),
  }),
  'push_subscriptions select': operation({
    service: 'rest',
    prepare: () => pushDevice(),
    act: ({ db }, d) => db.from('push_subscriptions').select('id, endpoint').eq('id', d.id),
    tookEffect: (d, data) => hasRow(data, 'id', d.id),
  }),
  'push_subscriptions select the device’s keys': operation({
    service: 'rest',
    prepare: () => pushDevice(),
    act: ({ db }, d) => db.from('push_subscriptions').select('id, p256dh, auth').eq('id', d.id),
    tookEffect: (d, data) => hasRow(data, 'auth', d.keys.auth),
  }),
  'push_subscriptions insert': operation({
    service: 'rest',
    prepare: async () => `https://fcm.googleapis.com/fcm/send/${marker()}`,
    act: ({ db }, endpoint) =>
      db
        .from('push_subscriptions')
        .insert({ user_id: ownerA.userId, endpoint, p256dh: `B${'C'.repeat(86)}`, auth: 'C'.repeat(22) }),
    tookEffect: (endpoint) => exists('push_subscriptions', 'endpoint', endpoint),
  }),
  'push_subscriptions update (take A’s device)': operation({
    service: 'rest',
    prepare: () => pushDevice(),
    act: ({ db }, d) => db.from('push_subscriptions').update({ user_id: ownerB.userId }).eq('id', d.id).select('id'),
    tookEffect: async (d) => (await rowOf('push_subscriptions', 'id', d.id))?.user_id === ownerB.userId,
  }),
  'push_subscriptions delete': operation({
    service: 'rest',
    prepare: () => pushDevice(),
    act: ({ db }, d) => db.from('push_subscriptions').delete().eq('id', d.id).select('id'),
    tookEffect: async (d) => !(await exists('push_subscriptions', 'id', d.id)),
  }),
  'push_outbox select': operation({
    service: 'rest',
    prepare: () => pushDevice(),
    act: ({ db }, d) => db.from('push_outbox').select('id, payload').eq('id', d.outbox),
    tookEffect: (d, data) => hasRow(data, 'id', d.outbox),
  }),
  'push_outbox insert': operation({
    service: 'rest',
    prepare: async () => ({ ...(await pushDevice()), mark: marker() }),
    act: ({ db }, d) => db.from('push_outbox').insert({ subscription_id: d.id, payload: { title: d.mark } }),
    tookEffect: async (d) =>
      (await stack.db.query("select 1 from public.push_outbox where payload->>'title' = $1", [d.mark])).rows.length > 0,
  }),
  'rpc save_push_subscription (A’s endpoint, other keys)': operation({
    service: 'rest',
    prepare: () => pushDevice(),
    act: ({ db }, d) =>
      db.rpc('save_push_subscription', {
        p_endpoint: d.endpoint,
        p_p256dh: `B${'D'.repeat(86)}`,
        p_auth: 'D'.repeat(22),
      }),
    tookEffect: async (d) => {
      const row = await rowOf('push_subscriptions', 'id', d.id);
      return row?.user_id !== ownerA.userId || row?.auth !== d.keys.auth;
    },
  }),
  'rpc push_targets': operation({
    service: 'rest',
    prepare: async () => {
      const device = await pushDevice();
      return { ...device, animalId: (await fresh.animal()).animalId };
    },
    act: ({ db }, d) => db.rpc('push_targets', { p_animal_id: d.animalId }),
    tookEffect: (d, data) => hasRow(data, 'endpoint', d.endpoint),
  }),
  'rpc claim_due_pushes': operation({
    service: 'rest',
    prepare: async () => {
      const device = await pushDevice();
      await stack.db.query('update public.push_outbox set next_attempt_at = now() where id = $1', [device.outbox]);
      return device;
    },
    act: ({ db }) => db.rpc('claim_due_pushes', { p_limit: 1000 }),
    tookEffect: (d, data) => hasRow(data, 'id', d.outbox),
  }),
  'function claim-found': operation({
    service: 'functions',
    prepare: async () => ({
      report: await fresh.foundReport(),
      animal: (await fresh.animal()).animalId,
      words: marker(),
    }),
    act: ({ db }, t) =>
      db.functions.invoke('claim-found', { body: { report_id: t.report, animal_id: t.animal, words: t.words } }),
    tookEffect: (t) => exists('conversation_replies', 'body', t.words),
  }),
  'function answer-conversation': operation({
    service: 'functions',
    prepare: async () => ({ ...(await conversation()), body: marker() }),
    act: ({ db }, c) => db.functions.invoke('answer-conversation', { body: { conversation_id: c.id, body: c.body } }),
    tookEffect: (c) => exists('conversation_replies', 'body', c.body),
  }),
};

beforeAll(async () => {
  // No sweep but the cells' own: the stack's timer would remove the orphans the sweep cells prepare.
  stack = await startTestStack({ photoSweep: { firstDelayMs: 0, intervalMs: 0 } });
  service = stack.serviceClient();
  [ownerA, ownerB] = await Promise.all([stack.signedInOwner('matrix-a'), stack.signedInOwner('matrix-b')]);
  household = {
    coOwner: await stack.signedInOwner('matrix-co'),
    keeper: await stack.signedInOwner('matrix-keeper'),
    pastKeeper: await stack.signedInOwner('matrix-past'),
    leftMember: await stack.signedInOwner('matrix-left'),
  };
  const { coOwner, keeper, pastKeeper, leftMember } = household;

  const rex = await stack.activatedAnimal(ownerA.client, {
    nom: 'Rex',
    email_proprietaire: PRIVATE_EMAIL,
    telephone_proprietaire: PRIVATE_PHONE,
  });
  await must(
    ownerA.client
      .from('animals')
      .update({
        public_phone: HIDDEN_PUBLIC_PHONE,
        show_public_phone: false,
        second_contact_email: HIDDEN_SECOND_EMAIL,
        show_second_contact_email: false,
      })
      .eq('id', rex.animalId),
  );
  await addHousehold(rex.animalId);
  // A co-owner who accepted an invitation and was then removed by A.
  const invited = await must(
    ownerA.client.rpc('invite_animal_member', {
      p_animal_id: rex.animalId,
      p_email: leftMember.email,
      p_role: 'co_owner',
      p_access_until: null,
    }),
  );
  await must(leftMember.client.rpc('accept_animal_invitation', { p_token: (invited as { token: string }).token }));
  await must(ownerA.client.rpc('remove_animal_member', { p_animal_id: rex.animalId, p_user_id: leftMember.userId }));
  const photoPath = `${rex.animalId}/photo.jpg`;
  await must(ownerA.client.storage.from(BUCKET).upload(photoPath, JPEG(), { contentType: 'image/jpeg' }));
  // A's single-photo upload in their own user folder, as the portal makes it.
  const userFilePath = `${ownerA.userId}/${rex.animalId}.jpg`;
  await must(ownerA.client.storage.from(BUCKET).upload(userFilePath, JPEG(), { contentType: 'image/jpeg' }));
  const photo = await must(
    ownerA.client.from('animal_photos').insert({ animal_id: rex.animalId, path: photoPath }).select('id').single(),
  );
  f = {
    animal: rex.animalId,
    code: rex.code,
    photo: (photo as { id: string }).id,
    photoPath,
    message: '',
    event: '',
    rateBucket: '',
    queuedMail: '',
    animalOfB: (await stack.activatedAnimal(ownerB.client, { nom: 'Mimi' })).animalId,
    search: '',
  };
  f.message = await fresh.row('finder_messages');
  f.event = await fresh.row('scan_events');
  f.rateBucket = await fresh.rateBucket();
  f.queuedMail = await fresh.queuedMail();
  f.search = await fresh.search();

  const tokenOf = async (client: SupabaseClient) => (await client.auth.getSession()).data.session?.access_token ?? '';
  const tokenA = await tokenOf(ownerA.client);
  const claimsA = claimsOf(tokenA);
  const now = Math.floor(Date.now() / 1000);
  tokens = {
    // As supabase-js sends its own key when signed out: the publishable key (the anon key in a legacy project).
    anon: stack.frontEndKey,
    ownerA: tokenA,
    ownerB: await tokenOf(ownerB.client),
    coOwner: await tokenOf(coOwner.client),
    keeper: await tokenOf(keeper.client),
    pastKeeper: await tokenOf(pastKeeper.client),
    leftMember: await tokenOf(leftMember.client),
    service: stack.serviceRoleKey,
    ghost: signHs256(
      { ...claimsA, sub: randomUUID(), email: 'personne@example.fr', session_id: randomUUID() },
      STACK_JWT_SECRET,
    ),
    wrongSecret: signHs256(claimsA, WRONG_SECRET),
    algNone: unsignedJwt(claimsA),
    expired: signHs256({ ...claimsA, iat: now - 7200, exp: now - 3600 }, STACK_JWT_SECRET),
    roleResigned: signHs256({ ...claimsA, role: 'service_role' }, WRONG_SECRET),
    roleEdited: withEditedPayload(tokenA, { role: 'service_role' }),
  };
});
afterAll(() => stack?.close());

/**
 * Private values of A's that no answer may contain to anyone but A, the service role, and the members of A's
 * household, who see the animal whole and each other's addresses.
 */
function leaks(caller: Caller, exchanges: Exchange[]): string[] {
  if (['ownerA', 'service', 'coOwner', 'keeper'].includes(caller)) return [];
  const secrets = [PRIVATE_EMAIL, PRIVATE_PHONE, HIDDEN_PUBLIC_PHONE, HIDDEN_SECOND_EMAIL, ownerA.email];
  return exchanges.flatMap((exchange) =>
    secrets.filter((secret) => exchange.responseText.includes(secret)).map((secret) => `${secret} leaked`),
  );
}

// On a legacy project (JWT_SIGNING=legacy, the pglite-legacy-keys project) only the callers whose tokens or
// keys that system makes differently: a household member's session is an owner's session like A's and B's.
const HOUSEHOLD_CALLERS: readonly Caller[] = ['coOwner', 'keeper', 'pastKeeper', 'leftMember'];
const callersHere =
  process.env.JWT_SIGNING === 'legacy' ? CALLERS.filter((c) => !HOUSEHOLD_CALLERS.includes(c)) : CALLERS;
const cells = MATRIX.flatMap(([name, ...outcomes]) =>
  callersHere.map((caller) => ({ name, caller, expected: outcomes[CALLERS.indexOf(caller)] as Outcome })),
);

/** The README's table of who may do what: its role columns, as the matrix's callers. */
const README_ROLES: Caller[][] = [['ownerA'], ['coOwner'], ['keeper'], ['pastKeeper'], ['ownerB', 'leftMember']];

describe('the README’s table of who may do what', () => {
  it('says oui exactly where the matrix expects allowed', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('### Who may do what'));
    const table = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Action'));
    expect(table.length).toBeGreaterThan(5);
    const expected = new Map(MATRIX.map(([name, ...outcomes]) => [name, outcomes]));
    const disagreements = table.flatMap((line) => {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      const [action, ...rest] = cells;
      const says = rest.slice(0, README_ROLES.length);
      const operations = Array.from((rest.at(-1) ?? '').matchAll(/`([^`]+)`/g), (match) => match[1] as string);
      return operations.flatMap((name) => {
        const outcomes = expected.get(name);
        if (!outcomes) return [`${action}: no operation ${name}`];
        return README_ROLES.flatMap((callers, column) =>
          callers
            .filter((caller) => (outcomes[CALLERS.indexOf(caller)] === OK) !== (says[column] === 'oui'))
            .map((caller) => `${action}: ${name} for ${caller} is ${outcomes[CALLERS.indexOf(caller)]}`),
        );
      });
    });
    expect(disagreements).toEqual([]);
  });
});

describe('the authorization matrix', () => {
  it('has one expected outcome per caller for every operation, and an operation for every row', () => {
    expect(MATRIX.filter((row) => row.length !== CALLERS.length + 1).map(([name]) => name)).toEqual([]);
    expect(MATRIX.map(([name]) => name).sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  it.each(cells)('$name · $caller → $expected', async ({ name, caller, expected }) => {
    const op = OPERATIONS[name] as Operation<unknown>;
    const target = op.prepare ? await op.prepare() : undefined;
    const context = clientWithToken(stack, tokens[caller]);
    const { exchanges } = context;
    try {
      const { data } = await op.act(context, target);
      const answer = exchanges.at(-1);
      const succeeded = answer !== undefined && answer.status >= 200 && answer.status < 300;
      const observed = {
        outcome: outcomeOf(op.service, answer, await op.tookEffect(target, succeeded ? data : null), {
          anonRole: caller === 'anon',
          expired: caller === 'expired',
        }),
        violations: [...leaks(caller, exchanges), ...(op.violations?.(data) ?? [])],
      };
      expect(observed, describeExchange(answer)).toEqual({ outcome: expected, violations: [] });
    } finally {
      await op.cleanup?.(target);
    }
  });
});
