// How the form sends a request once it has passed validation. The page sends it from the browser
// through app/data/ with the browser's Supabase client; tests pass their own function.
import { useCallback, useEffect } from 'react';
import type * as ConsultationsModule from '~/data/consultations';
import type { ConsultationInput } from '~/data/consultations';
import type * as SupabaseModule from '~/data/supabase';
import { useSupabaseSettings } from '~/data/supabase-settings';

/** Stores the request; rejects with the server's message when it is refused or unreachable. */
export type SubmitConsultation = (input: ConsultationInput) => Promise<void>;

// supabase-js is most of the page's script: it loads after the page has hydrated, not before.
type DataModules = [typeof ConsultationsModule, typeof SupabaseModule];
let dataModules: Promise<DataModules> | undefined;

/** Loads once; a failed load (a network hiccup) is tried again on the next call. */
function loadDataModules(): Promise<DataModules> {
  dataModules ??= Promise.all([import('~/data/consultations'), import('~/data/supabase')]).catch(
    (error: unknown) => {
      dataModules = undefined;
      throw error;
    },
  );
  return dataModules;
}

/** Inserts through the browser's client, configured from the root loader's settings. */
export function useBrowserSubmitConsultation(): SubmitConsultation {
  const config = useSupabaseSettings();
  useEffect(() => {
    // Started early so a press on the button does not wait for it; a failure is retried then.
    loadDataModules().catch(() => {});
  }, []);
  return useCallback(
    async (input: ConsultationInput) => {
      if (!config) throw new Error('The site settings did not load. Please reload the page.');
      const [{ submitConsultation }, { getBrowserSupabase }] = await loadDataModules();
      await submitConsultation(getBrowserSupabase(config), input);
    },
    [config],
  );
}
