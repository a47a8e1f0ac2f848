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
import { agencySettingsFromEnv, serverEnv, type ServerEnv } from './config.server';
import { logFailure } from './failures.server';
import { keptRead } from './kept-reads.server';
import { getServerSupabase } from './supabase.server';

let reading: Promise<AgencySettingsState> | undefined;

async function read(env: ServerEnv): Promise<AgencySettingsState> {
  const fromEnv = agencySettingsFromEnv(env);
  const defaults = effectiveAgencySettings(null, fromEnv);
  let saved = null;
  try {
    saved = await keptRead('agency settings', () => getSavedAgencySettings(getServerSupabase()));
  } catch (error) {
    // The footer is on every page: a page renders with the environment's details rather than fail.
    logFailure('Could not read the agency settings; using the environment’s', error, 'warn');
  }
  const settings = saved ? effectiveAgencySettings(saved, fromEnv) : defaults;
  return { settings, defaults, placeholders: placeholdersInUse(settings) };
}

/** `env`: the environment the caller has read already (the root loader's), else read here. */
export function loadAgencySettings(env?: ServerEnv): Promise<AgencySettingsState> {
  reading ??= read(env ?? serverEnv()).finally(() => {
    reading = undefined;
  });
  return reading;
}
