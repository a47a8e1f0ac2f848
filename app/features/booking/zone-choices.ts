// The time zones a visitor may show the times in, as people read them: a short list of likely
// zones first (the one shown, the agency's, the Nordic countries' and their neighbours'), then
// every other zone grouped by region, each as its city and offset ("Stockholm (UTC+01:00)").
// Formatting some 400 zones takes a few milliseconds, so the lists are kept per language and hour.
import type { Language } from '~/i18n/locale';
import { offsetAt } from '~/i18n/zoned-time';
import { locales } from './slot-days';

export interface ZoneOption {
  zone: string;
  label: string;
}

export interface ZoneChoices {
  likely: ZoneOption[];
  regions: Array<{ region: string; zones: ZoneOption[] }>;
}

/** Where the agency's visitors most likely are, after the zone shown and the agency's own. */
const LIKELY = [
  'Europe/Stockholm',
  'Europe/Oslo',
  'Europe/Copenhagen',
  'Europe/Helsinki',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Madrid',
];

const REGIONS: Record<Language, Record<string, string>> = {
  en: {
    Europe: 'Europe',
    America: 'Americas',
    Asia: 'Asia',
    Africa: 'Africa',
    Australia: 'Australia',
    Pacific: 'Pacific',
    Atlantic: 'Atlantic',
    Indian: 'Indian Ocean',
    Antarctica: 'Antarctica',
    Arctic: 'Arctic',
  },
  sv: {
    Europe: 'Europa',
    America: 'Amerika',
    Asia: 'Asien',
    Africa: 'Afrika',
    Australia: 'Australien',
    Pacific: 'Stilla havet',
    Atlantic: 'Atlanten',
    Indian: 'Indiska oceanen',
    Antarctica: 'Antarktis',
    Arctic: 'Arktis',
  },
};
const OTHER: Record<Language, string> = { en: 'Other', sv: 'Övriga' };

/** "Buenos Aires" for America/Argentina/Buenos_Aires, "UTC" for UTC. */
export function zoneCity(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

function offsetLabel(zone: string, at: number): string {
  const minutes = Math.round(offsetAt(at, zone) / 60_000);
  const sign = minutes < 0 ? '−' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `UTC${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}

const optionOf = (zone: string, at: number): ZoneOption => ({
  zone,
  label: `${zoneCity(zone)} (${offsetLabel(zone, at)})`,
});

const cache = new Map<string, ZoneChoices['regions']>();

function regionsOf(language: Language, at: number): ZoneChoices['regions'] {
  const hour = Math.floor(at / 3_600_000);
  const key = `${language}:${hour}`;
  const kept = cache.get(key);
  if (kept) return kept;
  const groups = new Map<string, ZoneOption[]>();
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const region = REGIONS[language][zone.split('/')[0]!] ?? OTHER[language];
    const list = groups.get(region) ?? [];
    list.push(optionOf(zone, at));
    groups.set(region, list);
  }
  const collator = new Intl.Collator(locales[language]);
  const regions = [...groups]
    .map(([region, zones]) => ({
      region,
      zones: zones.sort((a, b) => collator.compare(a.label, b.label)),
    }))
    .sort((a, b) => (a.region === OTHER[language] ? 1 : b.region === OTHER[language] ? -1 : 0));
  // Only the current hour's lists are worth keeping: one per language.
  for (const kept of cache.keys()) if (!kept.endsWith(`:${hour}`)) cache.delete(kept);
  cache.set(key, regions);
  return regions;
}

/** The zones offered: `shown` and `agency` first among the likely ones, then every other by region. */
export function zoneChoices(
  shown: string,
  agency: string,
  language: Language,
  at: number,
): ZoneChoices {
  const likely = [...new Set([shown, agency, ...LIKELY])].map((zone) => optionOf(zone, at));
  const first = new Set(likely.map((option) => option.zone));
  const regions = regionsOf(language, at)
    .map(({ region, zones }) => ({
      region,
      zones: zones.filter((option) => !first.has(option.zone)),
    }))
    .filter((group) => group.zones.length > 0);
  return { likely, regions };
}
