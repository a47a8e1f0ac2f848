// The privacy policy as it stands now: the facts it is generated from, as its page
// reads them, and a short digest of its text, recorded with each cookie choice as the policy
// version the visitor chose under. The digest changes whenever the policy's text does: a tool
// switched on or off, the company's details, or the wording.
import { createHash } from 'node:crypto';
import { serverEnv } from '~/data/config.server';
import { loadAgencySettings } from '~/data/agency-settings.server';
import { privacyPolicyText } from './copy';
import { policyFactsFor, type PolicyFacts } from './processing-tools';

/** What the policy says today depends on: the company saved in /admin/settings and the tools. */
export async function loadPolicyFacts(): Promise<PolicyFacts> {
  const { settings, placeholders } = await loadAgencySettings();
  const env = serverEnv();
  return policyFactsFor({
    company: {
      legalName: settings.legalName,
      organisationNumber: settings.organisationNumber,
      streetAddress: settings.streetAddress,
      postalCode: settings.postalCode,
      city: settings.city,
      contactEmail: settings.contactEmail,
    },
    mailerLite: !placeholders.includes('mailerLiteAccountId'),
    mailDelivery: Boolean(env.SMTP_URL),
    metaPixel: Boolean(env.META_PIXEL_ID),
    metaConversionsApi: Boolean(env.META_PIXEL_ID && env.META_CAPI_TOKEN),
    clarity: Boolean(env.CLARITY_ID),
    visitStatistics: env.VISIT_STATISTICS === 'on',
  });
}

/** 16 hex digits of the SHA-256 of the policy's text in both languages. */
export function policyVersion(facts: PolicyFacts): string {
  const text = JSON.stringify([privacyPolicyText('en', facts), privacyPolicyText('sv', facts)]);
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
