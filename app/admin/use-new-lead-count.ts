// The number of new leads, for the admin bar's Leads tab: loaded on mount, and again whenever
// the caller has changed a lead's status or deleted one.
import { useEffect } from 'react';
import { countNewLeads } from '~/data/consultations';
import type { AppSupabaseClient } from '~/data/supabase';
import { useLoaded } from './use-loaded';

export function useNewLeadCount(
  client: AppSupabaseClient,
  /** False for an editor, who has no Leads tab and may not count them. */
  enabled = true,
): {
  /** null until loaded, and when it cannot be (the tab then reads "Leads"). */
  newLeads: number | null;
  refreshNewLeads: () => void;
} {
  // The count stays on the tab while it is counted again.
  const { value, error, reload } = useLoaded(
    enabled ? () => countNewLeads(client) : null,
    [client, enabled],
    { keepWhileReloading: true },
  );
  useEffect(() => {
    // The tab still works without its count: logged, not shown.
    if (error) console.error('Could not count the new leads:', error);
  }, [error]);
  return { newLeads: value, refreshNewLeads: reload };
}
