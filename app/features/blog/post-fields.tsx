// The post form's plain text fields: the title, the summary the blog list and search results show,
// and the author's byline.
import { AdminField } from '~/admin/admin-field';
import { managerCopy } from './manager-copy';

const copy = managerCopy.form;

interface TextFieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

export function TitleField({ value, error, onChange }: TextFieldProps) {
  return (
    <AdminField label={copy.title} error={error}>
      {(control) => (
        <input
          {...control}
          name="title"
          type="text"
          maxLength={300}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </AdminField>
  );
}

export function SummaryField({ value, error, onChange }: TextFieldProps) {
  return (
    <AdminField label={copy.summary} error={error}>
      {(control) => (
        <textarea
          {...control}
          name="summary"
          rows={3}
          maxLength={1000}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </AdminField>
  );
}

export function AuthorField({ value, error, onChange }: TextFieldProps) {
  return (
    <AdminField label={copy.author} error={error}>
      {(control) => (
        <input
          {...control}
          name="author"
          type="text"
          maxLength={200}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </AdminField>
  );
}
