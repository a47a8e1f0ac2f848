// The banner on the admin pages while the site shows placeholder company details, for
// administrators, who can change them. The root loader says which settings are placeholders.
import { Link } from 'react-router';
import { adminPaths } from '~/config/paths';
import { useAgencySettings } from '~/ui/use-agency-settings';
import { adminCopy } from './copy';

export function PlaceholderBanner() {
  const { placeholders } = useAgencySettings();
  if (placeholders.length === 0) return null;
  return (
    <div className="admin-notice" role="note">
      <p>
        {adminCopy.banner.text} <Link to={adminPaths.settings}>{adminCopy.banner.link}</Link>
      </p>
    </div>
  );
}
