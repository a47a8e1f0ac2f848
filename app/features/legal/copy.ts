// The privacy policy, in English and Swedish (docs/decisions/0004-copy-beside-each-feature.md),
// generated from the truth: the controller's details come from /admin/settings, and each processing
// tool is described only while it is in use (processing-tools.ts). The text of each language is in
// english-policy.ts and swedish-policy.ts, built from the blocks in policy-blocks.ts.
import type { Language } from '~/i18n/locale';
import { englishPolicy, type PrivacyPolicyCopy } from './english-policy';
import type { PolicyFacts } from './processing-tools';
import { swedishPolicy } from './swedish-policy';

export type { PrivacyPolicyCopy } from './english-policy';
export { policySectionIds, type Block, type Inline } from './policy-blocks';

/** The policy in one language, for what is configured. */
export function privacyPolicyText(language: Language, facts: PolicyFacts): PrivacyPolicyCopy {
  return language === 'sv' ? swedishPolicy(facts) : englishPolicy(facts);
}
