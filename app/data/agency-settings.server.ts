// The agency's details as the server-rendered pages read them: the saved row kept by the embedded
// server until a save empties the page cache (kept-reads.server.ts), the environment's details over
// it on every render, and concurrent reads of one render (the root's and the page's loader) share
// one request.
import {
  effectiveAgencySettings,
  getSavedAgencySettings,
  placeholdersInUse,
  type AgencySettingsState,
} from './agency-settings';
import { agencySettingsFromEnv } from './config.server';
import { logFailure } from './failures.server';
import { keptRead } from './kept-reads.server';
import { getServerSupabase } from './supabase.server';

let reading: Promise<AgencySettingsState> | undefined;

async function read(): Promise<AgencySettingsState> {
  const defaults = effectiveAgencySettings(null, agencySettingsFromEnv());
  let saved = null;
  try {
    saved = await keptRead('agency settings', () => getSavedAgencySettings(getServerSupabase()));
  } catch (error) {
    // The footer is on every page: a page renders with the environment's details rather than fail.
    logFailure('Could not read the agency settings; using the environment’s', error, 'warn');
  }
  const settings = saved ? effectiveAgencySettings(saved, agencySettingsFromEnv()) : defaults;
  return { settings, defaults, placeholders: placeholdersInUse(settings) };
}

export function loadAgencySettings(): Promise<AgencySettingsState> {
  reading ??= read().finally(() => {
    reading = undefined;
  });
  return reading;
}
