// The agency's details the root loader read for this page (app/data/agency-settings.ts).
import { useRouteLoaderData } from 'react-router';
import { agencySettingsOfRoot, type AgencySettingsState } from '~/data/agency-settings';

export function useAgencySettings(): AgencySettingsState {
  return agencySettingsOfRoot(useRouteLoaderData('root'));
}
