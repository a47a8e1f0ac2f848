// The post form's schedule: published or draft, and the publication date in the agency's time
// (the zone saved in Availability, which the hint names); a published post dated ahead says when it
// will appear.
import { AdminChoiceField, AdminField } from '~/admin/admin-field';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { timeZoneLabel } from '~/i18n/zoned-time';
import { managerCopy } from './manager-copy';
import { PostChoice } from './post-choice';
import { momentFromInput } from './post-dates';
import { type PostFormErrors, type PostFormValues } from './post-rules';

const copy = managerCopy.form;

export function ScheduleFields({
  values,
  errors,
  onChange,
}: {
  values: PostFormValues;
  errors: PostFormErrors;
  onChange: (next: Partial<PostFormValues>) => void;
}) {
  const timeZone = useAdminTimeZone();
  const chosenMoment = momentFromInput(values.published_date, timeZone);
  const scheduledFor =
    values.is_published && chosenMoment && chosenMoment.getTime() > Date.now()
      ? formatAdminDateTime(chosenMoment.toISOString(), timeZone)
      : null;
  return (
    <>
      <AdminChoiceField label={copy.status}>
        {(control) => (
          <>
            <PostChoice
              {...control}
              name="is_published"
              value="true"
              checked={values.is_published}
              onChange={() => onChange({ is_published: true })}
            >
              {copy.published}
            </PostChoice>
            <PostChoice
              {...control}
              name="is_published"
              value="false"
              checked={!values.is_published}
              onChange={() => onChange({ is_published: false })}
            >
              {copy.draft}
            </PostChoice>
          </>
        )}
      </AdminChoiceField>

      <AdminField
        label={
          <>
            {copy.publishedDate} <span className="admin-field__optional">{copy.optional}</span>
          </>
        }
        hint={copy.publishedDateHint(values.is_published, timeZoneLabel(timeZone))}
        error={errors.published_date}
        after={
          <p className="admin-field__hint" role="status">
            {scheduledFor && copy.scheduledNote(scheduledFor)}
          </p>
        }
      >
        {(control) => (
          <input
            {...control}
            name="published_date"
            type="datetime-local"
            value={values.published_date}
            onChange={(e) => onChange({ published_date: e.target.value })}
          />
        )}
      </AdminField>
    </>
  );
}
