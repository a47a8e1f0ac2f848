// The number of new leads, for the admin bar's Leads tab: loaded on mount, and again whenever
// the caller has changed a lead's status or deleted one.
import { useCallback, useEffect, useState } from 'react';
import { countNewLeads } from '~/data/consultations';
import type { AppSupabaseClient } from '~/data/supabase';

export function useNewLeadCount(
  client: AppSupabaseClient,
  /** False for an editor, who has no Leads tab and may not count them. */
  enabled = true,
): {
  /** null until loaded, and when it cannot be (the tab then reads "Leads"). */
  newLeads: number | null;
  refreshNewLeads: () => void;
} {
  const [newLeads, setNewLeads] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    countNewLeads(client).then(
      (count) => {
        if (current) setNewLeads(count);
      },
      (error: unknown) => {
        // The tab still works without its count: logged, not shown.
        console.error('Could not count the new leads:', error);
      },
    );
    return () => {
      current = false;
    };
  }, [client, enabled, generation]);

  const refreshNewLeads = useCallback(() => setGeneration((value) => value + 1), []);
  return { newLeads, refreshNewLeads };
}
