// How a lead's two mails (the agency's notification, the visitor's confirmation) were delivered,
// on the lead's page.
import type { LeadMail, LeadMailKind } from '~/data/consultation-mails';
import { leadsCopy as copy } from './copy';
import { describeMail } from './lead-words';
import { useAdminTimeZone } from '~/admin/admin-dates';

const mailKinds: LeadMailKind[] = ['agency_notification', 'visitor_confirmation'];

export function LeadMails({ mails }: { mails: LeadMail[] | 'loading' | 'failed' }) {
  const timeZone = useAdminTimeZone();
  return (
    <>
      <h2 className="lead-card__subheading">{copy.mails.heading}</h2>
      {mails === 'failed' ? (
        <p className="lead-card__mail-error">{copy.mails.loadFailed}</p>
      ) : (
        <dl className="lead-card__facts lead-card__facts--compact">
          {mailKinds.map((kind) => {
            const mail = mails === 'loading' ? undefined : mails.find((m) => m.kind === kind);
            return (
              <div key={kind}>
                <dt>{copy.mails.kinds[kind]}</dt>
                <dd className={mail ? `lead-mail lead-mail--${mail.status}` : 'lead-mail'}>
                  {mails === 'loading' ? (
                    <span aria-hidden="true">…</span>
                  ) : (
                    describeMail(mail, timeZone)
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </>
  );
}
