// The admin frame for a page with nothing of its own to add to it (the team and account pages):
// AdminShell with the Leads tab's count of new leads, loaded here.
import type { ReactNode } from 'react';
import type { AppSupabaseClient } from '~/data/supabase';
import type { TeamRole } from '~/data/team';
import { AdminShell } from './admin-shell';
import { useNewLeadCount } from './use-new-lead-count';

export function AdminFrame({
  client,
  email,
  role,
  onSignOut,
  children,
}: {
  client: AppSupabaseClient;
  email: string;
  role: TeamRole;
  onSignOut: () => Promise<void>;
  children: ReactNode;
}) {
  const { newLeads } = useNewLeadCount(client, role === 'admin');
  return (
    <AdminShell email={email} role={role} onSignOut={onSignOut} newLeads={newLeads}>
      {children}
    </AdminShell>
  );
}
