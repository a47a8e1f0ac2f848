// The banner on the admin pages while settings still hold app/config/site.ts's example values,
// for administrators, who can change them. It names each such setting and links to its field.
// Company details are a warning: every visitor reads them in the footer and the privacy policy.
// MailerLite's ids are a note: only the newsletter and guide pages need them. Nothing is shown
// once every setting is the agency's own. The root loader says which are placeholders.
import { Link } from 'react-router';
import { adminPaths } from '~/config/paths';
import type { AgencySettingKey } from '~/data/agency-settings';
import { useAgencySettings } from '~/ui/use-agency-settings';
import { adminCopy } from './copy';

type NamedSetting = keyof typeof adminCopy.settingNames;

const formIds: readonly AgencySettingKey[] = [
  'mailerLiteAccountId',
  'newsletterFormIdEn',
  'newsletterFormIdSv',
  'guideFormIdEn',
  'guideFormIdSv',
];

function SettingLinks({ keys }: { keys: NamedSetting[] }) {
  return (
    <ul className="admin-notice__fields" aria-label={adminCopy.banner.fieldsLabel}>
      {keys.map((key) => (
        <li key={key}>
          <Link to={adminPaths.setting(key)}>{adminCopy.settingNames[key]}</Link>
        </li>
      ))}
    </ul>
  );
}

export function PlaceholderBanner() {
  const { placeholders } = useAgencySettings();
  const named = placeholders.filter((key): key is NamedSetting => key in adminCopy.settingNames);
  const company = named.filter((key) => !formIds.includes(key));
  const forms = named.filter((key) => formIds.includes(key));
  if (company.length === 0 && forms.length === 0) return null;
  return (
    <div className="admin-banners">
      {company.length > 0 && (
        <div className="admin-notice" role="note">
          <p>{adminCopy.banner.company}</p>
          <SettingLinks keys={company} />
        </div>
      )}
      {forms.length > 0 && (
        <div className="admin-notice admin-notice--info" role="note">
          <p>{adminCopy.banner.forms}</p>
          <SettingLinks keys={forms} />
        </div>
      )}
    </div>
  );
}
