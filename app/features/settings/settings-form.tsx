// /admin/settings: the agency's details, checked beside each field as the table checks
// them, and saved in one row. Saving empties the page cache (server/app.ts), so the footer and the
// privacy policy show the new details at once.
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import {
  AgencySettingsRefused,
  agencySettingFields,
  agencySettingsFormValues,
  getSavedAgencySettings,
  saveAgencySettings,
  validateAgencySettings,
  type AgencySettingKey,
  type AgencySettings,
  type AgencySettingsProblems,
} from '~/data/agency-settings';
import type { AppSupabaseClient } from '~/data/supabase';
import { agencyFallbacks, agencyPlaceholderFields } from '~/config/site';
import { settingFieldId } from '~/config/paths';
import { LoadingStatus } from '~/ui/loading-status';
import { AdminField } from '~/admin/admin-field';
import { settingsCopy as copy } from './copy';
import { SubmitRow, useAction } from '~/admin/use-action';
import { useLoaded } from '~/admin/use-loaded';

const groups: Array<{ id: keyof typeof copy.sections; keys: AgencySettingKey[] }> = [
  {
    id: 'company',
    keys: ['legalName', 'organisationNumber', 'streetAddress', 'postalCode', 'city'],
  },
  { id: 'contact', keys: ['contactEmail', 'phone'] },
  { id: 'social', keys: ['facebookUrl', 'linkedinUrl', 'instagramUrl'] },
  {
    id: 'newsletter',
    keys: [
      'mailerLiteAccountId',
      'newsletterFormIdEn',
      'newsletterFormIdSv',
      'guideFormIdEn',
      'guideFormIdSv',
    ],
  },
];

const inputTypes: Partial<Record<AgencySettingKey, string>> = {
  contactEmail: 'email',
  phone: 'tel',
  facebookUrl: 'url',
  linkedinUrl: 'url',
  instagramUrl: 'url',
};

const placeholderKeys: readonly AgencySettingKey[] = agencyPlaceholderFields;

export function SettingsForm({
  client,
  defaults,
}: {
  client: AppSupabaseClient;
  /** What the site uses with nothing saved: the environment's values, then the fallbacks. */
  defaults: AgencySettings;
}) {
  const {
    value: values,
    setValue: setValues,
    error: loadError,
  } = useLoaded(
    async () => agencySettingsFormValues(await getSavedAgencySettings(client), defaults),
    [client, defaults],
  );
  const [problems, setProblems] = useState<AgencySettingsProblems>({});
  const action = useAction();
  // The root loader's view of the settings (the admin banner's placeholders) is read again.
  const revalidator = useRevalidator();
  // A link to one field (the placeholder banner's) lands on it once the form is there.
  const { hash } = useLocation();
  const loaded = values !== null;
  useEffect(() => {
    if (!loaded || !hash) return;
    const field = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (field instanceof HTMLInputElement) {
      field.scrollIntoView({ block: 'center' });
      field.focus();
    }
  }, [loaded, hash]);

  if (loadError)
    return (
      <p role="alert" className="admin-notice">
        {copy.loadFailed(loadError.message)}
      </p>
    );
  if (!values) return <LoadingStatus text={copy.loading} />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values) return;
    const found = validateAgencySettings(values);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      action.fail(copy.invalid);
      // The first field with a message, so a keyboard or screen-reader user lands on it.
      const first = event.currentTarget.querySelector<HTMLInputElement>('[aria-invalid="true"]');
      requestAnimationFrame(() => first?.focus());
      return;
    }
    void action.run(async () => {
      try {
        const saved = await saveAgencySettings(client, values);
        setValues(agencySettingsFormValues(saved, defaults));
        setProblems({});
        void revalidator.revalidate();
        return copy.saved;
      } catch (error) {
        if (error instanceof AgencySettingsRefused && error.field)
          setProblems({ [error.field]: error.message });
        throw error;
      }
    }, copy.failed);
  }

  return (
    <form className="admin-stack admin-narrow" noValidate onSubmit={submit}>
      {groups.map((group) => (
        <fieldset key={group.id} className="admin-stack">
          <legend>
            <h2>{copy.sections[group.id]}</h2>
          </legend>
          {group.id === 'newsletter' && <p className="admin-field__hint">{copy.newsletterHint}</p>}
          {group.keys.map((key) => {
            const hint: string | undefined = (copy.hints as Partial<Record<string, string>>)[key];
            const placeholder =
              placeholderKeys.includes(key) && defaults[key] === agencyFallbacks[key]
                ? copy.placeholderHint(String(agencyFallbacks[key]))
                : undefined;
            return (
              <AdminField
                key={key}
                id={settingFieldId(key)}
                label={copy.labels[key]}
                hint={[hint, placeholder].filter(Boolean).join(' ') || undefined}
                error={problems[key]}
              >
                {(control) => (
                  <input
                    {...control}
                    type={inputTypes[key] ?? 'text'}
                    name={agencySettingFields[key].column}
                    inputMode={agencySettingFields[key].rule === 'digits' ? 'numeric' : undefined}
                    required={agencySettingFields[key].empty === 'required'}
                    value={values[key]}
                    onChange={(event) => {
                      const value = event.target.value;
                      setValues((current) => current && { ...current, [key]: value });
                    }}
                  />
                )}
              </AdminField>
            );
          })}
        </fieldset>
      ))}
      <SubmitRow action={action} label={copy.save} busyLabel={copy.saving} />
    </form>
  );
}
