// How a meeting is booked: its length, the buffer kept free around it, the notice it needs, how
// many days ahead it may be, and the video link it is held on.
import { AdminField } from '~/admin/admin-field';
import { availabilityCopy as copy } from './availability-copy';
import type { AvailabilityPart } from './availability-values';

export function MeetingFields({ values, problems, set }: AvailabilityPart) {
  const numberField = (
    key: 'meetingMinutes' | 'bufferMinutes' | 'minimumNoticeHours' | 'horizonDays',
  ) => (
    <AdminField
      label={copy.labels[key]}
      hint={(copy.hints as Partial<Record<string, string>>)[key]}
      error={problems[key]}
    >
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={0}
          value={values[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </AdminField>
  );

  return (
    <fieldset className="admin-stack">
      <legend>
        <h2>{copy.sections.meetings}</h2>
      </legend>
      {numberField('meetingMinutes')}
      {numberField('bufferMinutes')}
      {numberField('minimumNoticeHours')}
      {numberField('horizonDays')}
      <AdminField
        label={copy.labels.meetingLink}
        hint={copy.hints.meetingLink}
        error={problems.meetingLink}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            value={values.meetingLink}
            onChange={(event) => set('meetingLink', event.target.value)}
          />
        )}
      </AdminField>
    </fieldset>
  );
}
