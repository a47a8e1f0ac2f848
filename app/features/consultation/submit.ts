// How the form sends a request once it has passed validation. The page sends it from the browser
// through app/data/ with the browser's Supabase client; tests pass their own function.
import { useCallback } from 'react';
import { useRouteLoaderData } from 'react-router';
import { submitConsultation, type ConsultationInput } from '~/data/consultations';
import { getBrowserSupabase } from '~/data/supabase';
import type { loader as rootLoader } from '~/root';

/** Stores the request; rejects with the server's message when it is refused or unreachable. */
export type SubmitConsultation = (input: ConsultationInput) => Promise<void>;

/** Inserts through the browser's client, configured from the root loader's settings. */
export function useBrowserSubmitConsultation(): SubmitConsultation {
  const config = useRouteLoaderData<typeof rootLoader>('root');
  return useCallback(
    async (input: ConsultationInput) => {
      if (!config) throw new Error('The site settings did not load. Please reload the page.');
      await submitConsultation(getBrowserSupabase(config), input);
    },
    [config],
  );
}
