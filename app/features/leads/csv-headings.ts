// The leads CSV's header row in words the owner reads: English in the standard file (the admin's
// language), Swedish in the file made for Excel set to Swedish. A time column names the zone its
// values are in, so a spreadsheet's reader never guesses.
import type { Lead } from '~/data/consultations';
import type { AttributionField } from '~/visit/attribution';

type CsvColumn =
  | keyof Pick<
      Lead,
      | 'received_at'
      | 'status'
      | 'name'
      | 'email'
      | 'phone_number'
      | 'company_name'
      | 'problems'
      | 'additional_info'
      | 'how_found_us'
      | 'language'
      | 'notes'
      | 'created_at'
      | 'updated_at'
      | 'id'
    >
  | AttributionField;

const en = {
  received_at: 'Received',
  status: 'Status',
  name: 'Name',
  email: 'E-mail',
  phone_number: 'Phone',
  company_name: 'Company',
  problems: 'Problems to solve',
  additional_info: 'Additional information',
  how_found_us: 'Found us through',
  language: 'Form language',
  notes: 'Notes',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utm_term: 'UTM term',
  utm_content: 'UTM content',
  referrer: 'Referrer',
  landing_page: 'Landing page',
  created_at: 'Sent, visitor’s clock',
  updated_at: 'Last changed',
  id: 'Lead ID',
  /** A time column's heading with the zone of its values. */
  inZone: (heading: string, zone: string) => `${heading} (${zone})`,
} satisfies Record<CsvColumn, string> & { inZone: (heading: string, zone: string) => string };

export type CsvHeadings = typeof en;

const sv: CsvHeadings = {
  received_at: 'Mottagen',
  status: 'Status',
  name: 'Namn',
  email: 'E-post',
  phone_number: 'Telefon',
  company_name: 'Företag',
  problems: 'Problem att lösa',
  additional_info: 'Övrig information',
  how_found_us: 'Hittade oss via',
  language: 'Formulärets språk',
  notes: 'Anteckningar',
  utm_source: 'UTM-källa',
  utm_medium: 'UTM-medium',
  utm_campaign: 'UTM-kampanj',
  utm_term: 'UTM-term',
  utm_content: 'UTM-innehåll',
  referrer: 'Hänvisande sida',
  landing_page: 'Landningssida',
  created_at: 'Skickad, besökarens klocka',
  updated_at: 'Senast ändrad',
  id: 'Lead-id',
  inZone: (heading, zone) => `${heading} (${zone})`,
};

export const csvHeadings = { en, sv };
