// Generated from the database by `pnpm gen:types` (supabase/local/src/types): do not edit by hand.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  public: {
    Tables: {
      animal_activity: {
        Row: {
          id: string
          animal_id: string
          actor_id: string | null
          kind: string
          subject_id: string | null
          created_at: string
        }
        Insert: {
          id?: string
          animal_id: string
          actor_id?: string | null
          kind: string
          subject_id?: string | null
          created_at?: string
        }
        Update: {
          id?: string
          animal_id?: string
          actor_id?: string | null
          kind?: string
          subject_id?: string | null
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "animal_activity_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      animal_invitations: {
        Row: {
          id: string
          animal_id: string
          email: string
          role: string
          access_until: string | null
          token_hash: string
          invited_by: string
          created_at: string
          expires_at: string
          accepted_by: string | null
          accepted_at: string | null
        }
        Insert: {
          id?: string
          animal_id: string
          email: string
          role: string
          access_until?: string | null
          token_hash: string
          invited_by: string
          created_at?: string
          expires_at?: string
          accepted_by?: string | null
          accepted_at?: string | null
        }
        Update: {
          id?: string
          animal_id?: string
          email?: string
          role?: string
          access_until?: string | null
          token_hash?: string
          invited_by?: string
          created_at?: string
          expires_at?: string
          accepted_by?: string | null
          accepted_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "animal_invitations_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: true
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      animal_members: {
        Row: {
          animal_id: string
          user_id: string
          role: string
          access_until: string | null
          alert_email: boolean
          created_at: string
          reminders_email: boolean
        }
        Insert: {
          animal_id: string
          user_id: string
          role: string
          access_until?: string | null
          alert_email?: boolean
          created_at?: string
          reminders_email?: boolean
        }
        Update: {
          animal_id?: string
          user_id?: string
          role?: string
          access_until?: string | null
          alert_email?: boolean
          created_at?: string
          reminders_email?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "animal_members_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: true
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      animal_photos: {
        Row: {
          id: string
          animal_id: string
          path: string
          width: number | null
          height: number | null
          position: number
          created_at: string
        }
        Insert: {
          id?: string
          animal_id: string
          path: string
          width?: number | null
          height?: number | null
          position?: number
          created_at?: string
        }
        Update: {
          id?: string
          animal_id?: string
          path?: string
          width?: number | null
          height?: number | null
          position?: number
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "animal_photos_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      animals: {
        Row: {
          id: string
          proprietaire_id: string
          nom: string
          espece: string | null
          race: string | null
          couleur: string | null
          annee_naissance: number | null
          sexe: string | null
          sterilise: boolean
          poids_kg: number | null
          informations_importantes: string | null
          allergies: string | null
          medications: string | null
          caractere: string | null
          informations_veterinaires: string | null
          puce_ou_tatouage: string | null
          photo_url: string | null
          cover_photo_id: string | null
          email_proprietaire: string | null
          telephone_proprietaire: string | null
          public_phone: string | null
          public_email: string | null
          public_address_line: string | null
          public_city: string | null
          show_public_phone: boolean
          show_public_email: boolean
          show_public_address: boolean
          is_lost: boolean
          last_known_lat: number | null
          last_known_lon: number | null
          last_known_accuracy_m: number | null
          last_known_at: string | null
          date_creation: string
          date_modification: string
          lost_since: string | null
          lost_checklist: string[]
          second_contact_name: string | null
          second_contact_phone: string | null
          second_contact_email: string | null
          show_second_contact_phone: boolean
          show_second_contact_email: boolean
        }
        Insert: {
          id?: string
          proprietaire_id?: string
          nom: string
          espece?: string | null
          race?: string | null
          couleur?: string | null
          annee_naissance?: number | null
          sexe?: string | null
          sterilise?: boolean
          poids_kg?: number | null
          informations_importantes?: string | null
          allergies?: string | null
          medications?: string | null
          caractere?: string | null
          informations_veterinaires?: string | null
          puce_ou_tatouage?: string | null
          photo_url?: string | null
          cover_photo_id?: string | null
          email_proprietaire?: string | null
          telephone_proprietaire?: string | null
          public_phone?: string | null
          public_email?: string | null
          public_address_line?: string | null
          public_city?: string | null
          show_public_phone?: boolean
          show_public_email?: boolean
          show_public_address?: boolean
          is_lost?: boolean
          last_known_lat?: number | null
          last_known_lon?: number | null
          last_known_accuracy_m?: number | null
          last_known_at?: string | null
          date_creation?: string
          date_modification?: string
          lost_since?: string | null
          lost_checklist?: string[]
          second_contact_name?: string | null
          second_contact_phone?: string | null
          second_contact_email?: string | null
          show_second_contact_phone?: boolean
          show_second_contact_email?: boolean
        }
        Update: {
          id?: string
          proprietaire_id?: string
          nom?: string
          espece?: string | null
          race?: string | null
          couleur?: string | null
          annee_naissance?: number | null
          sexe?: string | null
          sterilise?: boolean
          poids_kg?: number | null
          informations_importantes?: string | null
          allergies?: string | null
          medications?: string | null
          caractere?: string | null
          informations_veterinaires?: string | null
          puce_ou_tatouage?: string | null
          photo_url?: string | null
          cover_photo_id?: string | null
          email_proprietaire?: string | null
          telephone_proprietaire?: string | null
          public_phone?: string | null
          public_email?: string | null
          public_address_line?: string | null
          public_city?: string | null
          show_public_phone?: boolean
          show_public_email?: boolean
          show_public_address?: boolean
          is_lost?: boolean
          last_known_lat?: number | null
          last_known_lon?: number | null
          last_known_accuracy_m?: number | null
          last_known_at?: string | null
          date_creation?: string
          date_modification?: string
          lost_since?: string | null
          lost_checklist?: string[]
          second_contact_name?: string | null
          second_contact_phone?: string | null
          second_contact_email?: string | null
          show_second_contact_phone?: boolean
          show_second_contact_email?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "animals_cover_photo_fk"
            columns: ["cover_photo_id","id"]
            isOneToOne: false
            referencedRelation: "animal_photos"
            referencedColumns: ["id","animal_id"]
          },
        ]
      }
      codes: {
        Row: {
          id: string
          used: boolean
          animal_id: string | null
          created_at: string
          batch: string | null
          suspended_at: string | null
          suspended_by: string | null
          suspended_reason: string | null
          owner_told_of_suspension_at: string | null
        }
        Insert: {
          id: string
          used?: boolean
          animal_id?: string | null
          created_at?: string
          batch?: string | null
          suspended_at?: string | null
          suspended_by?: string | null
          suspended_reason?: string | null
          owner_told_of_suspension_at?: string | null
        }
        Update: {
          id?: string
          used?: boolean
          animal_id?: string | null
          created_at?: string
          batch?: string | null
          suspended_at?: string | null
          suspended_by?: string | null
          suspended_reason?: string | null
          owner_told_of_suspension_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "codes_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: true
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      conversation_replies: {
        Row: {
          id: string
          conversation_id: string
          author_id: string | null
          body: string | null
          created_at: string
          kind: string
          mail_due: boolean
        }
        Insert: {
          id?: string
          conversation_id: string
          author_id?: string | null
          body?: string | null
          created_at?: string
          kind?: string
          mail_due?: boolean
        }
        Update: {
          id?: string
          conversation_id?: string
          author_id?: string | null
          body?: string | null
          created_at?: string
          kind?: string
          mail_due?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "conversation_replies_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
        ]
      }
      conversations: {
        Row: {
          id: string
          animal_id: string
          code_id: string
          token: string
          language: string
          finder_email: string | null
          created_at: string
          last_message_at: string
          blocked_at: string | null
          finder_mailed_at: string | null
          household_mailed_at: string | null
          mail_token: string | null
          finder_mail_wanted_at: string | null
          search_id: string | null
          found_report_id: string | null
        }
        Insert: {
          id?: string
          animal_id: string
          code_id: string
          token: string
          language?: string
          finder_email?: string | null
          created_at?: string
          last_message_at?: string
          blocked_at?: string | null
          finder_mailed_at?: string | null
          household_mailed_at?: string | null
          mail_token?: string | null
          finder_mail_wanted_at?: string | null
          search_id?: string | null
          found_report_id?: string | null
        }
        Update: {
          id?: string
          animal_id?: string
          code_id?: string
          token?: string
          language?: string
          finder_email?: string | null
          created_at?: string
          last_message_at?: string
          blocked_at?: string | null
          finder_mailed_at?: string | null
          household_mailed_at?: string | null
          mail_token?: string | null
          finder_mail_wanted_at?: string | null
          search_id?: string | null
          found_report_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "conversations_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_code_id_fkey"
            columns: ["code_id"]
            isOneToOne: false
            referencedRelation: "codes"
            referencedColumns: ["id"]
          },
        ]
      }
      finder_mail_addresses: {
        Row: {
          address_hash: string
          unsubscribe_token: string
          unsubscribed_at: string | null
          created_at: string
        }
        Insert: {
          address_hash: string
          unsubscribe_token: string
          unsubscribed_at?: string | null
          created_at?: string
        }
        Update: {
          address_hash?: string
          unsubscribe_token?: string
          unsubscribed_at?: string | null
          created_at?: string
        }
        Relationships: [

        ]
      }
      finder_messages: {
        Row: {
          id: string
          animal_id: string
          code_id: string
          message: string | null
          contact: string | null
          created_at: string
          read_at: string | null
          photo_path: string | null
          conversation_id: string | null
          finder_status: string | null
          status_place: string | null
          seen_lat: number | null
          seen_lon: number | null
          seen_accuracy_m: number | null
        }
        Insert: {
          id?: string
          animal_id: string
          code_id: string
          message?: string | null
          contact?: string | null
          created_at?: string
          read_at?: string | null
          photo_path?: string | null
          conversation_id?: string | null
          finder_status?: string | null
          status_place?: string | null
          seen_lat?: number | null
          seen_lon?: number | null
          seen_accuracy_m?: number | null
        }
        Update: {
          id?: string
          animal_id?: string
          code_id?: string
          message?: string | null
          contact?: string | null
          created_at?: string
          read_at?: string | null
          photo_path?: string | null
          conversation_id?: string | null
          finder_status?: string | null
          status_place?: string | null
          seen_lat?: number | null
          seen_lon?: number | null
          seen_accuracy_m?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "finder_messages_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "finder_messages_code_id_fkey"
            columns: ["code_id"]
            isOneToOne: false
            referencedRelation: "codes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "finder_messages_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
        ]
      }
      found_matches: {
        Row: {
          found_report_id: string
          search_id: string
          distance_m: number
          created_at: string
          told_at: string | null
        }
        Insert: {
          found_report_id: string
          search_id: string
          distance_m: number
          created_at?: string
          told_at?: string | null
        }
        Update: {
          found_report_id?: string
          search_id?: string
          distance_m?: number
          created_at?: string
          told_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "found_matches_found_report_id_fkey"
            columns: ["found_report_id"]
            isOneToOne: false
            referencedRelation: "found_reports"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "found_matches_search_id_fkey"
            columns: ["search_id"]
            isOneToOne: false
            referencedRelation: "searches"
            referencedColumns: ["id"]
          },
        ]
      }
      found_report_abuse: {
        Row: {
          found_report_id: string
          client_hash: string
          created_at: string
        }
        Insert: {
          found_report_id: string
          client_hash: string
          created_at?: string
        }
        Update: {
          found_report_id?: string
          client_hash?: string
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "found_report_abuse_found_report_id_fkey"
            columns: ["found_report_id"]
            isOneToOne: false
            referencedRelation: "found_reports"
            referencedColumns: ["id"]
          },
        ]
      }
      found_report_photos: {
        Row: {
          id: string
          found_report_id: string
          path: string
          width: number
          height: number
          position: number
        }
        Insert: {
          id?: string
          found_report_id: string
          path: string
          width: number
          height: number
          position: number
        }
        Update: {
          id?: string
          found_report_id?: string
          path?: string
          width?: number
          height?: number
          position?: number
        }
        Relationships: [
          {
            foreignKeyName: "found_report_photos_found_report_id_fkey"
            columns: ["found_report_id"]
            isOneToOne: false
            referencedRelation: "found_reports"
            referencedColumns: ["id"]
          },
        ]
      }
      found_reports: {
        Row: {
          id: string
          species: string
          found_at: string
          place: string | null
          lat: number | null
          lon: number | null
          description: string | null
          words: string | null
          language: string
          token_hash: string
          client_hash: string | null
          created_at: string
          closed_at: string | null
          finder_email: string | null
          mail_token_hash: string | null
          finder_mail_wanted_at: string | null
          hidden_at: string | null
        }
        Insert: {
          id?: string
          species: string
          found_at: string
          place?: string | null
          lat?: number | null
          lon?: number | null
          description?: string | null
          words?: string | null
          language?: string
          token_hash: string
          client_hash?: string | null
          created_at?: string
          closed_at?: string | null
          finder_email?: string | null
          mail_token_hash?: string | null
          finder_mail_wanted_at?: string | null
          hidden_at?: string | null
        }
        Update: {
          id?: string
          species?: string
          found_at?: string
          place?: string | null
          lat?: number | null
          lon?: number | null
          description?: string | null
          words?: string | null
          language?: string
          token_hash?: string
          client_hash?: string | null
          created_at?: string
          closed_at?: string | null
          finder_email?: string | null
          mail_token_hash?: string | null
          finder_mail_wanted_at?: string | null
          hidden_at?: string | null
        }
        Relationships: [

        ]
      }
      health_documents: {
        Row: {
          id: string
          animal_id: string
          path: string
          title: string
          kind: string
          content_type: string
          size_bytes: number
          created_by: string | null
          created_at: string
        }
        Insert: {
          id?: string
          animal_id: string
          path: string
          title: string
          kind: string
          content_type: string
          size_bytes: number
          created_by?: string | null
          created_at?: string
        }
        Update: {
          id?: string
          animal_id?: string
          path?: string
          title?: string
          kind?: string
          content_type?: string
          size_bytes?: number
          created_by?: string | null
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "health_documents_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      health_records: {
        Row: {
          id: string
          animal_id: string
          kind: string
          label: string
          given_on: string
          next_due_on: string | null
          weight_kg: number | null
          notes: string | null
          created_by: string | null
          created_at: string
          updated_at: string
          shown_to_finder: boolean
        }
        Insert: {
          id?: string
          animal_id: string
          kind: string
          label: string
          given_on: string
          next_due_on?: string | null
          weight_kg?: number | null
          notes?: string | null
          created_by?: string | null
          created_at?: string
          updated_at?: string
          shown_to_finder?: boolean
        }
        Update: {
          id?: string
          animal_id?: string
          kind?: string
          label?: string
          given_on?: string
          next_due_on?: string | null
          weight_kg?: number | null
          notes?: string | null
          created_by?: string | null
          created_at?: string
          updated_at?: string
          shown_to_finder?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "health_records_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      health_reminders_sent: {
        Row: {
          record_id: string
          user_id: string
          due_on: string
          kind: string
          sent_at: string
        }
        Insert: {
          record_id: string
          user_id: string
          due_on: string
          kind: string
          sent_at?: string
        }
        Update: {
          record_id?: string
          user_id?: string
          due_on?: string
          kind?: string
          sent_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "health_reminders_sent_record_id_fkey"
            columns: ["record_id"]
            isOneToOne: false
            referencedRelation: "health_records"
            referencedColumns: ["id"]
          },
        ]
      }
      mail_outbox: {
        Row: {
          id: string
          recipient: string
          subject: string
          text_body: string
          html_body: string
          attempts: number
          next_attempt_at: string
          expires_at: string
          last_error: string | null
          created_at: string
          for_account_only: boolean
          headers: Json
        }
        Insert: {
          id: string
          recipient: string
          subject: string
          text_body: string
          html_body: string
          attempts?: number
          next_attempt_at?: string
          expires_at?: string
          last_error?: string | null
          created_at?: string
          for_account_only?: boolean
          headers?: Json
        }
        Update: {
          id?: string
          recipient?: string
          subject?: string
          text_body?: string
          html_body?: string
          attempts?: number
          next_attempt_at?: string
          expires_at?: string
          last_error?: string | null
          created_at?: string
          for_account_only?: boolean
          headers?: Json
        }
        Relationships: [

        ]
      }
      profile_views: {
        Row: {
          id: string
          animal_id: string
          code_id: string
          client_hash: string | null
          created_at: string
        }
        Insert: {
          id?: string
          animal_id: string
          code_id: string
          client_hash?: string | null
          created_at?: string
        }
        Update: {
          id?: string
          animal_id?: string
          code_id?: string
          client_hash?: string | null
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "profile_views_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "profile_views_code_id_fkey"
            columns: ["code_id"]
            isOneToOne: false
            referencedRelation: "codes"
            referencedColumns: ["id"]
          },
        ]
      }
      push_outbox: {
        Row: {
          id: string
          subscription_id: string | null
          payload: Json
          attempts: number
          next_attempt_at: string
          expires_at: string
          search_follower_id: string | null
        }
        Insert: {
          id?: string
          subscription_id?: string | null
          payload: Json
          attempts?: number
          next_attempt_at?: string
          expires_at?: string
          search_follower_id?: string | null
        }
        Update: {
          id?: string
          subscription_id?: string | null
          payload?: Json
          attempts?: number
          next_attempt_at?: string
          expires_at?: string
          search_follower_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "push_outbox_search_follower_id_fkey"
            columns: ["search_follower_id"]
            isOneToOne: false
            referencedRelation: "search_followers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "push_outbox_subscription_id_fkey"
            columns: ["subscription_id"]
            isOneToOne: false
            referencedRelation: "push_subscriptions"
            referencedColumns: ["id"]
          },
        ]
      }
      push_subscriptions: {
        Row: {
          id: string
          user_id: string
          endpoint: string
          p256dh: string
          auth: string
          created_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          endpoint: string
          p256dh: string
          auth: string
          created_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          endpoint?: string
          p256dh?: string
          auth?: string
          created_at?: string
        }
        Relationships: [

        ]
      }
      rate_limit_hits: {
        Row: {
          bucket: string
          window_start: string
          hits: number
        }
        Insert: {
          bucket: string
          window_start: string
          hits: number
        }
        Update: {
          bucket?: string
          window_start?: string
          hits?: number
        }
        Relationships: [

        ]
      }
      reunions: {
        Row: {
          id: string
          animal_id: string | null
          lost_since: string | null
          found_at: string
          channel: string | null
        }
        Insert: {
          id?: string
          animal_id?: string | null
          lost_since?: string | null
          found_at?: string
          channel?: string | null
        }
        Update: {
          id?: string
          animal_id?: string | null
          lost_since?: string | null
          found_at?: string
          channel?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "reunions_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      scan_events: {
        Row: {
          id: string
          animal_id: string
          code_id: string
          lat: number
          lon: number
          accuracy_m: number | null
          user_agent: string | null
          consent: boolean
          created_at: string
          client_hash: string | null
        }
        Insert: {
          id?: string
          animal_id: string
          code_id: string
          lat: number
          lon: number
          accuracy_m?: number | null
          user_agent?: string | null
          consent: boolean
          created_at?: string
          client_hash?: string | null
        }
        Update: {
          id?: string
          animal_id?: string
          code_id?: string
          lat?: number
          lon?: number
          accuracy_m?: number | null
          user_agent?: string | null
          consent?: boolean
          created_at?: string
          client_hash?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "scan_events_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "scan_events_code_id_fkey"
            columns: ["code_id"]
            isOneToOne: false
            referencedRelation: "codes"
            referencedColumns: ["id"]
          },
        ]
      }
      search_followers: {
        Row: {
          id: string
          search_id: string
          token: string
          language: string
          email: string | null
          address_hash: string | null
          endpoint: string | null
          p256dh: string | null
          auth: string | null
          confirmed_at: string | null
          told_until: string
          last_digest_at: string | null
          found_told_at: string | null
          created_at: string
        }
        Insert: {
          id?: string
          search_id: string
          token: string
          language?: string
          email?: string | null
          address_hash?: string | null
          endpoint?: string | null
          p256dh?: string | null
          auth?: string | null
          confirmed_at?: string | null
          told_until?: string
          last_digest_at?: string | null
          found_told_at?: string | null
          created_at?: string
        }
        Update: {
          id?: string
          search_id?: string
          token?: string
          language?: string
          email?: string | null
          address_hash?: string | null
          endpoint?: string | null
          p256dh?: string | null
          auth?: string | null
          confirmed_at?: string | null
          told_until?: string
          last_digest_at?: string | null
          found_told_at?: string | null
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "search_followers_search_id_fkey"
            columns: ["search_id"]
            isOneToOne: false
            referencedRelation: "searches"
            referencedColumns: ["id"]
          },
        ]
      }
      searches: {
        Row: {
          id: string
          animal_id: string
          started_at: string
          found_at: string | null
          description: string | null
          last_seen_at: string | null
          last_seen_place: string | null
          area_lat: number | null
          area_lon: number | null
          area_radius_m: number | null
          hide_name: boolean
          thanks: string | null
          species: string | null
        }
        Insert: {
          id?: string
          animal_id: string
          started_at?: string
          found_at?: string | null
          description?: string | null
          last_seen_at?: string | null
          last_seen_place?: string | null
          area_lat?: number | null
          area_lon?: number | null
          area_radius_m?: number | null
          hide_name?: boolean
          thanks?: string | null
          species?: string | null
        }
        Update: {
          id?: string
          animal_id?: string
          started_at?: string
          found_at?: string | null
          description?: string | null
          last_seen_at?: string | null
          last_seen_place?: string | null
          area_lat?: number | null
          area_lon?: number | null
          area_radius_m?: number | null
          hide_name?: boolean
          thanks?: string | null
          species?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "searches_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: true
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      sightings: {
        Row: {
          id: string
          search_id: string
          animal_id: string
          kind: string
          seen_at: string
          place: string | null
          words: string | null
          lat: number | null
          lon: number | null
          created_at: string
          hidden_at: string | null
          client_hash: string | null
          conversation_id: string | null
          photo_path: string | null
          reported_at: string | null
        }
        Insert: {
          id?: string
          search_id: string
          animal_id: string
          kind: string
          seen_at?: string
          place?: string | null
          words?: string | null
          lat?: number | null
          lon?: number | null
          created_at?: string
          hidden_at?: string | null
          client_hash?: string | null
          conversation_id?: string | null
          photo_path?: string | null
          reported_at?: string | null
        }
        Update: {
          id?: string
          search_id?: string
          animal_id?: string
          kind?: string
          seen_at?: string
          place?: string | null
          words?: string | null
          lat?: number | null
          lon?: number | null
          created_at?: string
          hidden_at?: string | null
          client_hash?: string | null
          conversation_id?: string | null
          photo_path?: string | null
          reported_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "sightings_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "sightings_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "sightings_search_id_fkey"
            columns: ["search_id"]
            isOneToOne: false
            referencedRelation: "searches"
            referencedColumns: ["id"]
          },
        ]
      }
      thefts: {
        Row: {
          id: string
          animal_id: string
          stolen_at: string
          place: string | null
          complaint_reference: string | null
          declared_at: string
          found_at: string | null
          search_id: string | null
        }
        Insert: {
          id?: string
          animal_id: string
          stolen_at: string
          place?: string | null
          complaint_reference?: string | null
          declared_at?: string
          found_at?: string | null
          search_id?: string | null
        }
        Update: {
          id?: string
          animal_id?: string
          stolen_at?: string
          place?: string | null
          complaint_reference?: string | null
          declared_at?: string
          found_at?: string | null
          search_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "thefts_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: true
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "thefts_search_id_fkey"
            columns: ["search_id"]
            isOneToOne: false
            referencedRelation: "searches"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      accept_animal_invitation: {
        Args: { p_token: string }
        Returns: Json
      }
      animal_household: {
        Args: { p_animal_id: string }
        Returns: Json
      }
      animal_invitation_offer: {
        Args: { p_token: string }
        Returns: Json
      }
      answer_conversation: {
        Args: { p_conversation_id: string; p_body: string }
        Returns: Json
      }
      block_conversation: {
        Args: { p_conversation_id: string }
        Returns: Json
      }
      claim_due_mails: {
        Args: { p_limit?: number }
        Returns: Json
      }
      claim_due_pushes: {
        Args: { p_limit?: number }
        Returns: Json
      }
      claim_found_matches: {
        Args: never
        Returns: Json
      }
      claim_found_notices: {
        Args: { p_limit?: number }
        Returns: Json
      }
      claim_found_report: {
        Args: { p_report_id: string; p_animal_id: string; p_words: string }
        Returns: Json
      }
      claim_health_reminders: {
        Args: { p_as_of?: string; p_days_before?: number; p_limit?: number }
        Returns: Json
      }
      claim_search_news: {
        Args: { p_limit?: number }
        Returns: Json
      }
      claim_suspension_notices: {
        Args: { p_limit?: number }
        Returns: Json
      }
      close_found_report: {
        Args: { p_id: string; p_token_hash: string }
        Returns: boolean
      }
      code_status: {
        Args: { p_code: string }
        Returns: string
      }
      delete_animal: {
        Args: { p_animal_id: string }
        Returns: string[]
      }
      delete_finder_conversation_message: {
        Args: { p_token: string; p_message_id: string }
        Returns: Json
      }
      delete_my_account_data: {
        Args: { p_email: string }
        Returns: Json
      }
      finder_conversation: {
        Args: { p_token: string }
        Returns: Json
      }
      finder_mail_for_claim: {
        Args: { p_conversation_id: string }
        Returns: Json
      }
      finder_mail_for_reply: {
        Args: { p_reply_id: string }
        Returns: Json
      }
      finder_mail_stop: {
        Args: { p_token: string; p_stop: boolean }
        Returns: string
      }
      finder_message_sent: {
        Args: { p_send_key: string }
        Returns: Json
      }
      finder_photo_folder: {
        Args: { p_code: string }
        Returns: string
      }
      follow_search: {
        Args: { p_search_id: string; p_email: string; p_endpoint: string; p_p256dh: string; p_auth: string; p_language: string }
        Returns: Json
      }
      found_reports_near_search: {
        Args: { p_search_id: string }
        Returns: Json
      }
      health_document_path: {
        Args: { p_document_id: string }
        Returns: Json
      }
      hit_rate_limit: {
        Args: { p_bucket: string; p_limit: number; p_window_seconds: number }
        Returns: boolean
      }
      invite_animal_member: {
        Args: { p_animal_id: string; p_email: string; p_role: string; p_access_until: string }
        Returns: Json
      }
      mark_messages_read: {
        Args: { p_animal_id: string }
        Returns: number
      }
      medal_info: {
        Args: { p_code: string }
        Returns: Json
      }
      mint_medal_codes: {
        Args: { p_codes: string[]; p_batch: string }
        Returns: Json
      }
      open_sighting_conversation: {
        Args: { p_sighting_id: string; p_language: string }
        Returns: string
      }
      operator_status: {
        Args: never
        Returns: Json
      }
      orphan_finder_photo_files: {
        Args: { p_limit?: number }
        Returns: string[]
      }
      orphan_found_photo_files: {
        Args: { p_limit?: number }
        Returns: string[]
      }
      orphan_health_document_files: {
        Args: { p_limit?: number }
        Returns: string[]
      }
      orphan_photo_files: {
        Args: { p_limit?: number }
        Returns: string[]
      }
      pass_finder_mail: {
        Args: { p_address: string; p_link: boolean }
        Returns: string
      }
      public_found_report: {
        Args: { p_id: string; p_token_hash?: string }
        Returns: Json
      }
      public_profile: {
        Args: { p_code: string }
        Returns: Json
      }
      public_profile_for_client: {
        Args: { p_code: string; p_client_hash: string; p_misses_per_minute: number; p_openings_per_minute?: number }
        Returns: Json
      }
      public_search: {
        Args: { p_id: string }
        Returns: Json
      }
      purge_old_scan_events: {
        Args: never
        Returns: number
      }
      push_targets: {
        Args: { p_animal_id: string; p_user_id?: string }
        Returns: Json
      }
      record_conversation_message: {
        Args: { p_token: string; p_message: string; p_send_key?: string }
        Returns: Json
      }
      record_finder_message: {
        Args: { p_code: string; p_message: string; p_contact: string; p_photo_path?: string; p_client_hash?: string; p_language?: string; p_finder_email?: string; p_status?: string; p_status_place?: string; p_seen_lat?: number; p_seen_lon?: number; p_seen_accuracy_m?: number; p_send_key?: string }
        Returns: Json
      }
      record_found_report: {
        Args: { p_species: string; p_found_at: string; p_place: string; p_lat: number; p_lon: number; p_description: string; p_words: string; p_language: string; p_token_hash: string; p_client_hash: string; p_per_day?: number; p_finder_email?: string; p_photos?: Json; p_mail_token_hash?: string }
        Returns: Json
      }
      record_lost_profile_view: {
        Args: { p_code: string; p_client_hash: string }
        Returns: Json
      }
      record_scan: {
        Args: { p_code: string; p_animal_id: string; p_lat: number; p_lon: number; p_accuracy: number; p_user_agent: string; p_client_hash: string }
        Returns: Json
      }
      record_schedule_run: {
        Args: { p_name: string; p_outcome: string }
        Returns: undefined
      }
      record_sighting: {
        Args: { p_search_id: string; p_kind: string; p_place: string; p_seen_at: string; p_words: string; p_lat: number; p_lon: number; p_client_hash: string; p_photo_path?: string }
        Returns: Json
      }
      refuse_animal_invitation: {
        Args: { p_token: string }
        Returns: Json
      }
      register_animal_with_code: {
        Args: { p_code: string; p_animal: Json }
        Returns: Json
      }
      remove_animal_member: {
        Args: { p_animal_id: string; p_user_id: string }
        Returns: Json
      }
      reorder_animal_photos: {
        Args: { p_animal_id: string; p_photo_ids: string[] }
        Returns: undefined
      }
      report_found_abuse: {
        Args: { p_id: string; p_client_hash: string; p_per_day?: number }
        Returns: string
      }
      retry_mail_later: {
        Args: { p_id: string; p_error: string }
        Returns: undefined
      }
      reunion_stats: {
        Args: { p_since?: string }
        Returns: Json
      }
      save_push_subscription: {
        Args: { p_endpoint: string; p_p256dh: string; p_auth: string }
        Returns: string
      }
      search_follow_by_token: {
        Args: { p_search_id: string; p_token: string; p_action: string }
        Returns: Json
      }
      set_animal_member_role: {
        Args: { p_animal_id: string; p_user_id: string; p_role: string; p_access_until: string }
        Returns: Json
      }
      set_medal_suspended: {
        Args: { p_code: string; p_suspended: boolean; p_reason?: string }
        Returns: Json
      }
      set_my_medal_suspended: {
        Args: { p_animal_id: string; p_suspended: boolean }
        Returns: Json
      }
      set_reunion_channel: {
        Args: { p_animal_id: string; p_channel: string }
        Returns: boolean
      }
      set_theft_page: {
        Args: { p_theft_id: string; p_public: boolean }
        Returns: Json
      }
      sighting_photo_folder: {
        Args: { p_search_id: string }
        Returns: string
      }
      unfollow_search_push: {
        Args: { p_search_id: string; p_endpoint: string }
        Returns: boolean
      }
      unread_message_counts: {
        Args: never
        Returns: { animal_id: string; unread: number }[]
      }
      want_finder_mail: {
        Args: { p_token: string }
        Returns: string
      }
      want_found_mail: {
        Args: { p_id: string; p_mail_token_hash: string }
        Returns: boolean
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type PublicSchema = Database['public']

export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row']
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert']
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update']
